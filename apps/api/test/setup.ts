import { afterEach } from 'vitest';
import { takeContractViolations } from './helpers/response-contract.js';

// The answers each test got that the OpenAPI document does not describe (helpers/response-contract.ts).
afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length)
    throw new Error(`Answers the OpenAPI document does not describe:\n${violations.join('\n')}`);
});
