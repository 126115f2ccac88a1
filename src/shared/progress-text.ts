// The text of a progress line on a terminal, kept apart from the drawing (src/shared/log.ts) so that it
// is pure: the caller passes the elapsed time and the width. A line shows a bar only against a total
// known to hold: while the total is unknown (or was passed, as when a listing grows during a sync) it is
// a spinner with the count and the rate, never `n/0`. Byte counts read with units (KB, MB, GB). Words
// and figures are those of reports.locale (`ProgressWords`: the catalogue's nouns and its formatter).
import type { Formatter } from './locale/format.ts';
import { formatEn } from './locale/format-en.ts';

/** What a count is of; bytes are shown with units, the rest as a plain number and the noun. */
export type ProgressUnit = 'bytes' | 'rows' | 'nights';

export interface ProgressState {
  label: string;
  done: number;
  /** Absent while unknown. */
  total?: number | undefined;
  unit: ProgressUnit;
  elapsedMs: number;
}

/** What a progress line says in a locale: the nouns (singular, plural), the word before a duration, the formatter. */
export interface ProgressWords {
  rows: readonly [string, string];
  nights: readonly [string, string];
  took: string;
  fmt: Formatter;
}

const ENGLISH: ProgressWords = { rows: ['row', 'rows'], nights: ['night', 'nights'], took: 'in', fmt: formatEn };

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** A spinner frame lasts this long, whatever the redraw rate. */
const FRAME_MS = 100;
/** Before this much time a rate is noise (the first page or block), so none is shown. */
const MIN_RATE_MS = 1000;
const BAR_MIN = 10;
const BAR_MAX = 30;

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 0 B, 999 B, 1.0 KB, 12.3 MB, 1.50 GB (binary multiples, as file managers show them). */
export function formatBytes(bytes: number, words: ProgressWords = ENGLISH): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Three significant figures at most: 1.50 GB, 12.3 MB, 512 KB.
  const digits = value >= 100 ? 0 : value >= 10 || unit < 2 ? 1 : 2;
  return `${words.fmt.decimal(value, digits)} ${BYTE_UNITS[unit]}`;
}

/** `36,084 rows`, `1 night`, `1.2 MB` (`36.084 linhas` in pt-BR). */
function formatQuantity(count: number, unit: ProgressUnit, words: ProgressWords): string {
  if (unit === 'bytes') return formatBytes(count, words);
  return `${words.fmt.count(Math.round(count))} ${nounOf(count, unit, words)}`;
}

function nounOf(count: number, unit: Exclude<ProgressUnit, 'bytes'>, words: ProgressWords): string {
  return words[unit][Math.round(count) === 1 ? 0 : 1];
}

/** `2930 rows/s`, `1.2 MB/s`; undefined while too early to tell. */
export function formatRate(done: number, elapsedMs: number, unit: ProgressUnit, words: ProgressWords = ENGLISH): string | undefined {
  if (elapsedMs < MIN_RATE_MS) return undefined;
  const perSecond = (done * 1000) / elapsedMs;
  if (unit === 'bytes') return `${formatBytes(perSecond, words)}/s`;
  const figure = perSecond >= 10 ? words.fmt.count(Math.round(perSecond)) : words.fmt.decimal(perSecond, 1);
  return `${figure} ${words[unit][1]}/s`;
}

/** `0 s`, `59 s`, `1 min 05 s`, `2 h 03 min`: the locale formatter's whole seconds elapsed. */
export function formatElapsed(ms: number, words: ProgressWords = ENGLISH): string {
  return words.fmt.elapsed(ms);
}

/** A total the count has not passed; a count beyond its total shows the total was wrong. */
function knownTotal(state: ProgressState): number | undefined {
  const { total, done } = state;
  return total !== undefined && total > 0 && done <= total ? total : undefined;
}

/**
 * The line drawn while work runs, at most `width` characters:
 * `import a.csv [██████░░░░] 60% 1.2 MB / 2.0 MB · 800 KB/s · 3 s` with a total,
 * `⠙ sync 36084 rows · 2930 rows/s · 12 s` without.
 */
export function lineForProgress(state: ProgressState, width: number, words: ProgressWords = ENGLISH): string {
  const rate = formatRate(state.done, state.elapsedMs, state.unit, words);
  const tail = [rate, formatElapsed(state.elapsedMs, words)].filter((part) => part !== undefined).join(' · ');
  const total = knownTotal(state);
  if (total === undefined) {
    const frame = SPINNER[Math.floor(state.elapsedMs / FRAME_MS) % SPINNER.length];
    return fitToWidth(`${frame} ${state.label} ${formatQuantity(state.done, state.unit, words)} · ${tail}`, width);
  }
  const share = state.done / total;
  const counts = `${Math.floor(share * 100)}% ${formatCounts(state.done, total, state.unit, words)} · ${tail}`;
  const room = width - state.label.length - counts.length - 4;
  if (room < BAR_MIN) return fitToWidth(`${state.label} ${counts}`, width);
  const size = Math.min(BAR_MAX, room);
  const filled = Math.min(size, Math.floor(share * size));
  return `${state.label} [${'█'.repeat(filled)}${'░'.repeat(size - filled)}] ${counts}`;
}

/** The line left once work ends (the bar is cleared): `sync: 36084 rows in 12 s (2930 rows/s)`. */
export function lineForFinished(state: ProgressState, words: ProgressWords = ENGLISH): string {
  const total = knownTotal(state);
  const counts = total !== undefined && state.done < total ? formatCounts(state.done, total, state.unit, words) : formatQuantity(state.done, state.unit, words);
  const rate = formatRate(state.done, state.elapsedMs, state.unit, words);
  return `${state.label}: ${counts} ${words.took} ${formatElapsed(state.elapsedMs, words)}${rate ? ` (${rate})` : ''}`;
}

/** `1.2 MB / 2.0 MB`, `120 / 300 rows`. */
function formatCounts(done: number, total: number, unit: ProgressUnit, words: ProgressWords): string {
  if (unit === 'bytes') return `${formatBytes(done, words)} / ${formatBytes(total, words)}`;
  return `${words.fmt.count(Math.round(done))} / ${formatQuantity(total, unit, words)}`;
}

function fitToWidth(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}
