// One behaviour for a second run: two real `recon run nightly` processes on one warehouse. The second
// says once whom it waits for (the first's PID, command and start), then runs when the first is done,
// or exits 1 naming the holder when warehouse.lockWaitSeconds runs out. A gate in front of the sandbox
// keeps the first night in its sync (holding the warehouse) for as long as the test needs.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIGHT1, startGatedNights, type GatedNights } from '../triage/gated-night.ts';

let nights: GatedNights;
beforeAll(async () => {
  nights = await startGatedNights('recon-second-run-');
});
afterAll(async () => {
  await nights?.close();
});

/** The harness's config with another warehouse.lockWaitSeconds: each child reads it when it starts. */
function setLockWait(seconds: number): void {
  const config = JSON.parse(readFileSync(nights.config, 'utf8')) as { warehouse: Record<string, unknown> };
  config.warehouse['lockWaitSeconds'] = seconds;
  writeFileSync(nights.config, JSON.stringify(config));
}

async function until(condition: () => boolean, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const WAITING =
  /waiting for the warehouse \S*recon\.duckdb, held by PID (\d+) \(recon run nightly, since \d\d:\d\d UTC\); up to (\d+) s \(warehouse\.lockWaitSeconds\)/g;

describe('a second nightly while the first holds the warehouse', () => {
  it('says once that it waits for the first, exits 1 naming it when the wait runs out, and runs once the first is done', async () => {
    const open = nights.shutGate();
    const first = nights.startNight(NIGHT1);
    await first.holding;

    setLockWait(2);
    const refused = nights.startNight(NIGHT1);
    expect(await refused.exited, refused.log()).toBe(1);
    const waits = [...refused.log().matchAll(WAITING)];
    expect(waits, refused.log()).toHaveLength(1);
    expect(Number(waits[0]?.[1])).toBe(first.child.pid);
    expect(waits[0]?.[2]).toBe('2');
    expect(refused.log()).toMatch(
      new RegExp(
        `recon: warehouse \\S*recon\\.duckdb is in use by another recon process \\(PID ${first.child.pid} \\(recon run nightly, since \\d\\d:\\d\\d UTC\\)\\); waited 2 s \\(warehouse\\.lockWaitSeconds\\)`,
      ),
    );

    setLockWait(600);
    const patient = nights.startNight(NIGHT1);
    await until(() => patient.log().includes('waiting for the warehouse'), 'the second night to say it waits');
    open();
    expect(await first.exited, first.log()).toBe(0);
    expect(await patient.exited, patient.log()).toBe(0);
    expect([...patient.log().matchAll(WAITING)]).toHaveLength(1);
    // Two whole nights on a shared machine.
  }, 300_000);
});
