// What keeps released migrations frozen: each file in src/warehouse/migrations must be pinned by its
// sha256 (migrations-frozen.test.ts, RELEASED) and still hash to its pin; a pin must keep its file. Each
// problem is a sentence that says what to do, since the person who meets it is usually editing a
// migration that looks like theirs to edit.
import { createHash } from 'node:crypto';

export interface MigrationFile {
  /** The file's name, e.g. 0017-bank-statements.sql. */
  file: string;
  bytes: Uint8Array;
}

const PINS_AT = 'RELEASED in test/warehouse/migrations-frozen.test.ts';

function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every way the files differ from their pins, one sentence each; none when the migrations are frozen. */
export function frozenMigrationProblems(files: readonly MigrationFile[], pins: ReadonlyArray<readonly [string, string]>): string[] {
  const pinned = new Map(pins.map(([file, sha256]) => [file, sha256]));
  const present = new Set(files.map((f) => f.file));
  const problems: string[] = [];
  for (const { file, bytes } of files) {
    const actual = sha256Of(bytes);
    const pin = pinned.get(file);
    if (pin === undefined) {
      problems.push(
        `${file} is not pinned: add ['${file}', '${actual}'] to ${PINS_AT} in the commit that adds it (every commit on main is a release, and a released migration is frozen)`,
      );
    } else if (pin !== actual) {
      const version = file.slice(0, 4);
      problems.push(
        `${file} was released and has changed (sha256 ${actual}, pinned ${pin}): put it back as released (git checkout main -- src/warehouse/migrations/${file}) and write a new migration instead of editing ${version}; never change its pin`,
      );
    }
  }
  for (const [file] of pins) {
    if (!present.has(file)) problems.push(`${file} is pinned but gone: a released migration is never renamed or removed; put it back`);
  }
  return problems;
}
