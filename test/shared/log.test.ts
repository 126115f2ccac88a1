// The two loggers' output: on a terminal, progress lines drawn by cli-progress (a spinner while the
// total is unknown, units for bytes, sentences on lines of their own, no terminal mode switched);
// anywhere else JSON lines only, whose progress events keep their fields.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonLinesLogger, terminalLogger } from '../../src/shared/log.ts';
import { registerSecret } from '../../src/shared/redact.ts';

function fakeTerminal(columns = 100) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  Object.assign(stream, { isTTY: true, columns });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}

// Fake timers drive cli-progress's redraw timer and the elapsed time alike.
afterEach(() => {
  vi.useRealTimers();
});

describe('the terminal logger', () => {
  it('draws a spinner with the count and the rate while the total is unknown, never n/0', () => {
    vi.useFakeTimers();
    const terminal = fakeTerminal();
    const progress = terminalLogger(terminal.stream).progress({ id: 'syncProgress' }, { unit: 'rows' });
    progress.tick(2155);
    vi.advanceTimersByTime(1200);
    progress.tick(4228);
    vi.advanceTimersByTime(800);
    const drawn = terminal.text();
    expect(drawn).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] sync 2,155 rows · 0 s/);
    expect(drawn).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] sync 6,383 rows · 3,192 rows\/s · 2 s/);
    expect(drawn).not.toMatch(/\d+\/0\b/);
    progress.stop();
    // Work of a second or more leaves a line saying what it did.
    expect(terminal.text().endsWith('sync: 6,383 rows in 2 s (3,192 rows/s)\n')).toBe(true);
  });

  it("labels its line in its locale, counts in the locale's format", () => {
    vi.useFakeTimers();
    const terminal = fakeTerminal();
    const progress = terminalLogger(terminal.stream, 'pt-BR').progress({ id: 'syncProgress' }, { unit: 'rows' });
    progress.tick(2155);
    vi.advanceTimersByTime(1200);
    progress.tick(4228);
    vi.advanceTimersByTime(800);
    progress.stop();
    expect(terminal.text()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] sincronização 2\.155 linhas · 0 s/);
    expect(terminal.text().endsWith('sincronização: 6.383 linhas em 2 s (3.192 linhas/s)\n')).toBe(true);
  });

  it('draws a bar once the total is known, bytes with units, and clears it when done quickly', () => {
    vi.useFakeTimers();
    const terminal = fakeTerminal(80);
    const progress = terminalLogger(terminal.stream).progress({ id: 'importProgress', file: 'orders.csv' }, { total: 3 * 1024 ** 2, unit: 'bytes' });
    progress.tick(1024 ** 2);
    vi.advanceTimersByTime(150);
    progress.tick(2 * 1024 ** 2);
    progress.stop();
    const drawn = terminal.text();
    expect(drawn).toMatch(/import orders\.csv \[█+░+\] 33% 1\.0 MB \/ 3\.0 MB · 0 s/);
    expect(drawn).toMatch(/import orders\.csv \[█+\] 100% 3\.0 MB \/ 3\.0 MB · 0 s/);
    // Cleared: the last thing written erases the line.
    expect(drawn.endsWith('\u001b[2K')).toBe(true);
    // Neither the cursor nor line wrapping is switched off: an abrupt end leaves the terminal as it was.
    expect(drawn).not.toContain('\u001b[?25l');
    expect(drawn).not.toContain('\u001b[?7l');
  });

  it('writes a sentence on a line of its own while a line is drawn, then draws again', () => {
    vi.useFakeTimers();
    const terminal = fakeTerminal();
    const logger = terminalLogger(terminal.stream);
    const progress = logger.progress({ id: 'syncProgress' });
    progress.tick(10);
    vi.advanceTimersByTime(150);
    logger.warn({ id: 'ordersNoRows', file: 'orders.csv' });
    const after = terminal.text().length;
    vi.advanceTimersByTime(150);
    progress.stop();
    // The drawn line is erased first, so the sentence does not run on after the spinner.
    expect(terminal.text()).toContain('\u001b[2Kwarning: orders.csv: no order rows after the header; nothing imported from it\n');
    expect(terminal.text().slice(after)).toMatch(/sync 10 rows/);
  });

  it("words a warning and a note in its locale, figures in the locale's formats", () => {
    const terminal = fakeTerminal();
    const logger = terminalLogger(terminal.stream, 'pt-BR');
    logger.warn({ id: 'statementMissing', file: 'extrato.ofx', date: '2026-11-22' });
    logger.info({ id: 'backfillPlanned', from: '2026-01-02', to: '2026-02-03', transactions: 12345, runs: 2 });
    expect(terminal.text()).toBe(
      'aviso: o extrato bancário extrato.ofx de 22/11/2026 não existe (ainda); a noite segue sem ele — importe-o depois com recon import, ou confira bank.statementPath / --statement\n' +
        'leitura retroativa das vendas antigas para a previsão de caixa: 02/01/2026 a 03/02/2026, cerca de 12.345 transações em 2 execuções\n',
    );
  });

  it('never shows a registered secret a warning quotes', () => {
    const terminal = fakeTerminal();
    registerSecret('test_SECRETLOGKEY123456');
    terminalLogger(terminal.stream, 'pt-BR').warn({ id: 'notificationNotKept', said: 'bad key test_SECRETLOGKEY123456' });
    expect(terminal.text()).not.toContain('SECRETLOGKEY');
  });
});

describe('the JSON lines logger', () => {
  it('keeps progress machine-readable: label, done, total, unit, and finished at the end', () => {
    const lines: string[] = [];
    const progress = jsonLinesLogger((line) => lines.push(line)).progress({ id: 'importProgress', file: 'a.csv' }, { total: 2048, unit: 'bytes' });
    progress.tick(2048);
    progress.stop();
    expect(lines.every((line) => line.endsWith('\n') && !line.includes('\u001b'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { time: expect.any(String), event: 'progress', label: 'import a.csv', done: 2048, total: 2048, unit: 'bytes', finished: true },
    ]);
  });

  it('writes a warning as a message event: its level, its English message and its id, whatever the locale', () => {
    const lines: string[] = [];
    jsonLinesLogger((line) => lines.push(line)).warn({ id: 'feesBudgetReached', budget: 500 });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: expect.any(String),
        event: 'message',
        level: 'warn',
        message: 'fees: fees.maxCallsPerNight (500) reached; the sales left are not checked tonight',
        id: 'feesBudgetReached',
      },
    ]);
  });
});
