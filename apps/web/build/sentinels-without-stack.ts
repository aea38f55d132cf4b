import type { Plugin } from 'vite';

/**
 * RTK Query and React DOM each make errors when their modules are evaluated: sentinels they throw or reject
 * with and recognise by identity (RTK Query's when a cache entry goes away before its data came; React DOM's
 * five for a suspended render, a hydration mismatch and the like). Making an `Error` records a stack trace,
 * and in a browser with a debugger attached (DevTools, Lighthouse, the browser journeys) that needs the
 * source positions of the function making it: here the top level of a whole chunk, or React DOM's factory of
 * about 200 KB, which V8 parses again to find them. For RTK Query's alone that took a phone's CPU
 * (Chromium's 4× slowdown) 125–200 ms in the middle of evaluating the app (decisions 060 and 061). A
 * browser with no debugger pays next to nothing, so the time is not a founder's; but the audits that
 * measure the app pay it on every load, and it hid what the app itself costs.
 *
 * Nobody reads these sentinels' stacks, so they are made without one: an object with `Error.prototype` and
 * the same message, no stack trace recorded. The build fails unless each statement is found exactly once: an
 * upgrade that changed one should be looked at again.
 */
type MadeAtLoad = { library: string; module: RegExp; errors: { made: string; message: string }[] };

export const MADE_AT_LOAD: MadeAtLoad[] = [
  {
    library: 'RTK Query',
    module: /[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]rtk-query\.[a-z.]*m?js$/,
    errors: [
      {
        made: 'new Error("Promise never resolved before cacheEntryRemoved.")',
        message: '"Promise never resolved before cacheEntryRemoved."',
      },
    ],
  },
  {
    library: 'React DOM',
    module: /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/,
    // Hydration mismatch, suspense, suspensey commit, suspended action, selective hydration.
    errors: [519, 460, 474, 542, 461].map((code) => ({
      made: `Error(formatProdErrorMessage(${code}))`,
      message: `formatProdErrorMessage(${code})`,
    })),
  },
];

/** `code` with each of `library`'s errors made at load made without a stack trace. */
export function withoutStackAtLoad(code: string, { library, errors }: MadeAtLoad): string {
  return errors.reduce((rewritten, { made, message }) => {
    const at = rewritten.indexOf(made);
    if (at < 0 || rewritten.indexOf(made, at + made.length) >= 0)
      throw new Error(
        `${library} no longer makes '${made}' once at load: look at build/sentinels-without-stack.ts again`,
      );
    const withoutStack = `Object.assign(Object.create(Error.prototype), { message: ${message} })`;
    return rewritten.slice(0, at) + withoutStack + rewritten.slice(at + made.length);
  }, code);
}

export function sentinelsWithoutStack(): Plugin {
  return {
    name: 'liftoff-sentinels-without-stack',
    apply: 'build',
    transform(code, id) {
      const library = MADE_AT_LOAD.find(({ module }) => module.test(id));
      return library ? { code: withoutStackAtLoad(code, library), map: null } : null;
    },
  };
}
