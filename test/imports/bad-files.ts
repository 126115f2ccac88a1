// Test helper: the bad-file corpus of the import limits, written into a folder at test time (the big ones
// are never committed): a zip-bomb workbook, Parquet files of huge zstd strings or a STRUCT amount, JSON
// nested 100,000 deep, invalid UTF-8, UTF-8 under windows-1252 settings, a comma export under ";"
// settings, title lines above the header. Each file uses the recon-sandbox columns.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import iconv from 'iconv-lite';
import { SANDBOX_HEADER, sandboxRow } from './helpers.ts';
import { deflatedEntry, inlineRow, repeatedEntry, SHEET_HEAD, SHEET_TAIL, workbookEntries, writeZip } from './zip-files.ts';

const COLUMNS = SANDBOX_HEADER.split(';');
const ROW = ['X', 'Ana', '123', '150,00', 'Pago', '01/05/2024 10:00', 'tx', ''];

/** A workbook of ~1.3 MB whose sheet inflates to ~300 MB of order rows; `declare` makes its directory lie. */
export async function writeZipBomb(dir: string, name: string, declare?: number): Promise<string> {
  const row = `<row>${ROW.map((v) => `<c t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
  const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD + inlineRow(1, COLUMNS), row, Math.ceil(300e6 / row.length), SHEET_TAIL);
  const path = join(dir, name);
  writeZip(path, workbookEntries(declare === undefined ? sheet : { ...sheet, declaredSize: declare }));
  return path;
}

/** A small, honest workbook: a header and two orders. */
export function writeSmallWorkbook(dir: string, name: string, extraEntries = 0): string {
  const sheet = deflatedEntry(
    'xl/worksheets/sheet1.xml',
    SHEET_HEAD + inlineRow(1, COLUMNS) + inlineRow(2, ['A', ...ROW.slice(1)]) + inlineRow(3, ['B', ...ROW.slice(1)]) + SHEET_TAIL,
  );
  const extras = Array.from({ length: extraEntries }, (_, i) => deflatedEntry(`xl/media/image${i}.png`, 'x'));
  const path = join(dir, name);
  writeZip(path, [...workbookEntries(sheet), ...extras]);
  return path;
}

/** Runs SQL on a throwaway in-memory DuckDB (to write Parquet files). */
async function withDuckDb(work: (run: (sql: string) => Promise<void>) => Promise<void>): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await work(async (sql) => {
      await connection.run(sql);
    });
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const PARQUET_REST = `'123' AS documento, 'Pago' AS situacao, '01/05/2024 10:00' AS criado_em, 'tx_' || i AS transacao`;

/**
 * 10 orders, zstd-compressed to a few KB: the first three have customer names of 8,000,001 characters,
 * or (column "pedido") the same item_id of 8,388,608 characters.
 */
export async function writeHugeStringsParquet(dir: string, name: string, column: 'cliente' | 'pedido' = 'cliente'): Promise<string> {
  const path = join(dir, name);
  const pedido = column === 'pedido' ? `CASE WHEN i < 3 THEN repeat('y', 8388608) ELSE 'P' || i END` : `'P' || i`;
  const cliente = column === 'cliente' ? `CASE WHEN i < 3 THEN repeat('x', 8000000) || i ELSE 'Ana' END` : `'Ana'`;
  await withDuckDb((run) =>
    run(
      `COPY (SELECT ${pedido} AS pedido, ${cliente} AS cliente, '150,00' AS valor_total, ${PARQUET_REST} FROM range(10) t(i)) TO '${path}' (FORMAT parquet, COMPRESSION zstd)`,
    ),
  );
  return path;
}

/** Orders whose amount is a STRUCT (reais, centavos). */
export async function writeStructAmountParquet(dir: string, name: string): Promise<string> {
  const path = join(dir, name);
  await withDuckDb((run) =>
    run(
      `COPY (SELECT 'P' || i AS pedido, 'Ana' AS cliente, {'reais': 150, 'centavos': 0} AS valor_total, ${PARQUET_REST} FROM range(3) t(i)) TO '${path}' (FORMAT parquet)`,
    ),
  );
  return path;
}

/** An array of orders whose first element carries a value nested 100,000 levels deep. */
export function writeDeepJson(dir: string, name: string, depth = 100_000): string {
  const path = join(dir, name);
  const order = COLUMNS.map((c, i) => `"${c}": "${ROW[i]}"`).join(', ');
  writeFileSync(path, `[\n{${order}, "extra": ${'['.repeat(depth)}${']'.repeat(depth)}}\n]\n`);
  return path;
}

const INVALID_HEAD = Buffer.from(`${SANDBOX_HEADER}\r\n${sandboxRow('A', '150,00', 'Pago', '01/05/2024 10:00', 'tx_A', 'José')}\r\nB;Jos`, 'utf8');
/** Offset in the file of the bad byte writeInvalidUtf8Csv writes. */
export const INVALID_UTF8_OFFSET = INVALID_HEAD.length;

/** A UTF-8 CSV whose order B has a windows-1252 "é" (the byte 0xE9) at INVALID_UTF8_OFFSET. */
export function writeInvalidUtf8Csv(dir: string, name: string): string {
  const path = join(dir, name);
  const tail = Buffer.from(`;123.456.789-09;150,00;Pago;01/05/2024 10:00;tx_B;\r\n${sandboxRow('C')}\r\n`, 'utf8');
  writeFileSync(path, Buffer.concat([INVALID_HEAD, Buffer.from([0xe9]), tail]));
  return path;
}

/** A UTF-8 export (no BOM) with "João", meant for a config that says windows-1252. */
export function writeUtf8Csv(dir: string, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${SANDBOX_HEADER}\r\n${sandboxRow('A', '150,00', 'Pago', '01/05/2024 10:00', 'tx_A', 'João Conceição')}\r\n`, 'utf8');
  return path;
}

/** A Shopify "Export orders" CSV (comma-separated, 23 columns). */
export function writeShopifyCsv(dir: string, name: string): string {
  const header =
    'Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,' +
    'Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,' +
    'Lineitem sku,Lineitem requires shipping,Billing Name';
  const row =
    '#1001,ana@example.com,paid,2024-05-01 10:00:00 -0300,,,no,BRL,150.00,0.00,0.00,150.00,,0.00,,2024-05-01 10:00:00 -0300,1,Camiseta,150.00,,,true,Ana Souza';
  const path = join(dir, name);
  writeFileSync(path, `${header}\n${row}\n`);
  return path;
}

/** A windows-1252 export with a report title and a blank line above the header. */
export function writeTitledCsv(dir: string, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, iconv.encode(`Relatório de pedidos - maio/2024\r\n\r\n${SANDBOX_HEADER}\r\n${sandboxRow('A')}\r\n`, 'windows-1252'));
  return path;
}

/** A good export to import first, so a failed file can be shown to leave the warehouse as it was. */
export function writeGoodCsv(dir: string, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, iconv.encode(`${SANDBOX_HEADER}\r\n${sandboxRow('G1')}\r\n${sandboxRow('G2', '99,90')}\r\n`, 'windows-1252'));
  return path;
}
