import type { Envelope } from '@liftoff/contracts/common';

/** The success envelope of the API contract. */
export const ok = <T>(message: string, data: T): Envelope<T> => ({ message, data });
