import type { Expert } from '@liftoff/contracts/experts';
import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { experts, type ExpertRow } from './tables.js';

export type ExpertValues = Omit<typeof experts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function toExpert(row: ExpertRow): Expert {
  return {
    id: row.id,
    key: row.key,
    authType: row.authType,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    phoneNumber: row.phoneNumber,
    profileImageUrl: row.profileImageUrl,
    expertMeta: [row.expertMeta],
  };
}

export function expertsRepository(db: DbOrTx) {
  return {
    async list(): Promise<ExpertRow[]> {
      return db.select().from(experts).orderBy(asc(experts.lastName), asc(experts.firstName));
    },
    async findByKeys(keys: string[]): Promise<ExpertRow[]> {
      if (!keys.length) return [];
      return db.select().from(experts).where(inArray(experts.key, keys));
    },
    /** Inserts or refreshes the expert with this key; its id and createdAt never change. */
    async upsert(values: ExpertValues): Promise<void> {
      await db
        .insert(experts)
        .values(values)
        .onConflictDoUpdate({
          target: experts.key,
          set: {
            authType: sql`excluded.auth_type`,
            email: sql`excluded.email`,
            firstName: sql`excluded.first_name`,
            lastName: sql`excluded.last_name`,
            gender: sql`excluded.gender`,
            phoneNumber: sql`excluded.phone_number`,
            profileImageUrl: sql`excluded.profile_image_url`,
            expertMeta: sql`excluded.expert_meta`,
            bookingUrl: sql`excluded.booking_url`,
            availability: sql`excluded.availability`,
            updatedAt: sql`now()`,
          },
        });
    },
  };
}
