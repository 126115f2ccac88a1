// The warehouse id of each statement line. The bank's FITID when it is usable: present and not repeated
// within the file (banks leave it empty, or give every line of a day the same one). Otherwise one made
// from the line's content — day, amount, memo, document number — and its occurrence among the file's
// identical lines, so the same line in an overlapping statement gets the same id, and two identical
// fees on one day stay two lines.
import { createHash } from 'node:crypto';
import type { StatementLine } from './statement.ts';

export function lineIdsFor(lines: readonly StatementLine[]): string[] {
  const fitids = new Map<string, number>();
  for (const line of lines) if (line.fitid) fitids.set(line.fitid, (fitids.get(line.fitid) ?? 0) + 1);
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.fitid && fitids.get(line.fitid) === 1) return line.fitid;
    const content = createHash('sha256')
      .update([line.postedOn, String(line.amountCents), line.memo, line.documentNumber ?? ''].join('\u0000'))
      .digest('hex')
      .slice(0, 24);
    const occurrence = (seen.get(content) ?? 0) + 1;
    seen.set(content, occurrence);
    return `syn:${content}:${occurrence}`;
  });
}
