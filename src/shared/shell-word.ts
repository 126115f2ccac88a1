// The one shell quoting of the commands recon prints for a person to paste (the resume command of a
// stopped backfill, the `recon serve` hint, this install's own entry point). Pure.

/** A word as a POSIX shell reads it back: plain when it is only safe characters, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
