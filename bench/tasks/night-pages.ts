// Bench task: the floor of a night's listing pages — the very pages a night's sync read (its committed
// windows, each with its filter and page count, from a JSON file), fetched by a bare keep-alive client
// with the sync's requests in flight (--in-flight, 4) and thrown away unread. Probes, verification
// passes and look-ups by id are left out: no night that reads these pages with as many in flight can
// take less, so the seconds are what the network and the service alone cost that night.
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import pLimit from 'p-limit';
import { queryString } from '../../src/api/http.ts';
import { filtersOf, type SyncWindow } from '../../src/sync/windows.ts';
import { argValue, report } from './common.ts';

/** A committed window as `sync_windows` holds it. */
interface NightWindow {
  stream: 'transactions' | 'operations';
  filter: string;
  start_ms: number;
  end_ms: number;
  pages: number;
}

const url = argValue('--url') as string;
const apiKey = argValue('--key') as string;
const inFlight = Number(argValue('--in-flight') ?? 4);
// The sync's sync.pageSize (its default unless the night's config says otherwise).
const pageSize = Number(argValue('--page-size') ?? 1000);
const windows = JSON.parse(readFileSync(argValue('--windows') as string, 'utf8')) as NightWindow[];
if (windows.length === 0) throw new Error('night-pages: no committed sync window to fetch');

/** The sync's window of a `sync_windows` row: a sweep is a date_created window with a status. */
function syncWindowOf(w: NightWindow): SyncWindow {
  const status = w.filter.startsWith('status=') ? w.filter.slice('status='.length) : undefined;
  const field = w.filter === 'date_updated' ? 'date_updated' : 'date_created';
  return { stream: w.stream, field, status, startMs: Number(w.start_ms), endMs: Number(w.end_ms) };
}

const pool = new Pool(url, { connections: inFlight });
const limit = pLimit(inFlight);
let bytes = 0;
let pages = 0;
const t0 = performance.now();
const c0 = process.cpuUsage();
try {
  await Promise.all(
    windows.flatMap((w) => {
      const filters = filtersOf(syncWindowOf(w));
      return Array.from({ length: Number(w.pages) }, (_, i) =>
        limit(async () => {
          const query = queryString([...filters, ['count', pageSize], ['page', i + 1]]);
          const res = await pool.request({ path: `/v1/${w.stream}${query}`, method: 'GET', headers: { api_key: apiKey } });
          const body = await res.body.arrayBuffer();
          if (res.statusCode !== 200) throw new Error(`night-pages: HTTP ${res.statusCode} on /v1/${w.stream}`);
          bytes += body.byteLength;
          pages += 1;
        }),
      );
    }),
  );
} finally {
  await pool.close();
}
const seconds = (performance.now() - t0) / 1000;
const used = process.cpuUsage(c0);
report({ windows: windows.length, pages, bytes, seconds, cpuSeconds: (used.user + used.system) / 1e6 });
