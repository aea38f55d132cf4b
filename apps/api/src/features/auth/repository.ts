import type { User } from '@liftoff/contracts/auth';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { PrincipalRecord } from '../../plugins/auth-guard.js';
import { backupCodes, oneTimeCodes, refreshTokens, users, type CodePurpose } from './tables.js';

type UserRow = typeof users.$inferSelect;

/** The API's user shape; the password hash and the two-factor secret never leave this module. */
export function toUser(row: Pick<UserRow, Exclude<keyof typeof standingColumns, 'startupId'>>): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    verified: row.verified,
    twoFactorEnabled: row.twoFactorEnabled,
    twoFactorMethod: row.twoFactorEnabled ? row.twoFactorMethod : null,
    profileCompleted: row.profileCompleted,
    profileImageUrl: row.profileImageUrl,
    tutorialCompleted: row.tutorialCompletedAt !== null,
    meta: row.meta as User['meta'],
    roles: row.roles,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/**
 * What a caller's standing reads from their user row: what the guard checks, and the user `/auth/me` answers,
 * so that call needs no second read. One line per column; the guard's `PrincipalRecord` names the same.
 */
const standingColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  verified: users.verified,
  twoFactorEnabled: users.twoFactorEnabled,
  twoFactorMethod: users.twoFactorMethod,
  profileCompleted: users.profileCompleted,
  profileImageUrl: users.profileImageUrl,
  tutorialCompletedAt: users.tutorialCompletedAt,
  meta: users.meta,
  roles: users.roles,
  createdAt: users.createdAt,
  // The caller's startup, whose program they work (decision 063); by its key, in the same read.
  startupId: sql<string | null>`(select m.startup_id from startup_members m where m.user_id = users.id)`,
};

/**
 * The auth guard's read of a caller's standing, prepared once: every signed-in request makes it, and building
 * the query each time cost about as much as the indexed read itself (PostgreSQL also parses it only once per
 * connection). The same statement asks whether the token's session is still open (a refresh-token family
 * with a row not revoked), so a signed-out or revoked session is refused at once, in the same round trip.
 * Null when the user is gone or the session is closed.
 */
