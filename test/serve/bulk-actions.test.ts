// The bulk acknowledgement and the page's confirmation, in Portuguese (reports.locale pt-BR, the
// default), over real HTTP on a copy of the two-night sandbox run: the bulk form states how many findings
// and how much money are at stake before it is sent; the server refuses a bulk acknowledgement or
// acceptance without a note, writing nothing, and records one event per finding with it otherwise; after
// the redirect the page says what was done, from the journal, with the note escaped, and says nothing for
// facts the journal does not hold.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { amountAtStakeOf } from '../../src/shared/amount-at-stake.ts';
import { formatPtBR } from '../../src/shared/locale/format-pt-BR.ts';
import { readCurrentFindings } from '../../src/triage/current-findings.ts';
import { journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { form, openSession } from './action-session.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { get, optionsFor, send } from './http.ts';

const NIGHT = NIGHTS[1];
const FORM = 'application/x-www-form-urlencoded';

let run: TwoNights;
let pt: RunningServer | undefined;

beforeAll(async () => {
  run = await runTwoNights();
  pt = await startReportServer(optionsFor(run, { locale: 'pt-BR' }));
}, 60_000);

afterAll(async () => {
  await pt?.close();
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

const pageEvents = async () => (await readJournal(journalPathFor(run.config.warehouse.path))).events.filter((e) => e.via === 'page');
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The state a finding's row shows on a page. */
const stateOf = (page: string, key: string) => new RegExp(`<tr [^>]*data-state="([a-z]+)"[^>]* data-key="${escapeRe(key)}"`).exec(page)?.[1];
/** The page a redirect names, without its anchor. */
const pathOf = (location: string | string[] | undefined) => String(location).split('#')[0]!;

describe('a bulk acknowledgement and the confirmation, in Portuguese', () => {
  it('refuses a bulk acknowledgement (or acceptance) without a note, writing nothing; with one, one event per finding, then the confirmation', async () => {
    const s = await openSession(pt!.url);
    const keys = s.keys.slice(0, 3);
    expect(keys).toHaveLength(3);
    const headers = { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin };
    const asEva = { Cookie: `${s.cookie}; recon_actor=eva` };
    // Three findings assigned to eva make her "minhas" view; the assignment is confirmed too.
    const assigned = await send(
      pt!.url,
      '/findings/actions',
      form({ action: 'assign', key: keys, to: 'eva', actor: 'eva', csrf: s.csrf, back: NIGHT }),
      headers,
    );
    expect(assigned.status).toBe(303);
    const assignedPage = await get(pt!.url, pathOf(assigned.headers['location']), asEva);
    expect(assignedPage.text).toContain('<p class="confirm" id="action-done" role="status">3 divergências atribuídas a <bdi>eva</bdi></p>');

    // The form states the count and the sum of the findings' amounts at stake before anything is sent.
    const mine = await get(pt!.url, `/nights/${NIGHT}?view=mine`, asEva);
    const rows = (await readCurrentFindings(run.config.warehouse.path)).rows.filter((r) => keys.includes(r.key));
    const stake = formatPtBR.money(rows.reduce((sum, r) => sum + amountAtStakeOf(r), 0n));
    expect(stake).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d\d$/);
    expect(mine.text).toContain(`>3 divergências, ${stake} em jogo. Cada uma é reconhecida com a nota, registrada no diário.</p>`);
    expect(mine.text).toContain(`data-confirm="Reconhecer as 3 divergências mostradas (${stake} em jogo)? Cada uma recebe a nota."`);
    expect(mine.text).toContain('>Reconhecer as 3 divergências mostradas</button>');

    const before = (await pageEvents()).length;
    const bulk = (note?: string) =>
      form({ action: 'ack', view: 'mine', expect: '3', ...(note === undefined ? {} : { note }), actor: 'eva', csrf: s.csrf, back: NIGHT });
    for (const note of [undefined, '', '   ']) {
      const refused = await send(pt!.url, '/findings/actions', bulk(note), headers);
      expect([refused.status, refused.text]).toEqual([
        400,
        'reconhecer divergências em lote exige uma nota dizendo o que se sabe delas, registrada em cada uma; nada foi gravado\n',
      ]);
    }
    const accept = await send(pt!.url, '/findings/actions', JSON.stringify({ action: 'accept', view: 'mine', actor: 'eva', reason: ' ' }), {
      'Content-Type': 'application/json',
      'X-CSRF-Token': s.csrf,
      Cookie: s.cookie,
      Origin: s.origin,
    });
    expect([accept.status, accept.text]).toEqual([
      400,
      'aceitar divergências em lote exige um motivo de não serem corrigidas, registrado em cada uma; nada foi gravado\n',
    ]);
    expect((await pageEvents()).length).toBe(before);

    const note = 'conferidas com o extrato <b>17</b>';
    const done = await send(pt!.url, '/findings/actions', bulk(note), headers);
    const written = (await pageEvents()).slice(before);
    expect(written.map((e) => e.key).sort()).toEqual([...keys].sort());
    expect(written.map((e) => `${e.action}|${e.by}|${e.note}`)).toEqual(keys.map(() => `ack|eva|${note}`));
    expect([done.status, done.headers['location']]).toEqual([303, `/nights/${NIGHT}?view=mine&done=ack&n=3&event=${written[0]!.id}#findings-heading`]);

    // After the redirect: what was done, the note escaped, and each row in its new state (a reload says the same).
    for (let load = 0; load < 2; load += 1) {
      const after = await get(pt!.url, pathOf(done.headers['location']), asEva);
      expect(after.text).toContain(
        '<p class="confirm" id="action-done" role="status">3 divergências reconhecidas, nota: <bdi>conferidas com o extrato &lt;b&gt;17&lt;/b&gt;</bdi></p>',
      );
      expect(after.text).not.toContain('<b>17</b>');
      expect(keys.map((key) => stateOf(after.text, key))).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
    }
    const again = await send(pt!.url, '/findings/actions', bulk('de novo'), headers);
    expect([again.status, again.text]).toEqual([400, 'nenhuma divergência da visão resta para esta ação; nada foi gravado\n']);
  });

  it('confirms one finding in its panel, and says nothing for facts the journal does not hold', async () => {
    const s = await openSession(pt!.url);
    const key = s.keys[0]!;
    const headers = { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin };
    const blank = await send(pt!.url, '/findings/actions', form({ action: 'ack', key, note: ' ', actor: 'ana', csrf: s.csrf, back: NIGHT }), headers);
    expect([blank.status, blank.text]).toEqual([400, 'reconhecer uma divergência exige uma nota dizendo o que se sabe; nada foi gravado\n']);
    const done = await send(
      pt!.url,
      '/findings/actions',
      form({ action: 'ack', key, note: 'estorno pedido', actor: 'ana', csrf: s.csrf, back: NIGHT }),
      headers,
    );
    expect(done.status).toBe(303);
    const page = await get(pt!.url, pathOf(done.headers['location']), { Cookie: s.cookie });
    expect(page.text).toContain('<p class="confirm" id="action-done" role="status">1 divergência reconhecida, nota: <bdi>estorno pedido</bdi></p>');
    expect(page.text).toContain(`<section id="finding-panel" class="panel" data-key="${key}">`);
    expect(stateOf(page.text, key)).toBe('acknowledged');

    const id = (await pageEvents()).at(-1)!.id;
    for (const query of [
      `done=ack&n=2&event=${id}`,
      `done=accept&n=1&event=${id}`,
      'done=ack&n=500&event=00000000-0000-4000-8000-000000000000',
      'done=ack&n=1',
    ]) {
      const forged = await get(pt!.url, `/nights/${NIGHT}?${query}`, { Cookie: s.cookie });
      expect(forged.status).toBe(200);
      expect(forged.text).not.toContain('id="action-done"');
    }
  });
});
