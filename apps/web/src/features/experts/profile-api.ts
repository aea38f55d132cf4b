import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { MyProfile, ProfileSettings } from '@liftoff/contracts/experts-profile';
import { api, type ApiExtra } from '../../lib/api';

const auth = 'authorization';
const base = api.enhanceEndpoints({ addTagTypes: ['MyProfile'] });

/** The expert's own profile in the portal; a saved profile is kept by later content imports. */
export const profileApi = base.injectEndpoints({
  endpoints: (build) => ({
    myProfile: build.query<MyProfile, void>({
      query: () => ({ url: '/expert-portal/profile', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['MyProfile'],
    }),
    saveProfile: build.mutation<MyProfile, ProfileSettings>({
      query: (body) => ({ url: '/expert-portal/profile', method: 'PUT', headerType: auth, body }),
      // Field errors are shown beside their fields; the toast names the success only.
      extraOptions: { silent: true, successToast: true },
      invalidatesTags: ['MyProfile'],
    }),
  }),
});

export const { useMyProfileQuery, useSaveProfileMutation } = profileApi;

type Thunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

/** Uploads the expert's photo (multipart field `file`); a thunk, since a File does not belong in the store. */
export function uploadExpertPhoto(file: File): Thunk<MyProfile> {
  return async (dispatch, _getState, { http }) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const response = await http.request<{ data: MyProfile }>({
      url: '/expert-portal/profile/photo',
      method: 'POST',
      headerType: 'file',
      body,
    });
    // The page shows the new photo from the profile the API answers next.
    dispatch(profileApi.util.invalidateTags(['MyProfile']));
    return response.data.data;
  };
}
