import type {
  ChangeEmailBody,
  ChangeEmailResult,
  ConfirmEmailChangeResult,
  DeleteAccountBody,
} from '@liftoff/contracts/auth-account';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api, errorMessage } from '../../lib/api';
import type { ApiExtra } from '../../lib/api';
import { HttpError } from '../../lib/http-client';
import { saveBlob } from '../../lib/save-blob';

/** The account itself: a new address, the data export, deleting it (decision 041). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeEmail: build.mutation<ChangeEmailResult, ChangeEmailBody>({
      query: (body) => ({ url: '/auth/email-change', method: 'POST', headerType: 'authorization', body }),
      // A wrong password or a taken address is shown on its field, once.
      extraOptions: { fallbackError: 'The address could not be changed', silent: true },
    }),
    confirmEmailChange: build.mutation<ConfirmEmailChangeResult, { token: string }>({
      query: (body) => ({ url: '/auth/email-change/confirm', method: 'POST', headerType: 'public', body }),
      extraOptions: { fallbackError: 'The link could not be checked', silent: true },
    }),
    deleteAccount: build.mutation<unknown, DeleteAccountBody>({
      query: (body) => ({
        url: '/auth/account/delete',
        method: 'POST',
        headerType: 'authorization',
        body,
      }),
      extraOptions: { fallbackError: 'The account could not be deleted', silent: true },
    }),
  }),
});

export const { useChangeEmailMutation, useConfirmEmailChangeMutation, useDeleteAccountMutation } = accountApi;

type Thunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

/**
 * Downloads the founder's data (it needs the bearer token, so a plain link cannot fetch it) and saves it.
 * Answers null when saved, else the message to show where the founder asked for it.
 */
export function downloadAccountData(): Thunk<string | null> {
  return async (_dispatch, _getState, { http }) => {
    try {
      const response = await http.request<Blob>({
        url: '/auth/account/export',
        method: 'GET',
        headerType: 'authorization',
        responseType: 'blob',
      });
      saveBlob(response.data, `liftoff-data-${new Date().toISOString().slice(0, 10)}.json`);
      return null;
    } catch (error) {
      const data = error instanceof HttpError ? (error.data as { message?: unknown } | null) : null;
      return typeof data?.message === 'string'
        ? data.message
        : errorMessage(error, 'Your data could not be downloaded. Please try again.');
    }
  };
}
