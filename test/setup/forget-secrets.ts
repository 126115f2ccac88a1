// Setup file of the projects whose test files share a process (vitest's isolate: false): the secrets one
// file registered (the keys of its sandboxes and configs) are forgotten when it ends, so that another
// file's output is not redacted by them (an authorization code that shares six digits with a key).
import { afterAll } from 'vitest';
import { forgetSecrets } from '../../src/shared/redact.ts';

afterAll(forgetSecrets);
