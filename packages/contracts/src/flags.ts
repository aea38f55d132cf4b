import { z } from 'zod';

export const featureFlag = z.object({ key: z.string(), isEnabled: z.boolean() });
export type FeatureFlag = z.infer<typeof featureFlag>;
export const featureFlags = z.array(featureFlag);

export const FLAG_WORKSPACE_AI = 'workspace_ai';
export const flagsMessage = 'Feature Flags Fetched Successfully.';
