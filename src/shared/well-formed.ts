// Lone surrogates: JSON may carry "\ud800" (a valid string escape), JSON.parse decodes it to half a
// UTF-16 pair, and no UTF-8 text (DuckDB's VARCHAR and JSON, a file, a report) can hold that. These
// helpers find such text and replace each lone half by U+FFFD, as String.prototype.toWellFormed does.
// Node 20 has both methods; the ES2023 lib this project compiles against does not declare them yet.

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** False when the text holds a lone surrogate. One-byte strings (all ASCII and Latin-1 text) answer at once. */
export function isWellFormed(text: string): boolean {
  return (text as unknown as WellFormedString).isWellFormed();
}

/** The text with every lone surrogate replaced by U+FFFD. */
export function toWellFormed(text: string): string {
  return (text as unknown as WellFormedString).toWellFormed();
}

/** True when any string of a parsed JSON value, key or value, at any depth, holds a lone surrogate. */
export function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !isWellFormed(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) if (!isWellFormed(key) || hasLoneSurrogate(inner)) return true;
  }
  return false;
}

/**
 * A parsed JSON value with every string (keys included) made well-formed. Keys are copied with
 * Object.fromEntries so that a key named "__proto__" stays an own key, as JSON.parse made it.
 */
export function copyWellFormed(value: unknown): unknown {
  if (typeof value === 'string') return toWellFormed(value);
  if (Array.isArray(value)) return value.map(copyWellFormed);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toWellFormed(key), copyWellFormed(inner)]));
  }
  return value;
}
