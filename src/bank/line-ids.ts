// The warehouse id of each statement line, the same whichever statement brings the line again.
// - With a FITID: the FITID itself, when it names this line and no other (the warehouse has no line of
//   that FITID, or has this very line: same day and amount). When it names another line too (banks
//   number their FITIDs per day and start again, or give every line of a day the same one), the FITID
//   with the line's day and amount, `<fitid>/<day>/<cents>`; the n-th line of a file identical in all
//   three gets `#n` (two identical fees of one day stay two lines).
// - Without one: `syn:` and a hash of the line's content (day, amount, memo, document number) with its
//   occurrence among the file's identical lines, so the same line in an overlapping statement gets the
//   same id.
// A FITID never equals a derived id: a FITID of their shape (`syn:...`, or ending in `/<day>/<cents>`) is
// kept out by the reader (statement-limits.ts), so derived ids live in a namespace a file cannot reach.
// And an id the warehouse already holds for a line of another day or amount is never merged into it
// silently: the line is kept out with both lines named (keepOutCollisions).
import { createHash } from 'node:crypto';
import { keptOutOf, type KeptOut } from '../shared/locale/kept-out-text.ts';
import type { StatementLine } from './statement.ts';

/** What the warehouse already holds under a line id: the line's day and amount. */
export type KnownLines = ReadonlyMap<string, { postedOn: string; amountCents: number }>;
/** What the warehouse already holds under a FITID of the file. */
export type KnownFitids = KnownLines;

export function lineIdsFor(lines: readonly StatementLine[], known: KnownFitids = new Map()): string[] {
  const claimed = new Map(known);
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const occurrence = (key: string) => {
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return n;
    };
    if (line.fitid) {
      const long = `${line.fitid}/${line.postedOn}/${line.amountCents}`;
      const n = occurrence(`fit\u0000${long}`);
      const holder = claimed.get(line.fitid);
      if (n === 1 && (holder === undefined || (holder.postedOn === line.postedOn && holder.amountCents === line.amountCents))) {
        claimed.set(line.fitid, { postedOn: line.postedOn, amountCents: line.amountCents });
        return line.fitid;
      }
      return n === 1 ? long : `${long}#${n}`;
    }
    const content = createHash('sha256')
      .update([line.postedOn, String(line.amountCents), line.memo, line.documentNumber ?? ''].join('\u0000'))
      .digest('hex')
      .slice(0, 24);
    return `syn:${content}:${occurrence(`syn\u0000${content}`)}`;
  });
}

/**
 * The indexes of the lines whose id the warehouse holds for another line (another day or amount), with
 * the reason each is kept out. Inserting them would be a silent no-op (ON CONFLICT DO NOTHING): the line
 * would vanish with nothing said. A line held under its id with the same day and amount is that line
 * again (an overlapping statement), not a collision.
 */
export function collidingLines(lines: readonly StatementLine[], ids: readonly string[], known: KnownLines): Map<number, KeptOut> {
  const colliding = new Map<number, KeptOut>();
  lines.forEach((line, i) => {
    const id = ids[i] as string;
    const holder = known.get(id);
    if (holder === undefined || (holder.postedOn === line.postedOn && holder.amountCents === line.amountCents)) return;
    colliding.set(
      i,
      keptOutOf({
        kind: 'lineIdTaken',
        id: id.slice(0, 100),
        heldOn: holder.postedOn,
        heldCents: holder.amountCents,
        postedOn: line.postedOn,
        cents: line.amountCents,
      }),
    );
  });
  return colliding;
}
