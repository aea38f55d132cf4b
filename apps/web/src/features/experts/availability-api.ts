import type { Availability } from '@liftoff/contracts/experts';
import type {
  AvailabilityPreviewQuery,
  AvailabilitySettings,
  MyAvailability,
} from '@liftoff/contracts/experts-availability';
import { api } from '../../lib/api';

const auth = 'authorization';
const base = api.enhanceEndpoints({ addTagTypes: ['MyAvailability'] });

/** The expert's own availability settings and the preview of their slots (docs/decisions/024). */
export const availabilityApi = base.injectEndpoints({
  endpoints: (build) => ({
    myAvailability: build.query<MyAvailability, void>({
      query: () => ({ url: '/expert-portal/availability', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['MyAvailability'],
    }),
    saveAvailability: build.mutation<MyAvailability, AvailabilitySettings>({
      query: (body) => ({ url: '/expert-portal/availability', method: 'PUT', headerType: auth, body }),
      // Field errors are shown beside their fields; the toast names the success only.
      extraOptions: { silent: true, successToast: true },
      invalidatesTags: ['MyAvailability'],
    }),
    availabilityPreview: build.query<Availability, AvailabilityPreviewQuery>({
      query: (params) => ({
        url: '/expert-portal/availability/preview',
        method: 'GET',
        headerType: auth,
        params,
      }),
      extraOptions: { silent: true },
      providesTags: ['MyAvailability'],
    }),
  }),
});

export const { useMyAvailabilityQuery, useSaveAvailabilityMutation, useLazyAvailabilityPreviewQuery } =
  availabilityApi;
