import type { UpdateUserBody, User, UserMeta } from '@liftoff/contracts/auth';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth-guard.js';
import { companyAnswerKeys, type CompanyAnswers } from './company-answers.js';
import { toUser, usersRepository } from './repository.js';

/** What the rest of the app may add to completing a profile (handed in by app.ts). */
export interface ProfileHooks {
  /** Runs in the transaction that completes a profile (the programs feature enrols the user here). */
  onProfileCompleted?: (tx: DbOrTx, userId: string) => Promise<void>;
  /**
   * Runs in the transaction of a meta write that gave company answers (`companyAnswerKeys`): they are the
   * startup's, so the startups room takes them (and copies them to the other members).
   */
  onCompanyAnswers?: (tx: DbOrTx, userId: string, answers: Partial<CompanyAnswers>) => Promise<void>;
}

/** Only the caller's own id is visible; any other id answers 404 (no existence leak). */
function ownId(principal: Principal, id: string) {
  if (principal.userId !== id) throw notFound('User not found');
}

/**
 * The signed-in person's own account: reading it, and changing its profile and onboarding answers. Completing
 * the profile is checked here (every required answer given) and happens once.
 */
export function createOwnAccount(deps: ProfileHooks & { db: Db }) {
  const { db } = deps;

  return {
    /** The guard's standing read already holds the user: this call makes no read of its own. */
    me(principal: Principal): User {
      return principal.user;
    },

    async updateUser(principal: Principal, id: string, changes: UpdateUserBody): Promise<User> {
      ownId(principal, id);
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const current = await users.findById(id);
        if (!current) throw notFound('User not found');
        const next = { ...current, ...changes };
        const completing = changes.profileCompleted === true && !current.profileCompleted;
        if (completing) {
          const meta = next.meta as UserMeta;
          const missing = [
            !next.firstName && 'firstName',
            !next.lastName && 'lastName',
            !meta.startupName && 'meta.startupName',
            !meta.stage && 'meta.stage',
            !meta.industry && 'meta.industry',
          ].filter((field): field is string => Boolean(field));
          if (missing.length) {
            throw new AppError(
              400,
              'PROFILE_INCOMPLETE',
              `To complete your profile, add: ${missing.join(', ')}.`,
              missing.map((path) => ({ path, message: 'Required to complete the profile' })),
            );
          }
        }
        if (changes.profileCompleted === false && current.profileCompleted) {
          throw badRequest('A completed profile cannot be marked incomplete.', [
            { path: 'profileCompleted', message: 'Cannot be undone' },
          ]);
        }
        const updated = await users.update(id, changes);
        if (completing) await deps.onProfileCompleted?.(tx, id);
        return toUser(updated!);
      });
    },

    /** Merges the answers into the saved meta (a null removes a key), so nothing saved earlier is lost. */
    async updateMeta(principal: Principal, id: string, meta: UserMeta): Promise<User> {
      ownId(principal, id);
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const current = await users.findById(id);
        if (!current) throw notFound('User not found');
        const merged: Record<string, unknown> = { ...current.meta };
        for (const [key, value] of Object.entries(meta)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        const updated = await users.update(id, { meta: merged });
        const company = companyAnswerKeys.filter((key) => key in meta);
        if (company.length && deps.onCompanyAnswers) {
          const answers = Object.fromEntries(company.map((key) => [key, meta[key] ?? null]));
          await deps.onCompanyAnswers(tx, id, answers);
          // The startup may have given back a fuller copy (its name when the write removed it).
          return toUser((await users.findById(id))!);
        }
        return toUser(updated!);
      });
    },
  };
}
