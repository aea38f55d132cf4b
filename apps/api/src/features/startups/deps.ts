import type { AppEvent } from '@liftoff/contracts/events';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import type { StartupRow } from './repository.js';

export const INVITATION_TTL_DAYS = 14;
export const DAY = 86_400_000;

/** A person as the startup shows them, from the auth room through app.ts. */
export interface Person {
  id: string;
  email: string;
  name: string;
}

/** Who is asking (the guard's principal: only its id and roles matter here). */
export interface Caller {
  userId: string;
  roles: readonly string[];
}

export interface StartupsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
  people: {
    byIds(ids: string[]): Promise<Person[]>;
    byEmail(email: string): Promise<Person | null>;
  };
  /** The founders a member of the program team reaches: 'all' for admins, else those of their cohorts. */
  teamReach(caller: Caller): Promise<string[] | 'all'>;
  publish(event: AppEvent): void;
  /**
   * Copies the startup's company answers into its members' onboarding answers, where the specification's
   * founder API reads them (the auth room's, through app.ts), in the caller's transaction.
   */
  copyAnswers(tx: DbOrTx, userIds: string[], answers: CompanyAnswers): Promise<void>;
}

/** The startup's fields as onboarding's answers name them. */
export interface CompanyAnswers {
  startupName: string;
  stage: string | null;
  industry: string | null;
}

export const answersOf = (row: StartupRow): CompanyAnswers => ({
  startupName: row.name,
  stage: row.stage,
  industry: row.industry,
});

/** What a membership change did, so the caller can tell people once its transaction has committed. */
export interface Departure {
  startup: StartupRow;
  /** The member who became owner because the owner left; null when the owner stayed or none is left. */
  newOwnerId: string | null;
  /** The leaver was the last member: the startup is gone. */
  deleted: boolean;
}

export const onlyOwner = () => new AppError(403, 'FORBIDDEN', "Only the startup's owner can do this.");
