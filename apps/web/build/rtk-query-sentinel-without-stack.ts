import type { Plugin } from 'vite';

/**
 * RTK Query makes one error when its module is evaluated, a sentinel it rejects with when a cache entry goes away
 * before its data came. Making an `Error` records a stack trace, and in a browser with a debugger attached
 * (DevTools, Lighthouse, the browser journeys) that needs the source positions of the function making it: here
 * the top level of the chunk RTK Query travels in, the app's 400 KB 'frame'. Reparsing it for them took a
 * phone's CPU 125–200 ms in the middle of evaluating the app (decision 060). A browser with no debugger pays
 * next to nothing, so the time is not a founder's; but the audits that measure the app pay it on every load,
 * and it hid what the app itself costs.
 *
 * The sentinel is only compared by identity and thrown into a promise nobody reads its stack from, so it is
 * made without one: an object with `Error.prototype`, the same message, and no stack trace recorded.
 * The build fails if the statement is not found: an upgrade that changed it should be looked at again.
 */
const MODULE = /[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]rtk-query\.[a-z.]*m?js$/;
const MESSAGE = 'Promise never resolved before cacheEntryRemoved.';
const MADE_AT_LOAD = `new Error("${MESSAGE}")`;

export function withoutStackAtLoad(code: string): string {
  if (!code.includes(MADE_AT_LOAD))
    throw new Error(
      `RTK Query no longer makes '${MADE_AT_LOAD}' at load: look at build/rtk-query-sentinel-without-stack.ts again`,
    );
  return code.replace(
    MADE_AT_LOAD,
    `Object.assign(Object.create(Error.prototype), { message: ${JSON.stringify(MESSAGE)} })`,
  );
}

export function rtkQuerySentinelWithoutStack(): Plugin {
  return {
    name: 'liftoff-rtk-query-sentinel-without-stack',
    apply: 'build',
    transform(code, id) {
      return MODULE.test(id) ? { code: withoutStackAtLoad(code), map: null } : null;
    },
  };
}
