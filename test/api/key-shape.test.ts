// The API key's shape, judged before any request: what cannot be a key is refused naming RECON_API_KEY
// (never showing the key); the keys the sandbox and the tests use all pass.
import { describe, expect, it } from 'vitest';
import { keyShapeProblem, keyShapeWarning } from '../../src/api/key-shape.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';

const TAIL = 'SECRETKEY1234567890abcdef';

describe('the API key shape', () => {
  it.each([
    ['blank', '   ', /is set but blank/],
    ['a Windows line end', `test_${TAIL}\r`, /starts or ends with a space or a line break/],
    ['a leading space', ` test_${TAIL}`, /starts or ends with a space/],
    ['a line break inside', `test_${TAIL}\nlive_${TAIL}`, /control character or a line break/],
    ['a typographic quote', `test_${TAIL}\u201d`, /outside ASCII/],
    ['double quotes around it', `"test_${TAIL}"`, /wrapped in quotes/],
    ['single quotes around it', `'test_${TAIL}'`, /wrapped in quotes/],
    ['a header name in front', `api_key: test_${TAIL}`, /header or variable name before the key/],
    ['a Bearer scheme', `Bearer test_${TAIL}`, /header or variable name before the key/],
    ['the variable assignment', `RECON_API_KEY=test_${TAIL}`, /header or variable name before the key/],
  ])('refuses %s, naming RECON_API_KEY and never the key', (_name, key, reason) => {
    const problem = keyShapeProblem(key);
    expect(problem).toMatch(reason);
    expect(problem).toMatch(/^RECON_API_KEY /);
    expect(problem).not.toContain(TAIL);
  });

  it.each([
    ['a sandbox key as the sandbox makes it', `test_${'ab12'.repeat(6)}`],
    ['a production key', `live_${TAIL}`],
    ['a key with spaces and quotes inside (the hostile-service test key)', `test_Hx9 "q'Zt2-Lm7 Pw4Rk8Vn3Jy6`],
    ['a short test key', 'test_k3y'],
  ])('accepts %s without a warning', (_name, key) => {
    expect(keyShapeProblem(key)).toBeUndefined();
    expect(keyShapeWarning(key)).toBeUndefined();
  });

  it('sends a key without the test_/live_ prefix, with a warning', () => {
    expect(keyShapeProblem(TAIL)).toBeUndefined();
    const warning = keyShapeWarning(TAIL);
    expect(warning === undefined ? '' : sayLog('en', warning)).toMatch(/does not start with test_ or live_/);
  });
});
