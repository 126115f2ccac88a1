// Preloaded into a child `node` by the memory tests: at exit, writes the process's peak resident set
// (VmHWM, in kB, Linux) to the file named by PEAK_RSS_FILE.
import { readFileSync, writeFileSync } from 'node:fs';

process.on('exit', () => {
  const target = process.env.PEAK_RSS_FILE;
  if (!target) return;
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  if (match) writeFileSync(target, match[1]);
});
