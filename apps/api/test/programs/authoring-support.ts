import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import type { App } from '../../src/app.js';
import { bearer } from '../helpers/accounts.js';

export const KEY = 'venture-foundations';

/** Calls the studio's program authoring routes as `token`. */
export function studio(app: App, token: string) {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  return {
    draft: (key = KEY) => call('GET', `/api/studio/programs/${key}/draft`),
    saveDraft: (document: object, key = KEY) => call('PUT', `/api/studio/programs/${key}/draft`, document),
    publish: (summary: string, key = KEY) => call('POST', `/api/studio/programs/${key}/publish`, { summary }),
    versions: (key = KEY) => call('GET', `/api/studio/programs/${key}/versions`),
    exportVersion: (version: number, key = KEY) =>
      call('GET', `/api/studio/programs/${key}/versions/${version}/export`),
    importPack: (body: object) => call('POST', '/api/studio/programs/import', body),
  };
}

/** A deep copy to edit, so the document read from the API stays as it was. */
export const copyOf = (document: ProgramDocument): ProgramDocument => structuredClone(document);
