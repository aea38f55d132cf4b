import { cleanup, configure } from '@testing-library/react';
import { installValidationMessages } from '@liftoff/contracts/validation-messages';
import { afterEach } from 'vitest';

// Screens load lazily; on a busy two-core CI machine the first lazy chunk can take well over the
// default one second to transform, so findBy* waits up to ten.
configure({ asyncUtilTimeout: 10_000 });

// As main.tsx does, so forms show the same field messages as in the browser.
installValidationMessages();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
