// Tells a bank statement from an order export, by extension (.ofx; .ret and .cnab for CNAB 240) or by
// content (an OFX header or <OFX> tag, or a first line of 240 characters that is a CNAB file header:
// a bank code, batch 0000, record type 0), so `recon import` routes each file to its import.
import { closeSync, openSync, readSync } from 'node:fs';
import { extname } from 'node:path';
import { CNAB240_LINE_LENGTH } from './cnab240-layout.ts';

export type StatementKind = 'ofx' | 'cnab240';

const SNIFF_BYTES = 4096;
const BY_EXTENSION: Record<string, StatementKind> = { '.ofx': 'ofx', '.ret': 'cnab240', '.cnab': 'cnab240' };

/** The statement kind of a file, or undefined when it is not a statement (an order export). */
export function statementKindOfFile(file: string): StatementKind | undefined {
  const byExtension = BY_EXTENSION[extname(file).toLowerCase()];
  if (byExtension) return byExtension;
  const head = Buffer.alloc(SNIFF_BYTES);
  let read = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      read = readSync(fd, head, 0, SNIFF_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined; // unreadable: the order import says why
  }
  return statementKindOfText(head.subarray(0, read).toString('latin1'));
}

/** The statement kind of a file's first bytes (read as latin1: only ASCII matters here). */
export function statementKindOfText(head: string): StatementKind | undefined {
  const text = head.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  if (/^\s*OFXHEADER\s*:/i.test(text) || /^\s*(<\?xml[^>]*>\s*)?<\?OFX\b/i.test(text) || /^\s*<OFX>/i.test(text)) return 'ofx';
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  // Positions 1-3 the bank, 4-7 batch 0000, 8 record type 0.
  if (first.length === CNAB240_LINE_LENGTH && /^\d{3}00000/.test(first)) return 'cnab240';
  return undefined;
}
