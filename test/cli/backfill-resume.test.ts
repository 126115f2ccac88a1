// What a backfill stopped by Ctrl-C says: the nights done and not done, and the command that resumes
// from the first night not done with every other flag kept.
import { describe, expect, it } from 'vitest';
import { interruptedBackfill, resumeCommand } from '../../src/cli/backfill-resume.ts';
import { exitCodeFor } from '../../src/shared/errors.ts';

const DATES = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

describe('resumeCommand', () => {
  it.each([
    [['--sandbox', '--from', '2026-11-18', '--to', '2026-11-21'], 'recon run backfill --from 2026-11-20 --sandbox --to 2026-11-21'],
    [['--from=2026-11-18', '--to=2026-11-21', '--force'], 'recon run backfill --from 2026-11-20 --to=2026-11-21 --force'],
    [
      ['--config', '/srv/my recon/recon.config.json', '--from', '2026-11-18', '--to', '2026-11-21'],
      "recon run backfill --from 2026-11-20 --config '/srv/my recon/recon.config.json' --to 2026-11-21",
    ],
  ])('%j resumes as %s', (args, command) => {
    expect(resumeCommand('recon', args, '2026-11-20')).toBe(command);
  });
});

describe('interruptedBackfill', () => {
  const args = ['--from', '2026-11-18', '--to', '2026-11-21'];

  it.each([
    [
      'during the second night',
      { done: new Set(['2026-11-18']), current: '2026-11-19' },
      'interrupted (Ctrl-C) during the night of 2026-11-19 (left unfinished: the next run marks it abandoned and runs it again); done: 2026-11-18 (1 of 4 nights); not done: 2026-11-19 to 2026-11-21 (3 of 4 nights); resume with: recon run backfill --from 2026-11-19 --to 2026-11-21',
    ],
    [
      'before any night',
      { done: new Set<string>() },
      'interrupted (Ctrl-C); done: none of 4 nights; not done: 2026-11-18 to 2026-11-21 (4 of 4 nights); resume with: recon run backfill --from 2026-11-18 --to 2026-11-21',
    ],
    [
      'with a later night done by an earlier run',
      { done: new Set(['2026-11-18', '2026-11-20']), current: '2026-11-19' },
      'interrupted (Ctrl-C) during the night of 2026-11-19 (left unfinished: the next run marks it abandoned and runs it again); done: 2026-11-18, 2026-11-20 (2 of 4 nights); not done: 2026-11-19, 2026-11-21 (2 of 4 nights); resume with: recon run backfill --from 2026-11-19 --to 2026-11-21',
    ],
    ['after the last night', { done: new Set(DATES) }, 'interrupted (Ctrl-C); done: 2026-11-18 to 2026-11-21 (4 of 4 nights)'],
  ])('%s', (_name, stop, message) => {
    const error = interruptedBackfill({ dates: DATES, command: 'recon', args, ...stop });
    expect(error.message).toBe(message);
    // A failure as far as cron is concerned: no exit code of its own.
    expect(exitCodeFor(error)).toBe(1);
  });

  it('speaks Portuguese under pt-BR (its message, for the JSON log, stays English), the resume command as it was', () => {
    const error = interruptedBackfill({ dates: DATES, command: 'recon', args, done: new Set(['2026-11-18']), current: '2026-11-19' });
    expect(error.message).toMatch(/^interrupted \(Ctrl-C\) during the night of 2026-11-19 /);
    expect(error.sayIn('pt-BR')).toBe(
      'interrompido (Ctrl-C) durante a noite de 19/11/2026 (ficou inacabada: a próxima execução a marca como abandonada e a executa de novo); concluídas: 18/11/2026 (1 de 4 noite(s)); não concluídas: 19/11/2026 a 21/11/2026 (3 de 4 noite(s)); continue com: recon run backfill --from 2026-11-19 --to 2026-11-21',
    );
  });
});
