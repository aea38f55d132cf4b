import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import {
  closeOverduePrograms,
  createProgramsService,
  enrollInDefaultProgram,
  type ExpertLookup,
} from './service.js';

/** How often enrolments past their end date are closed (also once at start). */
const CLOSE_OVERDUE_EVERY_MS = 60 * 60 * 1000;

/**
 * Wires the programs service to the app's database and file storage. `findExperts` comes from the
 * experts feature through app.ts. Also schedules the closing of overdue enrolments.
 */
export function createProgramsFeature(app: FastifyInstance, options: { findExperts: ExpertLookup }) {
  const service = createProgramsService({
    db: app.db,
    storage: app.storage,
    appUrl: app.config.APP_URL,
    shareKey: createHmac('sha256', app.config.ENCRYPTION_KEY).update('liftoff share links').digest('hex'),
    findExperts: options.findExperts,
  });
  const closeOverdue = () =>
    closeOverduePrograms(app.db).catch((error) =>
      app.log.error({ err: error }, 'closing overdue programs failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await closeOverdue();
    timer = setInterval(() => void closeOverdue(), CLOSE_OVERDUE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return {
    service,
    /** For the auth feature's onProfileCompleted hook: enrols in the default program inside its transaction. */
    onProfileCompleted: async (tx: DbOrTx, userId: string) => void (await enrollInDefaultProgram(tx, userId)),
  };
}
