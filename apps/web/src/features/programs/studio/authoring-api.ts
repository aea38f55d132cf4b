import type { ProgramChoice } from '@liftoff/contracts/cohorts';
import type {
  ProgramDocument,
  ProgramDraft,
  ProgramVersion,
  importPackBody,
  importPackResult,
  programPack,
  publishResult,
} from '@liftoff/contracts/programs-authoring';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { z } from 'zod';
import { api, type ApiExtra } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

const auth = 'authorization';
const base = api.enhanceEndpoints({ addTagTypes: ['ProgramDraft', 'ProgramVersions'] });
const segment = encodeURIComponent;

export type PublishResult = z.infer<typeof publishResult>;
export type ImportPackBody = z.infer<typeof importPackBody>;
export type ImportPackResult = z.infer<typeof importPackResult>;
export type ProgramPack = z.infer<typeof programPack>;

/**
 * The studio's program authoring (decision 042): the draft the team edits, publishing it as a version, and
 * packs in and out. The screens show failures inline (field errors next to their field), so calls are silent.
 */
export const authoringApi = base.injectEndpoints({
  endpoints: (build) => ({
    /* The same list the cohort dialog reads; its own name here because features keep their endpoints apart. */
    authoredPrograms: build.query<ProgramChoice[], void>({
      query: () => ({ url: '/studio/programs', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['ProgramVersions'],
    }),
    programVersions: build.query<ProgramVersion[], string>({
      query: (key) => ({ url: `/studio/programs/${segment(key)}/versions`, method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: (_result, _error, key) => [{ type: 'ProgramVersions', id: key }],
    }),
    programDraft: build.query<ProgramDraft, string>({
      query: (key) => ({ url: `/studio/programs/${segment(key)}/draft`, method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: (_result, _error, key) => [{ type: 'ProgramDraft', id: key }],
    }),
    saveProgramDraft: build.mutation<ProgramDraft, { key: string; document: ProgramDocument }>({
      query: ({ key, document }) => ({
        url: `/studio/programs/${segment(key)}/draft`,
        method: 'PUT',
        headerType: auth,
        body: document,
      }),
      extraOptions: { silent: true, successToast: true },
      async onQueryStarted({ key }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authoringApi.util.upsertQueryData('programDraft', key, data));
        } catch {
          // The editor shows the refusal next to the fields.
        }
      },
      invalidatesTags: ['Audit'],
    }),
    publishProgram: build.mutation<PublishResult, { key: string; summary: string }>({
      query: ({ key, summary }) => ({
        url: `/studio/programs/${segment(key)}/publish`,
        method: 'POST',
        headerType: auth,
        body: { summary },
      }),
      // The editor says what publishing did (the version, the founders moved), so no toast repeats it.
      extraOptions: { silent: true },
      invalidatesTags: ['ProgramVersions', 'ProgramDraft', 'Audit'],
    }),
    importProgramPack: build.mutation<ImportPackResult, ImportPackBody>({
      query: (body) => ({ url: '/studio/programs/import', method: 'POST', headerType: auth, body }),
      // The dialog says what the import did.
      extraOptions: { silent: true },
      invalidatesTags: ['ProgramVersions', 'ProgramDraft', 'Audit'],
    }),
  }),
});

export const {
  useAuthoredProgramsQuery,
  useProgramVersionsQuery,
  useProgramDraftQuery,
  useSaveProgramDraftMutation,
  usePublishProgramMutation,
  useImportProgramPackMutation,
} = authoringApi;

/** Downloads one version as a pack file (`<key>-v<version>.json`); the export needs the bearer token. */
export function exportVersion(
  key: string,
  version: number,
): ThunkAction<Promise<void>, unknown, ApiExtra, UnknownAction> {
  return async (_dispatch, _getState, { http }) => {
    const response = await http.request<{ data: ProgramPack }>({
      url: `/studio/programs/${segment(key)}/versions/${version}/export`,
      method: 'GET',
      headerType: auth,
    });
    const text = `${JSON.stringify(response.data.data, null, 2)}\n`;
    saveBlob(new Blob([text], { type: 'application/json' }), `${key}-v${version}.json`);
  };
}
