import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { paths } from '../../config/paths';
import { clearSessionEnded, sessionHasEnded } from '../../lib/session-ended';
import type { SignInCheck, SignInField, SignInValues } from './pages/sign-in-validation';

/*
 * What the two sign-in screens share: the light one the boot module shows on a first visit
 * (pages/light-sign-in-page.tsx, no MUI, store or router) and the one inside the app (pages/sign-in-page.tsx).
 * Both say the same words and check, send and finish the form the same way; only how they look and how they
 * send the login differ. Nothing here may import MUI, the store or the router: it is first-load code.
 */

export const signInText = {
  title: 'Welcome back',
  intro: 'Sign in to pick up where you left off.',
  email: 'E-mail',
  password: 'Password',
  forgotPassword: 'Forgot your password?',
  submit: 'Sign in',
  newHere: 'New to Liftoff?',
  signUp: 'Create an account',
  sessionEnded: 'Your session has ended.',
  /** What a failed sign-in says when the server sends no message (spec section 8). */
  failed: 'Login failed',
} as const;

const loadValidation = () => import('./pages/sign-in-validation');

/** Fetches the form's rules ahead of the submit, so pressing Sign in does not wait for them. */
const prefetchSignInValidation = () => void loadValidation().catch(() => undefined);

/**
 * The contract's rules (./pages/sign-in-validation), fetched when first needed: zod is not first-load code.
 * Should they not load (offline), the form goes through unchecked: the server checks it too, and the failure
 * shows as it would without this step. (No form library either: two fields do not need one.)
 */
async function check(values: SignInValues): Promise<SignInCheck> {
  try {
    return (await loadValidation()).checkSignIn(values);
  } catch {
    return { data: values, errors: {} };
  }
}

/**
 * Where a sign-in lands: the page the guard sent the founder away from (navigation state), else the overview.
 * Only a path of this app: an address like `//elsewhere.example/x` is a page of another site to the browser,
 * which refuses to put it in this page's history (and must not be sent there).
 */
export function signInTarget(navigationState: unknown): string {
  const from = (navigationState as { from?: unknown } | null | undefined)?.from;
  const ownPath = typeof from === 'string' && /^\/(?![/\\])/.test(from);
  return ownPath && from !== paths.signIn ? from : paths.overview;
}

/** Sends the checked values; resolves to the failure's message, or null once signed in. */
export type SendLogin = (values: SignInValues) => Promise<string | null>;

/**
 * The form's state and behaviour. Messages appear when the form is sent; from then on each change checks its
 * field again. On success the session-ended note is cleared and `onSignedIn` goes on to `target`.
 */
export function useSignInForm({
  sendLogin,
  target,
  onSignedIn,
}: {
  sendLogin: SendLogin;
  target: string;
  onSignedIn: (target: string) => void;
}) {
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [errors, setErrors] = useState<SignInCheck['errors']>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  // Read when the screen opens: the note is about how the founder got here.
  const [sessionEnded] = useState(sessionHasEnded);

  const values = (): SignInValues => ({
    email: fields.email.current?.value ?? '',
    password: fields.password.current?.value ?? '',
  });

  const recheck = (field: SignInField) => () => {
    if (!sent.current) return;
    void check(values()).then((result) =>
      setErrors((shown) => ({ ...shown, [field]: result.errors[field] })),
    );
  };

  const submit = async () => {
    sent.current = true;
    const result = await check(values());
    setErrors(result.errors);
    if (!result.data) {
      // As a form library would: the first field with a message takes the focus.
      fields[result.errors.email ? 'email' : 'password'].current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const message = await sendLogin(result.data);
    if (message !== null) {
      setFailure(message);
      setBusy(false);
      return;
    }
    // Still busy: the screen is on its way out.
    clearSessionEnded();
    onSignedIn(target);
  };

  return {
    fields,
    errors,
    busy,
    /** The server's message for the last attempt; shown in place of the session-ended note. */
    failure,
    sessionEnded,
    recheck,
    /** For the form element: named, checked here rather than by the browser, rules fetched at the first key. */
    formProps: {
      noValidate: true,
      'aria-label': signInText.submit,
      onInput: prefetchSignInValidation,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit();
      },
    },
  };
}
