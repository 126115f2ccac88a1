// Progress and event logging. Lower layers take a `Logger` (the smallest interface), the CLI picks the
// implementation: progress lines and sentences on a terminal, one JSON line per event otherwise (cron,
// CI), so that a log that is not read by a person stays machine-readable: no bar, no escape code.
// Warnings and notes are sentences (an id and typed values, locale/log-params.ts), never text: the
// terminal words them in reports.locale, the JSON log keeps the English `message` beside the `id`.
import cliProgress from 'cli-progress';
import { lineForFinished, lineForProgress, type ProgressUnit, type ProgressWords } from './progress-text.ts';
import { type Locale, messagesFor } from './locale/index.ts';
import type { LogSentence, ProgressLabel } from './locale/log-params.ts';
import { sayLog } from './locale/log-text.ts';
import { redactSecrets } from './redact.ts';
import { safeText } from './display-text.ts';

interface Progress {
  /** Adds to the done count (and, when known, sets the total). */
  tick(delta: number, total?: number): void;
  stop(): void;
}

interface ProgressOptions {
  /** The count the work will reach; leave it out while unknown (a spinner is drawn, never `n/0`). */
  total?: number | undefined;
  /** What is counted (default rows); bytes are shown with units. */
  unit?: ProgressUnit;
}

export interface Logger {
  /** A notable event: `sync.window.committed`, `import.rejected`, ... Fields must hold no secrets. */
  event(name: string, fields?: Record<string, unknown>): void;
  /** A sentence for a person: on a terminal in its locale; in JSON mode a `message` event, in English. */
  info(sentence: LogSentence): void;
  warn(sentence: LogSentence): void;
  /** A progress line for long work; its label in the locale on a terminal, in English in the JSON log. */
  progress(label: ProgressLabel, options?: ProgressOptions): Progress;
}

const noProgress: Progress = { tick() {}, stop() {} };

export const silentLogger: Logger = {
  event() {},
  info() {},
  warn() {},
  progress: () => noProgress,
};

/** One JSON object per line on the given stream. */
export function jsonLinesLogger(write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const emit = (event: string, fields: Record<string, unknown> = {}) =>
    // Fields quote files, notes and service answers: C1 and bidi overrides go out as \u escapes (lossless).
    write(`${redactSecrets(safeText(JSON.stringify({ time: new Date().toISOString(), event, ...fields }), 'json'))}\n`);
  return {
    event: emit,
    info: (sentence) => emit('message', { level: 'info', message: sayLog('en', sentence), id: sentence.id }),
    warn: (sentence) => emit('message', { level: 'warn', message: sayLog('en', sentence), id: sentence.id }),
    progress(sentence, options = {}) {
      const label = sayLog('en', sentence);
      let { total } = options;
      const unit = options.unit ?? 'rows';
      let done = 0;
      let lastLogged = Date.now();
      return {
        tick(delta, newTotal) {
          done += delta;
          if (newTotal !== undefined) total = newTotal;
          if (Date.now() - lastLogged > 5000) {
            lastLogged = Date.now();
            emit('progress', { label, done, total, unit });
          }
        },
        stop() {
          emit('progress', { label, done, total, unit, finished: true });
        },
      };
    },
  };
}

/** A progress line being drawn, so that a sentence can be written above it and a failure can clear it. */
interface Drawer {
  suspend(): void;
  resume(): void;
  stop(): void;
}

/** Every line being drawn by this process (one at a time in practice). */
const drawing = new Set<Drawer>();

/** Work that ran shorter than this leaves no line once done: the night's summary says what it did. */
const KEEP_FINISHED_MS = 1000;

/**
 * Human output for a terminal: sentences on stderr and a progress line for long work, drawn by
 * cli-progress. It changes no terminal mode (cursor, line wrapping), so a Ctrl-C or a kill at any point
 * leaves the terminal as it was. Its words (the warning's prefix, a progress line's) are reports.locale's.
 */
export function terminalLogger(stream: NodeJS.WriteStream = process.stderr, locale: Locale = 'en'): Logger {
  const messages = messagesFor(locale);
  const words: ProgressWords = { ...messages.progress, fmt: messages.fmt };
  const say = (line: string) => {
    for (const drawer of drawing) drawer.suspend();
    // A sentence may quote a file or a service answer: no control of theirs reaches the terminal.
    stream.write(`${redactSecrets(safeText(line, 'message'))}\n`);
    for (const drawer of drawing) drawer.resume();
  };
  return {
    event() {},
    info: (sentence) => say(sayLog(locale, sentence)),
    warn: (sentence) => say(`${messages.warning}: ${sayLog(locale, sentence)}`),
    progress(sentence, options = {}) {
      const label = sayLog(locale, sentence);
      const started = Date.now();
      const state = { label, done: 0, total: options.total, unit: options.unit ?? 'rows', elapsedMs: 0 };
      const now = () => ({ ...state, elapsedMs: Date.now() - started });
      const bar = new cliProgress.SingleBar({
        stream,
        format: (_options, params) => redactSecrets(lineForProgress(now(), params.maxWidth, words)),
        hideCursor: false,
        // Trims the line to the width itself instead of switching the terminal's wrapping off.
        linewrap: true,
        clearOnComplete: true,
        fps: 10,
      });
      const drawer: Drawer = {
        // Stopping clears the line and puts the cursor back; starting again draws below the sentence.
        suspend: () => bar.stop(),
        resume: () => bar.start(0, 0),
        stop() {
          drawing.delete(drawer);
          bar.stop();
          const finished = now();
          if (finished.elapsedMs >= KEEP_FINISHED_MS) stream.write(`${redactSecrets(lineForFinished(finished, words))}\n`);
        },
      };
      drawing.add(drawer);
      bar.start(0, 0);
      return {
        tick(delta, newTotal) {
          state.done += delta;
          if (newTotal !== undefined) state.total = newTotal;
        },
        stop: () => drawer.stop(),
      };
    },
  };
}

/** The CLI's choice: a terminal gets progress lines and sentences, anything else gets JSON lines. */
export function loggerForProcess(locale: Locale): Logger {
  return process.stderr.isTTY ? terminalLogger(process.stderr, locale) : jsonLinesLogger();
}

/**
 * The end of a failed run, before the CLI entry's final `recon: ...` line: a progress line still drawn
 * is cleared (its work was cut short), and the JSON log gets an `error` event with the message and the
 * exit code, so that a reader of the log alone knows how the run ended.
 */
export function logRunFailure(message: string, exitCode: number): void {
  for (const drawer of [...drawing]) {
    drawing.delete(drawer);
    drawer.suspend();
  }
  // A terminal logger has no events: only the JSON log gets one.
  if (!process.stderr.isTTY) jsonLinesLogger().event('error', { message, exit_code: exitCode });
}
