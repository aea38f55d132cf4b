import type { PeoplePage, PeopleQuery, Person, Role } from '@liftoff/contracts/auth';
import { api } from '../../../lib/api';

export const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    people: build.query<PeoplePage, Partial<PeopleQuery>>({
      query: (query) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query))
          if (value !== undefined && value !== '') params.set(key, String(value));
        return { url: `/studio/people?${params}`, method: 'GET', headerType: 'authorization' };
      },
      extraOptions: { silent: true },
      providesTags: ['People'],
    }),
    grantRole: build.mutation<Person, { id: string; role: Role }>({
      query: ({ id, role }) => ({
        url: `/studio/people/${encodeURIComponent(id)}/roles/${role}`,
        method: 'PUT',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['People', 'Audit'],
    }),
    revokeRole: build.mutation<Person, { id: string; role: Role }>({
      query: ({ id, role }) => ({
        url: `/studio/people/${encodeURIComponent(id)}/roles/${role}`,
        method: 'DELETE',
        headerType: 'authorization',
      }),
      extraOptions: { successToast: true },
      invalidatesTags: ['People', 'Audit'],
    }),
  }),
});

export const { usePeopleQuery, useGrantRoleMutation, useRevokeRoleMutation } = peopleApi;
