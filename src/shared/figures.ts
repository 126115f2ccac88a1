// The figures a night is read by (new, open, overdue and the amount at stake), each defined once, here.
// summary.json, the workbooks, the page, `recon findings` and the alerts all count with these: in SQL
// (the reconcile's counts behind summary.json, the workbook's Summary sheet) through the SQL twin written
// beside each predicate, in memory (the triage fold, the page, the CLI, the alerts) through the predicate
// itself. docs/triage.md#the-figures-of-a-night says what each means and where it shows; a test computes
// each figure of one sandbox night in every place and holds them equal.
import { amountAtStakeOf } from './amount-at-stake.ts';

/** A finding as the figures read it: its lifecycle state (the data's), category and amounts. */
interface CountedFinding {
  category: string;
  /** The lifecycle state the reconciliation computed: new, open or resolved. */
  state: string;
  orderAmountCents: bigint | null;
  paymentAmountCents: bigint | null;
  differenceCents: bigint | null;
}

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** New: first seen on the night (lifecycle `new`), whatever a person has said of it since. */
export function isNewFinding(f: Pick<CountedFinding, 'state'>): boolean {
  return f.state === 'new';
}
export const newFindingSql = (alias?: string): string => `${column(alias, 'state')} = 'new'`;

/** Open: seen on an earlier night and still true on this one (lifecycle `open`), acknowledged or not. */
export function isOpenFinding(f: Pick<CountedFinding, 'state'>): boolean {
  return f.state === 'open';
}
export const openFindingSql = (alias?: string): string => `${column(alias, 'state')} = 'open'`;

/** At stake: the findings whose amount the night's amount at stake adds up, the new and the open ones. */
export function isAtStake(f: Pick<CountedFinding, 'state'>): boolean {
  return f.state !== 'resolved';
}
export const atStakeSql = (alias?: string): string => `${column(alias, 'state')} <> 'resolved'`;

/**
 * Overdue on night D: still to act on (neither resolved nor accepted as explained; an acknowledged finding
 * still counts against its deadline) and D is after its due date. `night` is the business day the
 * figures describe, never the day someone reads them: a finding due on D is still on time in D's figures,
 * whether they are read that night, the next morning or a week later.
 */
export function isOverdue(f: { triageState: string; dueDate: string | null }, night: string): boolean {
  const live = f.triageState !== 'resolved' && f.triageState !== 'accepted';
  return live && f.dueDate !== null && night > f.dueDate;
}

/** The figures of a set of findings: counts, and the amount at stake of the findings still at stake and of the overdue ones. */
interface Figures {
  new: number;
  open: number;
  overdue: number;
  amountAtStakeCents: bigint;
  overdueAmountCents: bigint;
}

const noFigures = (): Figures => ({ new: 0, open: 0, overdue: 0, amountAtStakeCents: 0n, overdueAmountCents: 0n });

/** The night's figures, in all and per category, from findings whose `overdue` isOverdue decided. */
export function figuresOf(findings: Iterable<CountedFinding & { overdue: boolean }>): Figures & { byCategory: Map<string, Figures> } {
  const total = noFigures();
  const byCategory = new Map<string, Figures>();
  for (const f of findings) {
    let cat = byCategory.get(f.category);
    if (cat === undefined) {
      cat = noFigures();
      byCategory.set(f.category, cat);
    }
    const amount = amountAtStakeOf(f);
    for (const into of [total, cat]) {
      if (isNewFinding(f)) into.new += 1;
      if (isOpenFinding(f)) into.open += 1;
      if (isAtStake(f)) into.amountAtStakeCents += amount;
      if (f.overdue) {
        into.overdue += 1;
        into.overdueAmountCents += amount;
      }
    }
  }
  return { ...total, byCategory };
}
