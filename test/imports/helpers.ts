// Test helpers for order imports: a temp folder with a real warehouse file, configs, and read-back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { parseConfig } from '../../src/config/load.ts';
import type { ReconConfig } from '../../src/config/schema.ts';
import { importOrders, type ImportRequest, type ImportResult } from '../../src/imports/index.ts';
import type { Clock } from '../../src/shared/clock.ts';
import { silentLogger, type Logger } from '../../src/shared/log.ts';
import type { OpenOptions, Warehouse } from '../../src/warehouse/open.ts';
import { openMigratedCopy } from '../warehouse/migrated-copy.ts';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'orders');

export interface Workspace {
  dir: string;
  warehouse: Warehouse;
  /** Writes text (encoded) or bytes into the workspace and returns the path. */
  write(name: string, content: string | Buffer, encoding?: string): string;
  import(request: ImportRequest | string[], config: ReconConfig, logger?: Logger): Promise<ImportResult>;
  rows(sql: string, params?: (string | number | null)[]): Promise<Record<string, unknown>[]>;
  close(): void;
}

/** `options.resources` holds the warehouse to a budget, as warehouse.memoryLimit does a run's. */
export async function openWorkspace(options: Omit<OpenOptions, 'fileMode'> = {}): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'recon-imports-'));
  const warehouse = await openMigratedCopy(join(dir, 'recon.duckdb'), options);
  // A clock that moves a second per reading, so successive imports have ordered imported_at.
  let now = Date.UTC(2024, 4, 2, 6, 0, 0);
  const clock: Clock = { now: () => (now += 1000) };
  return {
    dir,
    warehouse,
    write(name, content, encoding = 'utf-8') {
      const path = join(dir, name);
      writeFileSync(path, typeof content === 'string' ? iconv.encode(content, encoding) : content);
      return path;
    },
    import(request, config, logger = silentLogger) {
      const req = Array.isArray(request) ? { files: request } : request;
      return importOrders({ db: warehouse.connection, clock, logger }, req, config);
    },
    async rows(sql, params = []) {
      const reader = await warehouse.connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS() as Record<string, unknown>[];
    },
    close() {
      warehouse.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The recon-sandbox layout with overrides, through the real config schema. */
export function configWith(orders: Record<string, unknown>, extra: Record<string, unknown> = {}): ReconConfig {
  return parseConfig({ ...extra, orders }, 'test');
}

export const SANDBOX_HEADER = 'pedido;cliente;documento;valor_total;situacao;criado_em;transacao;observacao';

/** An order row of the recon-sandbox layout. */
export function sandboxRow(id: string, amount = '150,00', status = 'Pago', createdAt = '01/05/2024 10:00', tx = `tx_${id}`, name = 'Ana'): string {
  return `${id};${name};123.456.789-09;${amount};${status};${createdAt};${tx};`;
}

export async function ordersById(ws: Workspace): Promise<Map<string, Record<string, unknown>>> {
  const rows = await ws.rows(
    `SELECT item_id, status, amount_cents::INTEGER AS amount_cents, epoch_ms(created_at)::BIGINT AS created_ms, transaction_id, nsu, authorization_code,
            customer_name, customer_document_number, source_status, source_line, import_id FROM orders ORDER BY item_id`,
  );
  return new Map(rows.map((r) => [String(r['item_id']), { ...r, created_ms: Number(r['created_ms']) }]));
}

/** Writes a real XLSX workbook with exceljs: one sheet, JS numbers as number cells; returns the path. */
export async function writeXlsx(ws: Workspace, name: string, rows: unknown[][], sheet = 'Pedidos'): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  for (const row of rows) worksheet.addRow(row);
  const path = join(ws.dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

/** Writes the rows of a query as a real Parquet file with DuckDB's COPY; returns the path. */
export async function writeParquet(ws: Workspace, name: string, select: string): Promise<string> {
  const path = join(ws.dir, name);
  await ws.warehouse.connection.run(`COPY (${select}) TO '${path.replace(/'/g, "''")}' (FORMAT parquet)`);
  return path;
}
