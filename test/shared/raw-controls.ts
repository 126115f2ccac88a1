// What a test looks for in an output a person reads: a raw control (C0, DEL, C1) or bidi formatting
// character (embeddings, overrides, isolates) that src/shared/display-text.ts should have kept out.
// Tab, CR and LF are allowed where the format has them (a file cell, the page), not on a terminal line.

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const RAW_BUT_TAB_AND_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const RAW_ANY = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** The raw characters found, as `U+XXXX` (empty when the text is inert). */
export function rawControlsIn(text: string, options: { breaks: boolean }): string[] {
  const found = text.match(options.breaks ? RAW_BUT_TAB_AND_BREAKS : RAW_ANY) ?? [];
  return [...new Set(found)].map((c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
