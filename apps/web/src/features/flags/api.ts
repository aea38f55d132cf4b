import type { FeatureFlag } from '@liftoff/contracts/flags';
import { FLAG_WORKSPACE_AI } from '@liftoff/contracts/flag-keys';
import { api } from '../../lib/api';

export const flagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    featureFlags: build.query<FeatureFlag[], void>({
      query: () => ({ url: '/feature-flags', method: 'GET', headerType: 'authorization' }),
      providesTags: ['Flags'],
    }),
  }),
});

export const { useFeatureFlagsQuery } = flagsApi;

export function isFlagEnabled(flags: readonly FeatureFlag[] | undefined, key: string): boolean {
  return flags?.some((flag) => flag.key === key && flag.isEnabled) ?? false;
}

export const isWorkspaceAiEnabled = (flags: readonly FeatureFlag[] | undefined) =>
  isFlagEnabled(flags, FLAG_WORKSPACE_AI);
