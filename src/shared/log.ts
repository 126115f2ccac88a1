// Progress and event logging. Lower layers take a `Logger` (the smallest interface), the CLI picks the
// implementation: a progress bar on a terminal, one JSON line per event otherwise (cron, CI).
import cliProgress from 'cli-progress';
import { redactSecrets } from './redact.ts';

interface Progress {
  /** Adds to the done count (and, when known, sets the total). */
  tick(delta: number, total?: number): void;
  stop(): void;
}

export interface Logger {
  /** A notable event: `sync.window.committed`, `import.rejected`, ... Fields must hold no secrets. */
  event(name: string, fields?: Record<string, unknown>): void;
  /** A human sentence for the terminal; in JSON mode it becomes a `message` event. */
  info(message: string): void;
  warn(message: string): void;
  progress(label: string, total?: number): Progress;
}

const noProgress: Progress = { tick() {}, stop() {} };

export const silentLogger: Logger = {
  event() {},
  info() {},
  warn() {},
  progress: () => noProgress,
};

/** One JSON object per line on the given stream. */
function jsonLinesLogger(write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const emit = (event: string, fields: Record<string, unknown> = {}) =>
    write(`${redactSecrets(JSON.stringify({ time: new Date().toISOString(), event, ...fields }))}\n`);
  return {
    event: emit,
    info: (message) => emit('message', { level: 'info', message }),
    warn: (message) => emit('message', { level: 'warn', message }),
    progress(label, total) {
      let done = 0;
      let lastLogged = Date.now();
      return {
        tick(delta, newTotal) {
          done += delta;
          if (newTotal !== undefined) total = newTotal;
          if (Date.now() - lastLogged > 5000) {
            lastLogged = Date.now();
            emit('progress', { label, done, total });
          }
        },
        stop() {
          emit('progress', { label, done, total, finished: true });
        },
      };
    },
  };
}

/** Human output for a terminal: sentences on stderr and a progress bar for long work. */
function terminalLogger(stream: NodeJS.WriteStream = process.stderr): Logger {
  return {
    event() {},
    info: (message) => stream.write(`${redactSecrets(message)}\n`),
    warn: (message) => stream.write(`warning: ${redactSecrets(message)}\n`),
    progress(label, total) {
      const bar = new cliProgress.SingleBar(
        { format: `${label} [{bar}] {value}/{total} {duration}s`, stream, hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total ?? 0, 0);
      let done = 0;
      return {
        tick(delta, newTotal) {
          done += delta;
          if (newTotal !== undefined) bar.setTotal(newTotal);
          bar.update(done);
        },
        stop: () => bar.stop(),
      };
    },
  };
}

/** The CLI's choice: a terminal gets bars and sentences, anything else gets JSON lines. */
export function loggerForProcess(): Logger {
  return process.stderr.isTTY ? terminalLogger() : jsonLinesLogger();
}
