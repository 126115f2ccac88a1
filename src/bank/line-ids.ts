// The warehouse id of each statement line, the same whichever statement brings the line again.
// - With a FITID: the FITID itself, when it names this line and no other (the warehouse has no line of
//   that FITID, or has this very line: same day and amount). When it names another line too (banks
//   number their FITIDs per day and start again, or give every line of a day the same one), the FITID
//   with the line's day and amount, `<fitid>/<day>/<cents>`; the n-th line of a file identical in all
//   three gets `#n` (two identical fees of one day stay two lines).
// - Without one: `syn:` and a hash of the line's content (day, amount, memo, document number) with its
//   occurrence among the file's identical lines, so the same line in an overlapping statement gets the
//   same id.
import { createHash } from 'node:crypto';
import type { StatementLine } from './statement.ts';

/** What the warehouse already holds under a FITID of the file: the line's day and amount. */
export type KnownFitids = ReadonlyMap<string, { postedOn: string; amountCents: number }>;

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
