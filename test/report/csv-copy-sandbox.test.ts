// On a real sandbox night (synced, imported, reconciled, triaged by the nightly job), every report's CSV
// written by DuckDB's COPY is the file the streaming writer writes, byte for byte, in both dialects and
// in the `br` copy beside an RFC 4180 file: the night's reports written once by each.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../reports/index.ts';
import { writeReports } from '../../src/report/index.ts';
import type { CsvDialect } from '../../src/report/types.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { NIGHTS, runTwoNights, ZONE, type TwoNights } from '../serve/fixture.ts';

const NIGHT = NIGHTS[1];
let run: TwoNights;

const outOf = (dialect: CsvDialect, writer: 'copy' | 'stream') => join(run.dir, `${dialect}-${writer}`);

beforeAll(async () => {
  run = await runTwoNights();
  const warehouse = await openWarehouse(run.config.warehouse.path);
  try {
    for (const csvDialect of ['rfc4180', 'br'] as const) {
      for (const csvWriter of ['copy', 'stream'] as const) {
        await writeReports(
          { db: warehouse.connection, logger: silentLogger },
          {
            day: businessDayOf(NIGHT, ZONE),
            outDir: outOf(csvDialect, csvWriter),
            maskDocuments: true,
            csvDialect,
            locale: 'pt-BR',
            fileMode: '0600',
            definitions: REPORTS,
            checksOff: [],
            csvWriter,
          },
        );
      }
    }
  } finally {
    warehouse.close();
  }
}, 240_000);
afterAll(() => rmSync(run.dir, { recursive: true, force: true }));

describe('the CSVs of a sandbox night, by COPY and by the streaming writer', () => {
  it.each(['rfc4180', 'br'] as const)('%s: byte for byte', (dialect) => {
    const copied = join(outOf(dialect, 'copy'), NIGHT);
    const streamed = join(outOf(dialect, 'stream'), NIGHT);
    const files = readdirSync(copied)
      .filter((f) => f.endsWith('.csv'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(REPORTS.length);
    let lines = 0;
    for (const file of files) {
      const bytes = readFileSync(join(copied, file));
      expect({ file, equal: bytes.equals(readFileSync(join(streamed, file))) }).toEqual({ file, equal: true });
      lines += bytes.toString('utf8').split('\r\n').length - 2;
    }
    // A night with rows in its files, not headers alone.
    expect(lines).toBeGreaterThan(50);
  });
});
