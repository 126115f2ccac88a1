// The error's own sentence is in the config's reports.locale on the terminal once a command has loaded
// the config, while the JSON log's error event keeps the English message (a contract engineers grep).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-error-locale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const configOf = (locale: string) => {
  const file = join(dir, `recon.${locale}.json`);
  writeFileSync(file, JSON.stringify({ warehouse: { path: join(dir, `${locale}.duckdb`) }, reports: { locale } }));
  return file;
};

/** The terminal's `recon: ...` line and the JSON log's error event of a run. */
function linesOf(stderr: string): { terminal: string; logged: string } {
  const lines = stderr.split('\n');
  const event = lines
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { event?: string; message?: string })
    .find((e) => e.event === 'error');
  return { terminal: lines.find((l) => l.startsWith('recon: ')) ?? '', logged: event?.message ?? '' };
}

// One error of each code a person meets first: a flag (usage), the environment (config), an input file.
const CASES = [
  {
    code: 'usage',
    args: ['import', '--date', '2026-02-31', 'orders.csv'],
    exit: 2,
    en: 'recon: expected a date as YYYY-MM-DD, got "2026-02-31"',
    pt: 'recon: esperava uma data no formato AAAA-MM-DD (YYYY-MM-DD), recebeu "2026-02-31"',
  },
  {
    code: 'config',
    args: ['sync'],
    exit: 2,
    en: 'recon: recon sync needs the API key (environment variable RECON_API_KEY) and the service address',
    pt: 'recon: o recon sync precisa da chave da API (variável de ambiente RECON_API_KEY) e do endereço do serviço',
  },
  {
    code: 'input',
    args: ['import', 'missing.csv'],
    exit: 2,
    en: 'recon: expected readable order export files:',
    pt: 'recon: esperava arquivos de exportação de pedidos legíveis:',
  },
];

describe('an error under reports.locale', () => {
  it.each(CASES)('$code: Portuguese on the terminal under pt-BR, English in the JSON log', async ({ args, exit, en, pt }) => {
    const ran = await runCliInProcess(args, { env: { RECON_CONFIG: configOf('pt-BR') }, cwd: dir });
    expect(ran.code).toBe(exit);
    const { terminal, logged } = linesOf(ran.stderr);
    expect(terminal.startsWith(pt), ran.stderr).toBe(true);
    expect(`recon: ${logged}`.startsWith(en), ran.stderr).toBe(true);
  });

  it.each(CASES)('$code: English on the terminal and in the JSON log under en', async ({ args, exit, en }) => {
    const ran = await runCliInProcess(args, { env: { RECON_CONFIG: configOf('en') }, cwd: dir });
    expect(ran.code).toBe(exit);
    const { terminal, logged } = linesOf(ran.stderr);
    expect(terminal.startsWith(en), ran.stderr).toBe(true);
    expect(`recon: ${logged}`.startsWith(en), ran.stderr).toBe(true);
  });
});
