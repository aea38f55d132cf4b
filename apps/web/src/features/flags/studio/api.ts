import type { StudioFlag } from '@liftoff/contracts/flags';
import { api } from '../../../lib/api';

export const studioFlagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    studioFlags: build.query<StudioFlag[], void>({
      query: () => ({ url: '/studio/flags', method: 'GET', headerType: 'authorization' }),
      extraOptions: { silent: true },
      providesTags: ['StudioFlags'],
    }),
    switchFlag: build.mutation<StudioFlag, { key: string; isEnabled: boolean }>({
      query: ({ key, isEnabled }) => ({
        url: `/studio/flags/${encodeURIComponent(key)}`,
        method: 'PUT',
        body: { isEnabled },
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      // The app's own flag reads (the AI workspace in the navigation) follow the switch too.
      invalidatesTags: ['StudioFlags', 'Flags', 'Audit'],
    }),
  }),
});

export const { useStudioFlagsQuery, useSwitchFlagMutation } = studioFlagsApi;