export function principalReader(db: Db) {
  const query = db
    .select({
      ...standingColumns,
      // Spelled out: inside a selection Drizzle names columns without their table, which a subquery misreads.
      sessionOpen: sql<boolean>`exists (select 1 from refresh_tokens r
        where r.family_id = ${sql.placeholder('sid')} and r.user_id = users.id and r.revoked_at is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_principal');
  return async (id: string, sid: string): Promise<PrincipalRecord | null> => {
    if (!isUuid(id) || !isUuid(sid)) return null;
    const [row] = await query.execute({ id, sid });
    if (!row?.sessionOpen) return null;
    // Named one by one rather than spread from the row: see `PrincipalRecord`.
    return {
      id: row.id,
      email: row.email,
      verified: row.verified,
      twoFactorEnabled: row.twoFactorEnabled,
      roles: row.roles,
      startupId: row.startupId,
      user: toUser(row),
    };
  };
}

/**
 * A caller's standing without a session: for personal API tokens, which stand for their owner rather than a
 * signed-in device. Null when the user is gone.
 */
export function standingReader(db: Db) {
  const query = db
    .select(standingColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_standing');
  return async (id: string): Promise<PrincipalRecord | null> => {
    if (!isUuid(id)) return null;
    const [row] = await query.execute({ id });
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      verified: row.verified,
      twoFactorEnabled: row.twoFactorEnabled,
      roles: row.roles,
      startupId: row.startupId,
      user: toUser(row),
    };
  };
}

/**
 * The channel on which every change to a user row or to one of their sessions (refresh tokens) is notified with
 * the user's id, or '*' when either table is truncated.
 */
export const STANDING_CHANNEL = 'user_standing';

/**
 * Installs the triggers that notify STANDING_CHANNEL (decision 015). Run at start on the embedded database
 * only, as idempotent statements rather than a migration, so PostgreSQL's schema and writes are untouched.
 */
export async function notifyStandingChanges(db: Db) {
  const statements = [
    `create or replace function liftoff_user_standing_changed() returns trigger language plpgsql as $$
     begin
       perform pg_notify('${STANDING_CHANNEL}',
                         case when tg_op = 'TRUNCATE' then '*' else coalesce(new.id, old.id)::text end);
       return null;
     end $$`,
    `create or replace trigger users_standing_changed after insert or update or delete on users
       for each row execute function liftoff_user_standing_changed()`,
    `create or replace trigger users_standing_truncated after truncate on users
       for each statement execute function liftoff_user_standing_changed()`,
    // A session opened, rotated or revoked changes whether its access tokens still work.
    `create or replace function liftoff_session_standing_changed() returns trigger language plpgsql as $$
     begin
       perform pg_notify('${STANDING_CHANNEL}',
                         case when tg_op = 'TRUNCATE' then '*' else coalesce(new.user_id, old.user_id)::text end);
       return null;
     end $$`,
    `create or replace trigger refresh_tokens_standing_changed after insert or update or delete on refresh_tokens
       for each row execute function liftoff_session_standing_changed()`,
    `create or replace trigger refresh_tokens_standing_truncated after truncate on refresh_tokens
       for each statement execute function liftoff_session_standing_changed()`,
    // Joining or leaving a startup changes whose program the caller works (the standing's startup id).
    `create or replace trigger startup_members_standing_changed after insert or update or delete on startup_members
       for each row execute function liftoff_session_standing_changed()`,
    `create or replace trigger startup_members_standing_truncated after truncate on startup_members
       for each statement execute function liftoff_session_standing_changed()`,
  ];
  // One statement per call: a prepared query takes one.
  for (const statement of statements) await db.execute(sql.raw(statement));
}

export function usersRepository(db: DbOrTx) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    /** Inserts the user, or answers undefined when the e-mail is taken (a unique index decides races). */
    async insert(values: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      verified?: boolean;
      profileCompleted?: boolean;
      meta?: Record<string, unknown>;
    }) {
      const [row] = await db
        .insert(users)
        .values({
          ...values,
          email: values.email.toLowerCase(),
          verifiedAt: values.verified ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /**
     * Records an accepted TOTP time step unless that step (or a later one) was accepted before: false means
     * the code is a replay. The condition makes two simultaneous uses of one code let exactly one through.
     */
    async acceptTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ twoFactorLastStep: step })
        .where(and(eq(users.id, id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    async update(id: string, values: Partial<Omit<UserRow, 'id' | 'createdAt'>>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export function codesRepository(db: DbOrTx) {
  return {
    async create(userId: string, purpose: CodePurpose, codeHash: string, ttlSeconds: number) {
      const [row] = await db
        .insert(oneTimeCodes)
        .values({
          userId,
          purpose,
          codeHash,
          expiresAt: new Date(Date.now() + ttlSeconds * 1000),
          createdAt: new Date(),
        })
        .returning();
      return row!;
    },
    /** The newest code of that purpose still open (not consumed), expired or not. */
    async latestOpen(userId: string, purpose: CodePurpose) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },
    async latestCreatedAt(userId: string, purpose: CodePurpose): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row?.createdAt;
    },
    async findOpenByHash(purpose: CodePurpose, codeHash: string) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.purpose, purpose),
            eq(oneTimeCodes.codeHash, codeHash),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      return row;
    },
    /** Counts a wrong try; answers the new count, or undefined if the code was closed meanwhile. */
    async addAttempt(id: string): Promise<number | undefined> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
        .returning({ attempts: oneTimeCodes.attempts });
      return row?.attempts;
    },
    /** Uses the code up; false when another request used it first (single use under concurrency). */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.consumedAt),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },
    async closeAll(userId: string, purpose: CodePurpose) {
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
    },
  };
}

export function refreshTokensRepository(db: DbOrTx) {
  return {
    async create(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      twoFactorAuthenticated: boolean;
      userAgent?: string | null;
      ip?: string | null;
      expiresAt: Date;
    }) {
      await db.insert(refreshTokens).values(values);
    },
    async findByHash(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    /** Marks the token rotated; false when it was rotated already (a reuse, possibly a race). */
    async markRotated(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(
          and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    /**
     * The second factor was passed in this session: every row of the family now says so, and the token that
     * was presented before is retired (presenting it again counts as reuse).
     */
    async markFamilyTwoFactor(familyId: string): Promise<boolean> {
      const live = await db
        .update(refreshTokens)
        .set({ twoFactorAuthenticated: true })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (live.length === 0) return false;
      await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.familyId, familyId),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
          ),
        );
      return true;
    },
    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllOfUser(userId: string, exceptFamilyId?: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
          ),
        );
    },
    async deleteExpired() {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date()));
    },
  };
}

export function backupCodesRepository(db: DbOrTx) {
  return {
    /** Replaces every backup code of the user with the new set. */
    async replace(userId: string, codeHashes: string[]) {
      await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
      if (codeHashes.length)
        await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },
    async deleteAll(userId: string) {
      await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
    },
    /** Uses the code up; false when it is unknown or was used already (also by a simultaneous request). */
    async use(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(backupCodes)
        .set({ usedAt: new Date() })
        .where(
          and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)),
        )
        .returning({ id: backupCodes.id });
      return rows.length === 1;
    },
    async remaining(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(backupCodes)
        .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
      return Number(row?.count ?? 0);
    },
  };
}
