/**
 * A founder's first minutes, written as a program team would write them against a client generated from the
 * served OpenAPI document. `served-api.d.ts` does not exist in the repository: typed-client.test.ts
 * generates it from /api/docs/json next to a copy of this file and type-checks the pair with `tsc`, so this
 * file is left out of the API's own typecheck (tsconfig.json `exclude`).
 */
import type { Client } from 'openapi-fetch';
import type { components, paths } from './served-api.js';

type ApiError = components['schemas']['ApiError'];

export interface WalkResult {
  signedUp: { verified: boolean };
  verified: { verified: boolean };
  wrongPassword: { status: number; code: ApiError['code'] | undefined };
  programs: string[];
  answer: {
    conversationId: string;
    userMessageId: string;
    responseId: string;
    content: string;
    followUpQuestions: string[];
  };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

function ok<T>(result: { data?: T; error?: ApiError; response: Response }, what: string): T {
  if (result.data === undefined)
    throw new Error(`${what}: ${result.response.status} ${result.error?.code} ${result.error?.message}`);
  return result.data;
}

export async function walk(
  client: Client<paths>,
  founder: { email: string; password: string },
  /** Reads the verification code from the mail the API sent (the development outbox). */
  mailedCode: (email: string) => Promise<string>,
): Promise<WalkResult> {
  const signup = ok(
    await client.POST('/api/auth/signup', {
      body: { firstName: 'Grace', lastName: 'Hopper', email: founder.email, password: founder.password },
    }),
    'sign-up',
  );

  const verified = ok(
    await client.POST('/api/auth/verify-email', {
      headers: auth(signup.data.token),
      body: { code: await mailedCode(founder.email) },
    }),
    'verify',
  );

  // A wrong password is refused with a typed error the client can tell apart by its code.
  const refused = await client.POST('/api/auth/login', {
    body: { email: founder.email, password: `${founder.password}-wrong` },
  });

  const session = ok(
    await client.POST('/api/auth/login', { body: { email: founder.email, password: founder.password } }),
    'sign-in',
  ).data;
  const headers = auth(session.token);
  const id = session.user.id;

  // Onboarding enrols the founder in the default program.
  ok(
    await client.PUT('/api/user/{id}/meta', {
      params: { path: { id } },
      headers,
      body: { meta: { startupName: 'Compiler Co', stage: 'Idea', industry: 'B2B SaaS' } },
    }),
    'meta',
  );
  ok(
    await client.PATCH('/api/user/update-user/{id}', {
      params: { path: { id } },
      headers,
      body: { profileCompleted: true },
    }),
    'profile',
  );

  const programs = ok(await client.GET('/api/userProgram/programs', { headers }), 'programs').data;

  // Without `Accept: text/event-stream` the coach answers in one JSON envelope (api-contract.md); the document
  // says it may also answer the event stream, so the client tells the two apart.
  const coach = ok(
    await client.POST('/api/ai/chat/completion', {
      headers: { ...headers, Accept: 'application/json' },
      body: { input: 'How do I find people to interview this week?' },
    }),
    'coach',
  );
  if (typeof coach === 'string') throw new Error('coach: an event stream where JSON was asked for');
  const answer = coach.data;

  return {
    signedUp: { verified: signup.data.user.verified },
    verified: { verified: verified.data.user.verified },
    wrongPassword: { status: refused.response.status, code: refused.error?.code },
    programs: programs.map((program) => program.name),
    answer: {
      conversationId: answer.conversationId,
      userMessageId: answer.userMessageId,
      responseId: answer.responseId,
      content: answer.content,
      followUpQuestions: answer.followUpQuestions,
    },
  };
}

/** Calls the generated types must refuse: if they decayed to `any`, these directives would be unused errors. */
export function refusedByTheTypes(client: Client<paths>) {
  return [
    // @ts-expect-error: the API has no such path
    () => client.GET('/api/no-such-path'),
    // @ts-expect-error: signing in needs a password
    () => client.POST('/api/auth/login', { body: { email: 'founder@example.com' } }),
    // @ts-expect-error: a milestone's id is a path parameter
    () => client.GET('/api/userMilestone/{id}', {}),
  ];
}
