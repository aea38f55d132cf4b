import { z } from 'zod';

export const featureFlag = z.object({ key: z.string(), isEnabled: z.boolean() });
export type FeatureFlag = z.infer<typeof featureFlag>;
export const featureFlags = z.array(featureFlag);

export { FLAG_WORKSPACE_AI } from './flag-keys.js';
export const flagsMessage = 'Feature Flags Fetched Successfully.';

/** A flag as the studio shows it: what it guards, and when it last changed. */
export const studioFlag = featureFlag.extend({ description: z.string(), updatedAt: z.string() });
export type StudioFlag = z.infer<typeof studioFlag>;
export const studioFlags = z.array(studioFlag);

export const flagKeyParams = z.object({ key: z.string().trim().min(1).max(80) });
export const setFlagBody = z.object({ isEnabled: z.boolean() });
export type SetFlagBody = z.infer<typeof setFlagBody>;
