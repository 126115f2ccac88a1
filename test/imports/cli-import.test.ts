// `recon import` as a user runs it: a config file, real exports, exit codes. The JSON lines on a stdout
// that is not a terminal come from a real child process; the refusals and --date run through runCli in
// this process (test/cli/in-process.ts), which gives the same exit code and output without loading a
// child's modules (a second of CPU each).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { SANDBOX_HEADER, sandboxRow } from './helpers.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');

function recon(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, RECON_CONFIG: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const inProcess = (args: string[], cwd: string) => runCliInProcess(args, { cwd });

describe('recon import', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'recon-cli-import-'));
    writeFileSync(
      join(dir, 'recon.config.json'),
      // maxRejectedShare 1: these cases are about what is printed of kept-out rows, not the share that stops
      // The English sentences are asserted: the terminal shows them under en.
      JSON.stringify({
        warehouse: { path: 'w.duckdb' },
        orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' }, maxRejectedShare: 1 },
        reports: { locale: 'en' },
      }),
    );
    writeFileSync(join(dir, 'good.csv'), [SANDBOX_HEADER, sandboxRow('A'), sandboxRow('B', 'x')].join('\n'));
    writeFileSync(join(dir, 'bad.csv'), ['pedido;valor_total', 'A;1,00'].join('\n'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON line per file and per kept-out row when stdout is not a terminal', async () => {
    const { code, stdout } = await recon(['import', '--config', 'recon.config.json', 'good.csv'], dir);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'file', file: 'good.csv', format: 'csv', rows_read: 2, rows_loaded: 1, rows_rejected: 1 });
    expect(lines[1]).toMatchObject({ type: 'rejected', file: 'good.csv', line: 3, item_id: 'B', reason: expect.stringMatching(/unparseable amount "x"/) });
    // Beside the English reason, what it states as data.
    expect(lines[1]?.['facts']).toEqual([expect.objectContaining({ kind: 'amountUnreadable', text: 'x', column: 'valor_total' })]);
    expect(lines).toHaveLength(2);
  });

  it('--strict fails with exit 2 and imports nothing; a missing column fails with exit 2 and says which', async () => {
    const strict = await inProcess(['import', '--strict', 'good.csv'], dir);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/good\.csv: --strict: 1 rejected row\(s\)/);
    const missing = await inProcess(['import', 'bad.csv'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/bad\.csv: expected a column "situacao" \(orders\.columns\.status\) in the header; found "pedido", "valor_total"/);
    const none = await inProcess(['import'], dir);
    expect(none.code).toBe(2);

    const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
    try {
      const reader = await warehouse.connection.runAndReadAll(
        "SELECT (SELECT count(*) FROM order_imports)::INTEGER AS imports, (SELECT count(*) FROM runs WHERE kind = 'import' AND outcome = 'failed')::INTEGER AS failed",
      );
      expect(reader.getRowObjectsJS()).toEqual([{ imports: 1, failed: 2 }]);
    } finally {
      warehouse.close();
    }
  });

  it('--date attributes the import to a night; an impossible date is refused before anything is written', async () => {
    const bad = await inProcess(['import', '--date', '2024-02-31', 'good.csv'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/2024-02-31/);
    const good = await inProcess(['import', '--date', '2024-05-01', 'good.csv'], dir);
    expect(good.code).toBe(0);
    const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
    try {
      const reader = await warehouse.connection.runAndReadAll(
        'SELECT CAST(business_date AS VARCHAR) AS d, count(*)::INTEGER AS n FROM order_imports GROUP BY ALL ORDER BY d NULLS FIRST',
      );
      expect(reader.getRowObjectsJS()).toEqual([
        { d: null, n: 1 },
        { d: '2024-05-01', n: 1 },
      ]);
    } finally {
      warehouse.close();
    }
  });
});
