// The flags Node runs recon with are one list (src/cli/node-flags.ts): every place that starts recon
// for a user carries all of them, so the memory the README promises is the memory a night gets.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../src/cli/node-flags.ts';

const flags = NODE_FLAGS.join(' ');
const readme = readFileSync('README.md', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

describe('the flags Node runs recon with', () => {
  it.each([
    ['the shebang of bin/recon.js', readFileSync('bin/recon.js', 'utf8').split('\n')[0] ?? '', `#!/usr/bin/env -S node ${flags}`],
    ['npm start', pkg.scripts['start'] ?? '', `node ${flags} bin/recon.js`],
    ["the README's crontab line", readme.split('\n').find((l) => l.includes('30 2 * * *')) ?? '', `node ${flags} bin/recon.js`],
    ["the README's systemd ExecStart", readme.split('\n').find((l) => l.startsWith('ExecStart=')) ?? '', `/usr/bin/node ${flags} /srv/recon/bin/recon.js`],
  ])('%s carries them', (_place, line, expected) => {
    expect(line).toContain(expected);
  });

  it('are flags Node takes', () => {
    expect(NODE_FLAGS.length).toBeGreaterThan(0);
    for (const flag of NODE_FLAGS) expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0] ?? '')).toBe(true);
  });
});
