// Bench task: the floor — a bare keep-alive client that fetches every listing page of the history's day
// windows (transactions and operations), JSON.parses each page and discards it.
import { Pool } from 'undici';
import pLimit from 'p-limit';
import { DateTime } from 'luxon';
import { END, ZONE, argValue, report, scaleFromArgs } from './common.ts';

const { days } = scaleFromArgs();
const url = argValue('--url') as string;
const apiKey = argValue('--key') as string;
const pool = new Pool(url, { connections: 4 });
const limit = pLimit(4);
const first = DateTime.fromISO(END, { zone: ZONE }).minus({ days: days + 1 });
let rows = 0;
const t0 = performance.now();
const windows = Array.from({ length: days + 2 }, (_, d) => [first.plus({ days: d }).toMillis(), first.plus({ days: d + 1 }).toMillis()] as const);
await Promise.all(
  windows.flatMap(([lo, hi]) =>
    (['transactions', 'operations'] as const).map((stream) =>
      limit(async () => {
        for (let page = 1; ; page++) {
          const res = await pool.request({
            path: `/v1/${stream}?date_created=%3E%3D${lo}&date_created=%3C${hi}&count=1000&page=${page}`,
            method: 'GET',
            headers: { api_key: apiKey },
          });
          const body = JSON.parse(await res.body.text()) as Record<string, unknown[]>;
          const n = body[stream]?.length ?? 0;
          rows += n;
          if (n < 1000) break;
        }
      }),
    ),
  ),
);
const seconds = (performance.now() - t0) / 1000;
await pool.close();
report({ rows, seconds, rowsPerSecond: Math.round(rows / seconds) });
