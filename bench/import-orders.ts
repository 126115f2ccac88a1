// Benchmark (not a test): generates a Brazilian order export (windows-1252, `;`, decimal comma, the
// recon-sandbox layout) in a temp folder and times `importOrders` into a fresh warehouse, then a
// re-import of the same file over it (every row compared with its order, none written again). Target: 1,000,000 rows in under 5 s.
//   npx tsx bench/import-orders.ts [--rows 1000000] [--runs 3] [--json]
import { mkdtempSync, openSync, writeSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import iconv from 'iconv-lite';
import { parseConfig } from '../src/config/load.ts';
import { importOrders } from '../src/imports/index.ts';
import { systemClock } from '../src/shared/clock.ts';
import { silentLogger } from '../src/shared/log.ts';
import { brlTextFromCents } from '../src/shared/money.ts';
import { openWarehouse } from '../src/warehouse/open.ts';

const STATUSES = ['Pago', 'Pago', 'Pago', 'Aguardando pagamento', 'Cancelado', 'Estornado'];
const NAMES = ['José da Silva', 'Maria “Mari” Araújo', 'João Conceição', 'Ana Lúcia Gonçalves', 'Cláudio Brandão'];

export function writeBrazilianExport(file: string, rows: number): void {
  const fd = openSync(file, 'w');
  try {
    let lines: string[] = ['pedido;cliente;documento;valor_total;situacao;criado_em;transacao;observacao'];
    const day = Date.UTC(2024, 4, 1);
    for (let i = 1; i <= rows; i++) {
      const cents = 500 + ((i * 7919) % 2_500_000);
      const wall = new Date(day + Math.floor((i / rows) * 86_400_000));
      const stamp = `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
      const note = i % 10 === 0 ? '"Entrega ""expressa"" – R$ 5 €"' : 'Entrega padrão – €';
      lines.push(
        `PED-${String(i).padStart(8, '0')};${NAMES[i % NAMES.length]};${String(i % 1000).padStart(3, '0')}.456.789-09;${brlTextFromCents(cents)};${STATUSES[i % STATUSES.length]};${stamp};tx_${(i * 2654435761).toString(36)};${note}`,
      );
      if (lines.length >= 20_000) {
        writeSync(fd, iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252'));
        lines = [];
      }
    }
    if (lines.length > 0) writeSync(fd, iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252'));
  } finally {
    closeSync(fd);
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function argValue(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const rows = argValue('--rows', 1_000_000);
  const runs = argValue('--runs', 3);
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-import-'));
  try {
    const file = join(dir, 'pedidos.csv');
    let t = performance.now();
    writeBrazilianExport(file, rows);
    const generateSeconds = (performance.now() - t) / 1000;
    const config = parseConfig({ orders: { preset: 'recon-sandbox' } }, 'bench');
    const fresh: number[] = [];
    const reimport: number[] = [];
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    try {
      for (let run = 0; run < runs; run++) {
        const warehouse = await openWarehouse(join(dir, `bench-${run}.duckdb`));
        try {
          const deps = { db: warehouse.connection, clock: systemClock, logger: silentLogger };
          t = performance.now();
          const first = await importOrders(deps, { files: [file] }, config);
          fresh.push((performance.now() - t) / 1000);
          if (first.totals.rowsLoaded !== rows) throw new Error(`expected ${rows} orders loaded, got ${first.totals.rowsLoaded}`);
          t = performance.now();
          await importOrders(deps, { files: [file] }, config);
          reimport.push((performance.now() - t) / 1000);
        } finally {
          warehouse.close();
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const summary = {
      rows,
      fileMB: Math.round(statSync(file).size / 1e5) / 10,
      generateSeconds: round(generateSeconds),
      importSecondsMedian: round(median(fresh)),
      importSeconds: fresh.map(round),
      reimportSecondsMedian: round(median(reimport)),
      rowsPerSecond: Math.round(rows / median(fresh)),
      peakRssMB: Math.round(peakRss / 1e6),
      targetSeconds: 5,
      met: median(fresh) < 5,
    };
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(
        `import ${rows.toLocaleString('en')} rows (${summary.fileMB} MB windows-1252 CSV): median ${summary.importSecondsMedian} s ` +
          `[${summary.importSeconds.join(', ')}], re-import ${summary.reimportSecondsMedian} s, ${summary.rowsPerSecond.toLocaleString('en')} rows/s, ` +
          `peak RSS ${summary.peakRssMB} MB, target < 5 s: ${summary.met ? 'met' : 'MISSED'}\n`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

// Runs only as a script, so the generator can be imported by the benchmark harness.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
