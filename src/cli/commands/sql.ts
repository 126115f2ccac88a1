// `recon sql`: ad hoc SQL on a read-only, sealed warehouse connection; without a query, an interactive
// prompt. The warehouse is opened for each statement and closed after it, never held while idle; each
// statement is bounded in time and spill, and gives way to a night (report/run-sql.ts).
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { defineCommand } from 'citty';
import { messagesFor } from '../../shared/locale/index.ts';
import { ReconError, exitCodeFor } from '../../shared/errors.ts';
import { configArg, contextFor, sandboxArg } from '../context.ts';
import { errorFrameLocale } from '../frame-locale.ts';
import { runSqlOnWarehouse } from '../../report/run-sql.ts';
import { assertWarehouseExists } from '../../warehouse/open.ts';
import { SQL_FORMATS, type SqlFormat, type Write } from '../../report/sql-output.ts';

export default defineCommand({
  meta: { name: 'sql' },
  args: {
    query: { type: 'positional', required: false },
    format: { type: 'string', default: 'table' },
    ...configArg,
    ...sandboxArg,
  },
  async run({ args }) {
    const format = args.format as SqlFormat;
    if (!SQL_FORMATS.includes(format)) throw new ReconError('usage', { id: 'tableFormat', got: String(args.format) });
    const { warehouse, sql: bounds } = contextFor(args).config;
    const path = warehouse.path;
    const run: RunStatement = (sql) => runSqlOnWarehouse(path, warehouse, sql, format, writeStdout, bounds);
    if (args.query !== undefined && args.query.trim() !== '') {
      await run(args.query);
    } else {
      // Said before the prompt waits for input, not at the first statement.
      assertWarehouseExists(path);
      await prompt(run);
    }
  },
});

const writeStdout: Write = async (text) => {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
};

type RunStatement = (sql: string) => Promise<void>;

/** Statements may span lines and end with `;`. `.quit` leaves; an error is printed and the prompt goes on. */
async function prompt(run: RunStatement): Promise<void> {
  const interactive = Boolean(process.stdin.isTTY);
  const rl = createInterface({ input: process.stdin, output: interactive ? process.stdout : undefined, terminal: interactive });
  if (interactive) process.stdout.write(`${messagesFor(errorFrameLocale()).commands.sqlBanner}\n`);
  let buffer = '';
  let statements = 0;
  const ask = () => {
    if (interactive) {
      rl.setPrompt(buffer === '' ? 'recon> ' : '   ...> ');
      rl.prompt();
    }
  };
  ask();
  try {
    for await (const line of rl) {
      const trimmed = line.trim();
      if (buffer === '' && (trimmed === '.quit' || trimmed === '.exit')) break;
      if (buffer === '' && trimmed === '.tables') {
        await runOne(run, `SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'main' ORDER BY table_type, table_name`);
      } else if (buffer === '' && trimmed === '') {
        // nothing to run
      } else {
        buffer += (buffer === '' ? '' : '\n') + line;
        if (trimmed.endsWith(';')) {
          const sql = buffer;
          buffer = '';
          statements += 1;
          await runOne(run, sql);
        }
      }
      ask();
    }
    if (buffer.trim() !== '') {
      statements += 1;
      await runOne(run, buffer);
    }
  } finally {
    rl.close();
  }
  // From cron, an empty query must not look like success.
  if (!interactive && statements === 0) throw new ReconError('usage', { id: 'sqlNone' });
}

async function runOne(run: RunStatement, sql: string): Promise<void> {
  try {
    await run(sql);
  } catch (error) {
    if (!(error instanceof ReconError)) throw error;
    // A statement's error, in the config's locale like the CLI entry's; the session goes on.
    process.stderr.write(`error: ${error.sayIn(errorFrameLocale())}\n`);
    process.exitCode = exitCodeFor(error);
  }
}
