// Both processes real: a nightly job (a child `recon run nightly`) holds the warehouse while another
// child `recon findings ack` acknowledges a finding. The acknowledgement succeeds at once (from the
// journal and the last night's snapshot), survives, and shows in the workbook that very night writes.
// The night before and the listing that finds the key only set the scene: they run through runCli in
// this process (test/cli/in-process.ts), without a child's second of CPU each.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCliInProcess } from '../cli/in-process.ts';
import { runRecon } from '../proof/cli.ts';
import { NIGHT1, NIGHT2, noteInWorkbook, startGatedNights, type GatedNights } from './gated-night.ts';

let nights: GatedNights;
beforeAll(async () => {
  nights = await startGatedNights('recon-ack-night-');
});
afterAll(() => nights?.close());

it('acknowledges while a night runs; the note is in that night’s workbook', async () => {
  const { root, config, startNight } = nights;
  expect(await nights.runNightInProcess(NIGHT1)).toBe(0);
  const listed = await runCliInProcess(['findings', 'list', '--state', 'new', '--category', 'missing_payment', '--format', 'json', '--config', config], {
    cwd: root,
  });
  expect(listed.code).toBe(0);
  const key: string = JSON.parse(listed.stdout)[0].finding_key;

  const open = nights.shutGate();
  const second = startNight(NIGHT2);
  await second.holding;
  const ack = await runRecon(['findings', 'ack', key, '--note', 'credit note 123 issued', '--by', 'ana', '--config', config], { cwd: root });
  // The night was still syncing when the acknowledgement returned: it had not folded the journal yet.
  expect(second.child.exitCode).toBeNull();
  expect(second.log()).not.toContain('"step":"triage"');
  expect(ack.stderr).toContain('a recon job is writing the warehouse right now');
  expect(ack).toMatchObject({ code: 0, stdout: 'ack: 1 finding recorded in the triage journal.\n' });
  open();
  expect(await second.exited).toBe(0);

  expect(await noteInWorkbook(root, NIGHT2, key!)).toEqual({ note: 'credit note 123 issued', by: 'ana' });
});
