// Bench task: the import's floor — what DuckDB alone takes to turn the same order export into typed rows
// in the same warehouse: one encoding pass (windows-1252 to UTF-8 with recon's own decoder, the fastest it has, streamed), then a
// read_csv that types the rows with the export's formats (decimal comma, dd/MM/yyyy HH:mm in the zone)
// into a plain table. No checks, no kept-out reasons, no history: the least any importer must do.
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { windows1252Decoder } from '../../src/imports/windows-1252.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const file = argValue('--orders') as string;
const utf8 = join(dir, 'orders-utf8.csv');
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
try {
  const t0 = performance.now();
  const decoder = windows1252Decoder();
  await pipeline(
    createReadStream(file, { highWaterMark: 1 << 20 }),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) yield Buffer.from(decoder.write(chunk), 'utf8');
    },
    createWriteStream(utf8),
  );
  const decodeSeconds = (performance.now() - t0) / 1000;
  const db = warehouse.connection;
  await db.run(`SET TimeZone = '${ZONE}'`);
  const result = await db.run(
    `CREATE TABLE floor_orders AS
    SELECT pedido AS item_id, situacao AS status,
      CAST(CAST(replace(replace(valor_total, '.', ''), ',', '.') AS DECIMAL(18, 2)) * 100 AS INTEGER) AS amount_cents,
      strptime(criado_em, '%d/%m/%Y %H:%M')::TIMESTAMPTZ AS created_at,
      transacao AS transaction_id, cliente AS customer_name, documento AS customer_document_number
    FROM read_csv($file, delim = ';', quote = '"', header = true, all_varchar = true)`,
    { file: utf8 },
  );
  const seconds = (performance.now() - t0) / 1000;
  const rows = Number((await db.runAndReadAll('SELECT count(*) AS n FROM floor_orders')).getRowObjects()[0]?.['n'] ?? result.rowsChanged);
  report({ rows, seconds, decodeSeconds });
} finally {
  warehouse.close();
  rmSync(utf8, { force: true });
}
