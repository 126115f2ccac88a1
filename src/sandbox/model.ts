// The sandbox's in-memory model: a timeline per transaction, operation and order. Each record holds
// the versions it goes through (UTC ms instants); what the service "shows" is the version in force
// at the clock's now. The state (state.ts) owns the `cur` cursors; everything else is immutable
// once generated, except for the mutations the state applies (refunds, chargebacks, ...).
import type { StatementAccount, StatementLine } from '../bank/statement.ts';
import type { CardBrand, FindingCategory } from '../shared/domain.ts';
import type { PlantedNotification } from './contradicting-notifications.ts';

export const SANDBOX_TIMEZONE = 'America/Sao_Paulo';

/** Status a transaction can hold inside the sandbox (rejected ones are never listed). */
export type SandboxTxStatus = 'processing' | 'paid' | 'review' | 'refused' | 'rejected' | 'refunded' | 'chargeback';

export interface TxVersion {
  atMs: number;
  status: SandboxTxStatus;
  authorized: number;
  paid: number;
  refunded: number;
  /** acquirer_status_code; null when rejected. */
  code: string | null;
}

export interface SandboxTransaction {
  serial: number;
  id: string;
  itemId: string;
  createdMs: number;
  netValue: number;
  installments: number;
  holder: string;
  brand: CardBrand;
  first6: string;
  last4: string;
  /** Approved by the acquirer: it then has an NSU and an authorization code, derived from (seed, serial)
   *  by nsuOf / authCodeOf rather than stored (two strings fewer per row in a million-row history). */
  approved: boolean;
  /** The history's seed (the derivation's key). */
  seed: number;
  /** versions[0].atMs === createdMs; sorted by atMs. */
  versions: TxVersion[];
  /** Index of the version in force at the state's now (owned by the state). */
  cur: number;
  postbackUrl?: string;
  postbackSignature?: string;
  /** Planted breakage of its listing row (plant.ts): fields set to other JSON values or removed. */
  rowPatch?: RowPatch;
}

/** Changes to a listed row: `set` replaces (or adds) fields, `remove` drops them. */
export interface RowPatch {
  set: Record<string, unknown>;
  remove: string[];
}

export type OperationKind = 'cash_in' | 'cash_out';

export interface OpVersion {
  atMs: number;
  status: string;
  /** paid_amount (cash-in) or paid_off_amount (cash-out), cents. */
  settled: number;
}

export interface SandboxOperation {
  serial: number;
  kind: OperationKind;
  id: string;
  itemId: string;
  createdMs: number;
  amount: number;
  customerName: string;
  document: string;
  versions: OpVersion[];
  cur: number;
}

/** Portuguese statuses of the merchant's export. */
export type OrderExportStatus = 'Pago' | 'Aguardando pagamento' | 'Cancelado' | 'Estornado';

export interface OrderVersion {
  atMs: number;
  status: OrderExportStatus;
  /** The card transaction the shop recorded ('' when none or paid by Pix). */
  transactionId: string;
  /** The order's total from this version on, when the shop edited it (cents); else the order's amount. */
  amount?: number;
}

export interface SandboxOrder {
  itemId: string;
  customerName: string;
  document: string;
  createdMs: number;
  amount: number;
  note: string;
  versions: OrderVersion[];
}

export interface TruthEntry {
  category: FindingCategory;
  /** Business day whose nightly reconciliation first reports it. */
  date: string;
  item_id?: string;
  operation_id?: string;
  transaction_ids?: string[];
  /** The bank statement line of a bank_credit_unexplained (its FITID; the account is the sandbox merchant's). */
  line_id?: string;
  /** Business day whose nightly reconciliation reports it resolved (resolutions.ts); absent while it stays open. */
  resolved?: string | undefined;
}

/** The sandbox merchant's own bank account (bank-statement.ts). */
export interface SandboxBank {
  accountId: string;
  account: StatementAccount;
  /** Every line of the account, in posting order; the statement of a day holds that day's. */
  lines: StatementLine[];
  /** Lines that reach the statements late (late-credits.ts): by FITID, the first night whose statement holds them. */
  arrivals?: ReadonlyMap<string, string>;
}

export interface SandboxHistory {
  seed: number;
  days: number;
  perDay: number;
  startDate: string;
  endDate: string;
  timezone: string;
  discrepancyRate: number;
  /** Sorted by createdMs, then serial. */
  transactions: SandboxTransaction[];
  operations: SandboxOperation[];
  orders: SandboxOrder[];
  discrepancies: TruthEntry[];
  /** Next free serials, for records created later (POST routes, mutations). */
  nextSerial: { transaction: number; operation: number; order: number };
  /** Versions (notificationKey) whose notification the sandbox never delivers (lost-notifications.ts). */
  lostNotifications?: ReadonlySet<string>;
  /** Notifications its timelines do not hold, sorted by date_updated (contradicting-notifications.ts). */
  plantedNotifications?: readonly PlantedNotification[];
  /** The merchant's payouts' bank account and its statement lines, when asked for (GenerateOptions.bankStatement). */
  bank?: SandboxBank;
  /** First day of the older tail of card sales before startDate (older-sales.ts), when it has one. */
  olderSalesFrom?: string | undefined;
}

/** The version of a timeline in force at `atMs` (versions sorted; the first one always applies). */
export function versionIndexAt(versions: readonly { atMs: number }[], atMs: number): number {
  let i = 0;
  while (i + 1 < versions.length && (versions[i + 1] as { atMs: number }).atMs <= atMs) i++;
  return i;
}
