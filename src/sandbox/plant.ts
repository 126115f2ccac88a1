// Planting, so the sandbox can show the rows a sync must survive: a transaction whose id, item and
// holder name are any JSON strings (escapes such as \/ and \u00e9, quotes, control characters), and
// a listing row broken on purpose (a field of the wrong type, or missing) until it is mended. The
// admin routes are in routes-post.ts; tests call these directly too.
import { QueryError } from './query.ts';
import type { CardBrand } from '../shared/domain.ts';
import { priceOf } from './pricing.ts';
import type { SandboxTransaction, TxVersion } from './model.ts';
import { idFor } from './people.ts';
import { transactionJson } from './serialize.ts';
import { notFound, type SandboxState } from './state.ts';

export interface PlantInput {
  /** Any non-empty string; default a generated tr_ id. */
  id?: string | undefined;
  itemId?: string | undefined;
  holder?: string | undefined;
  status?: 'paid' | 'review' | undefined;
  netValueCents?: number | undefined;
  atMs?: number | undefined;
  brand?: CardBrand | undefined;
  installments?: number | undefined;
  /** The amount charged; default the state's price for (net value, brand, installments). Another
   *  amount plants a mispriced sale (the caller records it in the ground truth as fee_mismatch). */
  authorizedCents?: number | undefined;
}

function conflict(message: string): QueryError {
  return new QueryError('transaction', message);
}

/** A paid (or in review) card sale created at `atMs` (default now), listed like any other. */
export function plantTransaction(state: SandboxState, input: PlantInput): SandboxTransaction {
  const h = state.history;
  if (input.id !== undefined && state.transaction(input.id)) throw conflict(`transaction ${input.id} exists already`);
  const serial = h.nextSerial.transaction++;
  const at = input.atMs ?? state.clock.now();
  const netValue = input.netValueCents ?? 10_000;
  const status = input.status ?? 'paid';
  const brand = input.brand ?? 'visa';
  const installments = input.installments ?? 1;
  const authorized = input.authorizedCents ?? priceOf(state.pricing, brand, netValue, installments);
  const v: TxVersion = { atMs: at, status, authorized, paid: status === 'paid' ? authorized : 0, refunded: 0, code: '0000' };
  const tx: SandboxTransaction = {
    serial,
    id: input.id ?? idFor('tr_', h.seed, serial),
    itemId: input.itemId ?? `PLANT-${serial}`,
    createdMs: at,
    netValue,
    installments,
    holder: input.holder ?? 'MARIA DA SILVA',
    brand,
    first6: '411111',
    last4: '1111',
    approved: true,
    seed: h.seed,
    versions: [v],
    cur: 0,
  };
  state.insertTransaction(tx);
  return tx;
}

/**
 * Breaks the transaction's listing row: `field` becomes `value` (default: its current value as text,
 * e.g. paid_amount 10000 -> "10000"), or is removed. Breaks add up until mendRow.
 */
export function breakRow(state: SandboxState, id: string, change: { field: string; value?: unknown; remove?: boolean }): SandboxTransaction {
  const tx = state.transaction(id);
  if (!tx) throw notFound('transaction', id);
  tx.rowPatch ??= { set: {}, remove: [] };
  const patch = tx.rowPatch;
  if (change.remove) {
    patch.remove.push(change.field);
  } else {
    const current = (JSON.parse(transactionJson(tx, state.currentVersion(tx))) as Record<string, unknown>)[change.field];
    if (change.value === undefined && current === undefined) throw conflict(`transaction ${id} has no field ${change.field} to break; send "value"`);
    patch.set[change.field] = change.value === undefined ? String(current) : change.value;
  }
  state.invalidate();
  return tx;
}

/** Lists the transaction's row as the service would again. */
export function mendRow(state: SandboxState, id: string): SandboxTransaction {
  const tx = state.transaction(id);
  if (!tx) throw notFound('transaction', id);
  delete tx.rowPatch;
  state.invalidate();
  return tx;
}
