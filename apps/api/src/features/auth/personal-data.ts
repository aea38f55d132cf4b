import type { DbOrTx } from '../../db/client.js';

/** A file the founder handed in: the storage key holding its bytes, and how the export names it. */
export interface PersonalFile {
  id: string;
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/**
 * What another domain holds of one founder, handed to auth by app.ts (features never import each other):
 * its sections of the data export, the files whose bytes live in storage, and what deleting the account
 * must remove beyond the cascade of decision 008.
 */
export interface PersonalDataSource {
  sections?(userId: string): Promise<Record<string, unknown>>;
  files?(userId: string, on?: DbOrTx): Promise<PersonalFile[]>;
  /** The files whose bytes go with the account, when not all of `files` do (shared ones stay); default `files`. */
  filesDeleted?(userId: string, on?: DbOrTx): Promise<PersonalFile[]>;
  /**
   * Runs in the deletion's transaction; may answer what to do once it has committed (tell other people of
   * what the deletion changed: events are published after the commit, never before).
   */
  forget?(tx: DbOrTx, userId: string, email: string): Promise<void | (() => void)>;
}
