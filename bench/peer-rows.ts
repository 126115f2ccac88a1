// The one-day rows of the bench: recon's one-day job (import the day's export, reconcile, write the
// reports) against the peer, bench/peer/one_day.py, the pandas + xlsxwriter script a user would
// otherwise write, on the same data in the same run. The peer gets the synced warehouse's payments as
// CSV files (written before any timing) and the same orders export; its per-category counts are held
// against recon's and any difference is printed, without failing the bench. The peer's Python
// packages come from Debian (apt-get install, when missing); when they cannot be had, the peer's rows
// say why and the bench goes on.
import { spawnSync } from 'node:child_process';
import { FINDING_CATEGORIES } from '../src/shared/domain.ts';
import { END, ZONE } from './tasks/common.ts';
import { medianResult, n, runJson, task, type Result, type Row } from './measure.ts';

/** Debian's interpreter: apt's python3-* packages are importable there, not in a pyenv or venv python3. */
const PYTHON = '/usr/bin/python3';
const PEER = 'bench/peer/one_day.py';
const APT = '/usr/bin/apt-get';
const PACKAGES = ['python3-pandas', 'python3-xlsxwriter'];

export interface OneDayRequest {
  runs: number;
  /** A folder holding the synced warehouse (recon.duckdb); copied, never written. */
  synced: string;
  ordersFile: string;
  /** A fresh folder for each name (holding a copy of the synced warehouse when asked). */
  freshDir: (name: string, from?: string) => string;
}

export async function measureOneDay(request: OneDayRequest): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const { runs, synced, ordersFile, freshDir } = request;
  const missing = peerPackages();
  if (missing) process.stderr.write(`  peer: skipped, ${missing}\n`);
  const inputs = freshDir('peer-inputs');
  if (!missing) await task('peer-inputs', ['--dir', synced, '--out', inputs]);
  // Alternated, so that a burst of load elsewhere on the machine hits both.
  const recon: Result[] = [];
  const peer: Result[] = [];
  for (let i = 0; i < runs; i++) {
    recon.push(await task('one-day', ['--dir', freshDir(`one-day-${i}`, synced), '--orders', ordersFile]));
    process.stderr.write(`  one-day run ${i + 1}/${runs}: recon ${n(recon[i] as Result, 'seconds').toFixed(2)} s`);
    if (!missing) {
      const args = [
        PEER,
        '--date',
        END,
        '--zone',
        ZONE,
        '--orders',
        ordersFile,
        '--transactions',
        `${inputs}/transactions.csv`,
        '--operations',
        `${inputs}/operations.csv`,
        '--out',
        freshDir(`peer-${i}`),
      ];
      peer.push(await runJson(PYTHON, args, 'peer'));
      process.stderr.write(`, peer ${n(peer[i] as Result, 'seconds').toFixed(2)} s`);
    }
    process.stderr.write('\n');
  }
  const mine = medianResult(recon, 'seconds');
  const rows: Row[] = [
    {
      step: `one day: import ${n(mine, 'orders')} orders, reconcile, reports (recon)`,
      value: `${n(mine, 'seconds').toFixed(2)} s (import ${n(mine, 'importSeconds').toFixed(2)}, reconcile ${n(mine, 'reconcileSeconds').toFixed(2)}, reports ${n(mine, 'reportSeconds').toFixed(2)}: ${perReport(mine)})`,
      rss: mine.peakRssMb,
      target: '',
      ok: true,
    },
  ];
  if (missing) {
    rows.push({ step: 'one day: the peer (pandas + xlsxwriter)', value: `skipped: ${missing}`, rss: 0, target: '', ok: true });
    return { rows, results: { oneDayRecon: mine } };
  }
  const theirs = medianResult(peer, 'seconds');
  const speedUp = n(theirs, 'seconds') / n(mine, 'seconds');
  const agreement = countAgreement(mine, theirs);
  rows.push(
    {
      step: `one day: the peer, ${versions()}, same inputs`,
      value: `${n(theirs, 'seconds').toFixed(2)} s (read ${n(theirs, 'readSeconds').toFixed(2)}, rules ${n(theirs, 'reconcileSeconds').toFixed(2)}, reports ${n(theirs, 'reportSeconds').toFixed(2)})`,
      rss: theirs.peakRssMb,
      target: '',
      ok: true,
    },
    {
      step: "one day: recon's speed-up over the peer (peer s / recon s)",
      value: `${speedUp.toFixed(2)} x; ${agreement}`,
      rss: 0,
      target: '>= 5 x, recon < 512 MB',
      ok: speedUp >= 5 && mine.peakRssMb < 512,
    },
  );
  return { rows, results: { oneDayRecon: mine, oneDayPeer: theirs } };
}

