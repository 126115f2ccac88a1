// The merchant's side: order exports as a Brazilian shop platform writes them. The export of business day
// D holds every order created on D or whose status changed on D, one row each, in its state at the end of
// D; without a date, every order in its final state. Formats: csv-br (';', decimal comma, thousands dots,
// Windows-1252, CRLF, dd/MM/yyyy HH:mm local), csv (',', '.', UTF-8), xlsx (exceljs) and json. With
// doubleAmounts, xlsx and json carry valor_total as a spreadsheet formula such as =B2*0.01 leaves it, a
// binary double next to the cent (0.57 -> 0.5700000000000001), as Excel and JSON encoders do.
import { dirname } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import iconv from 'iconv-lite';
import { businessDayOf } from '../shared/business-day.ts';
import { ReconError } from '../shared/errors.ts';
import { brlTextFromCents, reaisTextFromCents } from '../shared/money.ts';
import { localFormatter } from './local-time.ts';
import type { SandboxHistory } from './model.ts';
import { orderChangedWithin, orderStateAt } from './order-timeline.ts';

export const ORDER_EXPORT_FORMATS = ['csv-br', 'csv', 'xlsx', 'json'] as const;
export type OrdersExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];
export const ORDER_COLUMNS = ['pedido', 'cliente', 'documento', 'valor_total', 'situacao', 'criado_em', 'transacao', 'observacao'] as const;

export interface OrderExportRow {
  pedido: string;
  cliente: string;
  documento: string;
  valorCents: number;
  situacao: string;
  criadoEmMs: number;
  transacao: string;
  observacao: string;
}

/** The rows of one day's export (or of the final export when `date` is omitted), oldest order first. */
export function orderRowsFor(history: SandboxHistory, date?: string): OrderExportRow[] {
  const rows: OrderExportRow[] = [];
  const bounds = date === undefined ? undefined : businessDayOf(date, history.timezone);
  const asOf = (bounds ?? businessDayOf(history.endDate, history.timezone)).endMs - 1;
  for (const order of history.orders) {
    if (order.createdMs > asOf) continue;
    if (bounds && order.createdMs < bounds.startMs && !orderChangedWithin(order, bounds.startMs, bounds.endMs)) continue;
    const v = orderStateAt(order, asOf);
    rows.push({
      pedido: order.itemId,
      cliente: order.customerName,
      documento: order.document,
      valorCents: v.amount,
      situacao: v.status,
      criadoEmMs: order.createdMs,
      transacao: v.transactionId,
      observacao: order.note,
    });
  }
  return rows;
}

function csvField(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function writeChunk(out: WriteStream, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function closeStream(out: WriteStream): Promise<void> {
  if (out.closed) return;
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

export interface OrdersExportOptions {
  format: OrdersExportFormat;
  date?: string;
  /** xlsx and json: amounts as the double cents * 0.01 instead of the exact decimal. */
  doubleAmounts?: boolean;
}

export async function writeOrdersExport(history: SandboxHistory, path: string, options: OrdersExportOptions): Promise<void> {
  const { format } = options;
  if (!ORDER_EXPORT_FORMATS.includes(format))
    throw new ReconError('usage', { id: 'ordersExportFormat', flag: false, formats: ORDER_EXPORT_FORMATS, got: format });
  const rows = orderRowsFor(history, options.date);
  const local = localFormatter(history.timezone);
  try {
    await mkdir(dirname(path), { recursive: true });
    // The double a formula such as =B2*0.01 leaves, or the exact decimal (its nearest double in xlsx).
    const double = options.doubleAmounts === true;
    if (format === 'xlsx') return await writeXlsx(rows, path, local, double ? (c) => c * 0.01 : (c) => Number(reaisTextFromCents(c)));
    const out = createWriteStream(path);
    try {
      if (format === 'json') await writeJson(out, rows, local, double ? (c) => String(c * 0.01) : (c) => reaisTextFromCents(c));
      else await writeCsv(out, rows, local, format === 'csv-br');
    } finally {
      await closeStream(out);
    }
  } catch (error) {
    if (error instanceof ReconError) throw error;
    throw new ReconError('report', { id: 'sandboxFileWrite', what: 'ordersExport', path, said: (error as Error).message }, { cause: error });
  }
}

async function writeCsv(out: WriteStream, rows: OrderExportRow[], local: (ms: number) => string, br: boolean): Promise<void> {
  const d = br ? ';' : ',';
  const encode = (text: string) => (br ? iconv.encode(text, 'win1252') : Buffer.from(text, 'utf8'));
  let chunk = `${ORDER_COLUMNS.join(d)}\r\n`;
  for (const r of rows) {
    const fields = [
      r.pedido,
      r.cliente,
      r.documento,
      br ? brlTextFromCents(r.valorCents) : reaisTextFromCents(r.valorCents),
      r.situacao,
      local(r.criadoEmMs),
      r.transacao,
      r.observacao,
    ];
    chunk += `${fields.map((f) => csvField(f, d)).join(d)}\r\n`;
    if (chunk.length > 1 << 16) {
      await writeChunk(out, encode(chunk));
      chunk = '';
    }
  }
  if (chunk !== '') await writeChunk(out, encode(chunk));
}

async function writeJson(out: WriteStream, rows: OrderExportRow[], local: (ms: number) => string, reaisText: (cents: number) => string): Promise<void> {
  let chunk = '[';
  rows.forEach((r, i) => {
    chunk +=
      `${i === 0 ? '\n' : ',\n'}{"pedido":${JSON.stringify(r.pedido)},"cliente":${JSON.stringify(r.cliente)},"documento":${JSON.stringify(r.documento)},` +
      `"valor_total":${reaisText(r.valorCents)},"situacao":${JSON.stringify(r.situacao)},"criado_em":"${local(r.criadoEmMs)}",` +
      `"transacao":${JSON.stringify(r.transacao)},"observacao":${JSON.stringify(r.observacao)}}`;
  });
  for (let i = 0; i < chunk.length; i += 1 << 20) await writeChunk(out, chunk.slice(i, i + (1 << 20)));
  await writeChunk(out, '\n]\n');
}

async function writeXlsx(rows: OrderExportRow[], path: string, local: (ms: number) => string, reais: (cents: number) => number): Promise<void> {
  // exceljs is loaded by the exports that are workbooks only (the sandbox writes CSV unless asked).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Pedidos');
  sheet.addRow([...ORDER_COLUMNS]).commit();
  for (const r of rows) {
    // valor_total is a number cell in reais; times stay text in local time.
    sheet.addRow([r.pedido, r.cliente, r.documento, reais(r.valorCents), r.situacao, local(r.criadoEmMs), r.transacao, r.observacao]).commit();
  }
  sheet.commit();
  await workbook.commit();
}
