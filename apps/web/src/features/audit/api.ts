import type { AuditPage, AuditQuery } from '@liftoff/contracts/audit';
import { api } from '../../lib/api';

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditPage, Partial<AuditQuery>>({
      query: (query) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query))
          if (value !== undefined && value !== '') params.set(key, String(value));
        return { url: `/studio/audit?${params}`, method: 'GET', headerType: 'authorization' };
      },
      extraOptions: { silent: true },
      providesTags: ['Audit'],
    }),
  }),
});

export const { useAuditLogQuery } = auditApi;