/** Each report's seconds, wall and CPU of the one-day process (`forecast 1.20 s, cpu 1.35 s`). */
function perReport(result: Result): string {
  const wall = (result['reportSecondsBy'] ?? {}) as Record<string, number>;
  const cpu = (result['reportCpuSecondsBy'] ?? {}) as Record<string, number>;
  return Object.keys(wall)
    .map((name) => `${name} ${(wall[name] ?? 0).toFixed(2)} s, cpu ${(cpu[name] ?? 0).toFixed(2)} s`)
    .join('; ');
}

/** Whether the two found as many findings in every category; each difference spelled out when not. */
function countAgreement(recon: Result, peer: Result): string {
  const counts = (r: Result) => (r['counts'] ?? {}) as Record<string, number>;
  const [ours, theirs] = [counts(recon), counts(peer)];
  const total = FINDING_CATEGORIES.reduce((sum, c) => sum + (ours[c] ?? 0), 0);
  const differ = FINDING_CATEGORIES.filter((c) => ours[c] !== theirs[c]);
  if (differ.length === 0) return `counts agree (${FINDING_CATEGORIES.length} categories, ${total} findings)`;
  const detail = differ.map((c) => `${c} recon ${ours[c] ?? 'none'} / peer ${theirs[c] ?? 'none'}`).join(', ');
  process.stderr.write(`  one-day: THE PEER'S COUNTS DIFFER FROM RECON'S: ${detail}\n`);
  return `COUNTS DIFFER: ${detail}`;
}

/** Why the peer cannot run (undefined when it can), installing its Debian packages first if missing. */
function peerPackages(): string | undefined {
  const importable = () => spawnSync(PYTHON, ['-c', 'import pandas, xlsxwriter'], { stdio: 'ignore' }).status === 0;
  if (importable()) return undefined;
  process.stderr.write(`  peer: installing ${PACKAGES.join(' ')} with apt-get\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync(APT, ['install', '-y', '--no-install-recommends', ...PACKAGES], { env, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  let result = install();
  // A machine whose package lists were never fetched knows no candidate: fetch them once and retry.
  if (result.status !== 0) {
    spawnSync(APT, ['update'], { env, stdio: 'ignore' });
    result = install();
  }
  if (result.status === 0) return importable() ? undefined : `${PACKAGES.join(' and ')} are installed but ${PYTHON} cannot import pandas and xlsxwriter`;
  const why = result.error?.message ?? result.stderr?.trim().split('\n').pop() ?? `exit ${String(result.status)}`;
  return `${PACKAGES.join(' and ')} could not be installed for ${PYTHON} (apt-get install: ${why})`;
}

function versions(): string {
  const probe = spawnSync(PYTHON, ['-c', 'import pandas, xlsxwriter, platform; print(platform.python_version(), pandas.__version__, xlsxwriter.__version__)'], {
    encoding: 'utf8',
  });
  const [python, pandas, xlsxwriter] = probe.stdout.trim().split(' ');
  return `Python ${python ?? '?'}, pandas ${pandas ?? '?'}, xlsxwriter ${xlsxwriter ?? '?'}`;
}
