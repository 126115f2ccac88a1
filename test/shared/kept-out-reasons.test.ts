// Every shape of a kept-out row's facts renders in each locale from one sample: in English exactly the
// sentence the import issues tables have always stored (the `reason` column is a contract), and in
// Portuguese with no English word in it, by the check the findings' reasons pass (english-words.ts).
// Names stay as written: config keys, column names, the file's own fields and what it held.
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { keptOutCellText, keptOutJson, keptOutOf, keptOutReasonIn, readKeptOutFacts, sayKeptOut } from '../../src/shared/locale/kept-out-text.ts';
import { KEPT_OUT_FACT, type KeptOutFact, type KeptOutKind } from '../../src/shared/locale/kept-out-types.ts';
import { englishWordsIn, quotedWords, SENTENCE_ALLOWED, withoutNames, wordsOf } from './english-words.ts';

type Sample = { [K in KeptOutKind]: { facts: Extract<KeptOutFact, { kind: K }>; english: string } };

/** One sample per kind (a Record: a kind without one does not compile), with the English the import wrote before facts. */
const SAMPLES: Sample = {
  fieldCount: { facts: { kind: 'fieldCount', expected: 7, found: 9 }, english: 'expected 7 fields as in the header, found 9' },
  columnTooLong: {
    facts: { kind: 'columnTooLong', column: 'Observações', length: 12_345, max: 10_000, key: 'orders.limits.maxTextLength' },
    english: 'column "Observações" is 12,345 characters long, more than 10,000 (orders.limits.maxTextLength)',
  },
  fieldTooLong: {
    facts: { kind: 'fieldTooLong', field: 'customer_name', column: 'Cliente', length: 1_500, max: 1_000, key: 'orders.limits.maxTextLength' },
    english: 'customer_name is 1,500 characters long, more than 1,000 (column "Cliente"; orders.limits.maxTextLength)',
  },
  valueMissing: { facts: { kind: 'valueMissing', field: 'amount', column: 'Valor' }, english: 'missing amount (column "Valor")' },
  amountOffGrid: {
    facts: { kind: 'amountOffGrid', text: '89.6949', unit: 'reais', column: 'Valor' },
    english: 'amount 89.6949 has more than two decimals (column "Valor")',
  },
  amountUnreadable: {
    facts: { kind: 'amountUnreadable', text: '12,3,4', column: 'Valor', unit: 'reais', decimal: ',', thousands: '.' },
    english: 'unparseable amount "12,3,4" (column "Valor"): expected an amount in reais (decimal ",", thousands ".": orders.csv.decimal, orders.csv.thousands)',
  },
  amountNegative: { facts: { kind: 'amountNegative', cents: -123_456, column: 'Valor' }, english: 'negative amount -1.234,56 (column "Valor")' },
  amountAboveLimit: {
    facts: { kind: 'amountAboveLimit', cents: 3_000_000_000, limitCents: 2_147_483_647, column: 'Valor' },
    english: 'amount 30.000.000,00 above the limit 21.474.836,47 (column "Valor")',
  },
  statusUnknown: {
    facts: { kind: 'statusUnknown', text: 'enviado', column: 'Situação', known: ['pago', 'paid', 'pending'] },
    english: 'unknown status "enviado" (column "Situação"): expected one of "pago", "paid", "pending" or an orders.statusMap entry',
  },
  dateUnreadable: {
    facts: { kind: 'dateUnreadable', text: '31/02/2026', column: 'Data', dateFormat: 'dd/MM/yyyy' },
    english: 'unparseable date "31/02/2026" (column "Data"): expected dd/MM/yyyy or ISO 8601 (orders.dateFormat)',
  },
  invalidUtf8: { facts: { kind: 'invalidUtf8', byte: 1_048_577 }, english: 'invalid UTF-8 at byte 1048577' },
  invalidJson: {
    facts: { kind: 'invalidJson', said: 'Unexpected token \'}\', "{"a":}" is not valid JSON' },
    english: 'not valid JSON (Unexpected token \'}\', "{"a":}" is not valid JSON)',
  },
  notAnObject: { facts: { kind: 'notAnObject', found: null }, english: 'expected a JSON object, found an array' },
  rowsDisagree: {
    facts: {
      kind: 'rowsDisagree',
      itemId: 'PED-1',
      lines: [3, 1207],
      differences: [
        { field: 'status', values: ['paid', 'pending'] },
        { field: 'amount_cents', values: [8970, 123_456] },
        { field: 'created_ms', values: [Date.UTC(2026, 2, 10, 12, 0, 5), Date.UTC(2026, 2, 10, 12, 0, 6)] },
        { field: 'transaction_id', values: ['tr_1', null] },
      ],
    },
    english:
      'item_id "PED-1" has 2 rows that disagree (lines 3, 1207): status "paid" vs "pending"; amount 89,70 vs 1.234,56; ' +
      'created_at 2026-03-10T12:00:05.000Z vs 2026-03-10T12:00:06.000Z; transaction_id "tr_1" vs (empty); none of them was loaded',
  },
  ofxBadDate: { facts: { kind: 'ofxBadDate', text: '2026-13-01' }, english: 'bad DTPOSTED "2026-13-01" (expected YYYYMMDD, optionally with a time)' },
  ofxBadAmount: { facts: { kind: 'ofxBadAmount', text: '12,34,56' }, english: 'bad TRNAMT "12,34,56" (expected a decimal amount such as -12.34)' },
  cnabRecordLength: { facts: { kind: 'cnabRecordLength', expected: 240, found: 1_300 }, english: 'expected a record of 240 characters, got 1300' },
  cnabRecordType: { facts: { kind: 'cnabRecordType', type: '7' }, english: 'unknown record type "7" (expected 0, 1, 3, 5 or 9)' },
  cnabBadDate: { facts: { kind: 'cnabBadDate', text: '31022026' }, english: 'bad posting date "31022026" (expected DDMMAAAA at positions 143-150)' },
  cnabBadAmount: {
    facts: { kind: 'cnabBadAmount', text: '00000000000001234X' },
    english: 'bad amount "00000000000001234X" (expected 18 digits with 2 decimals at positions 151-168)',
  },
  cnabBadFlag: { facts: { kind: 'cnabBadFlag', text: 'X' }, english: 'bad debit/credit flag "X" (expected D or C at position 169)' },
  cnabAmountOutOfRange: { facts: { kind: 'cnabAmountOutOfRange', text: '999999999999999999' }, english: 'amount 999999999999999999 is out of range' },
  statementTextTooLong: {
    facts: { kind: 'statementTextTooLong', field: 'memo', length: 5_000, limit: 1000, key: 'maxTextLength' },
    english: 'memo is 5,000 characters long, more than 1000 (bank.limits.maxTextLength)',
  },
  fitidDerivedShape: {
    facts: { kind: 'fitidDerivedShape', fitid: 'syn:abc:1' },
    english:
      'FITID "syn:abc:1" has the shape of an id recon derives itself ("syn:..." or ".../YYYY-MM-DD/cents"), so it could stand for another line; kept out',
  },
  lineIdTaken: {
    facts: { kind: 'lineIdTaken', id: 'F1/2026-03-10/1500', heldOn: '2026-03-10', heldCents: 1500, postedOn: '2026-03-11', cents: -1500 },
    english:
      'line id "F1/2026-03-10/1500" already names another line of this account (2026-03-10, 1500 cents), not this one (2026-03-11, -1500 cents); kept out rather than merged into it',
  },
};

const CASES = Object.values(SAMPLES).map(({ facts, english }) => ({ kind: facts.kind, facts: facts as KeptOutFact, english }));
const en = messagesFor('en');
const ptBR = messagesFor('pt-BR');
const ZONE = 'America/Sao_Paulo';

// Values a locale words itself (the kind, an order field, an amount's unit, the statuses on which rows
// disagree); every other text value is a name or a quotation, shown as it is.
const TRANSLATED = new Set(['kind', 'field', 'unit', 'values']);
const quotedOf = (facts: KeptOutFact) => new Set(quotedWords(facts, TRANSLATED));
const ENGLISH_WORDS = new Set(
  CASES.flatMap(({ facts, english }) => {
    const quoted = quotedOf(facts);
    return wordsOf(withoutNames(english)).filter((w) => !quoted.has(w));
  }),
);
// Words the English borrowed and the Portuguese keeps: the currency (reais) and the
// letters a CNAB record's debit/credit flag holds (D or C).
const ALLOWED = new Set([...SENTENCE_ALLOWED, 'reais', 'c']);

describe('kept-out reasons', () => {
  it.each(CASES)('$kind: English is the sentence the import always stored', ({ facts, english }) => {
    expect(sayKeptOut(en, [facts], ZONE)).toBe(english);
    expect(keptOutOf(facts).reason).toBe(english);
  });

  it.each(CASES)('$kind: Portuguese, no English word', ({ facts, english }) => {
    const portuguese = sayKeptOut(ptBR, [facts], ZONE);
    expect(portuguese.trim()).not.toBe('');
    expect(portuguese).not.toBe(english);
    expect(englishWordsIn(withoutNames(portuguese), ENGLISH_WORDS, quotedOf(facts), ALLOWED)).toEqual([]);
  });

  it.each(CASES)('$kind: the facts come back from their stored JSON', ({ facts }) => {
    expect(readKeptOutFacts(keptOutJson([facts]))).toEqual([facts]);
    expect(KEPT_OUT_FACT.parse(JSON.parse(JSON.stringify(facts)))).toEqual(facts);
  });

  it("writes the figures of the Portuguese in the locale's formats: money in reais, counts grouped, instants in the zone", () => {
    const say = (kind: KeptOutKind) => sayKeptOut(ptBR, [SAMPLES[kind].facts as KeptOutFact], ZONE);
    expect(say('amountNegative')).toBe('valor negativo -R$ 1.234,56 (coluna "Valor")');
    expect(say('columnTooLong')).toBe('a coluna "Observações" tem 12.345 caracteres, mais que 10.000 (orders.limits.maxTextLength)');
    expect(say('rowsDisagree')).toBe(
      'o item_id "PED-1" tem 2 linhas que divergem (linhas 3, 1.207): situação pago × pendente; valor R$ 89,70 × R$ 1.234,56; ' +
        'data do pedido 10/03/2026 09:00:05 × 10/03/2026 09:00:06; transaction_id "tr_1" × (vazio); nenhuma delas foi carregada',
    );
    expect(say('lineIdTaken')).toContain('(10/03/2026, R$ 15,00), não este (11/03/2026, -R$ 15,00)');
  });

  it('joins the reasons of one row in the order found, in each locale', () => {
    const facts = [SAMPLES.valueMissing.facts, SAMPLES.dateUnreadable.facts];
    expect(keptOutOf(...facts).reason).toBe(`${SAMPLES.valueMissing.english}; ${SAMPLES.dateUnreadable.english}`);
    expect(sayKeptOut(ptBR, facts, ZONE)).toBe(
      'falta o valor (coluna "Valor"); data ilegível "31/02/2026" (coluna "Data"): esperado "dd/MM/yyyy" ou ISO 8601 (orders.dateFormat)',
    );
  });

  it('shows a row of an earlier import, stored without facts, by its stored reason', () => {
    const reason = keptOutReasonIn(ptBR, ZONE);
    expect(reason({ reason: 'missing amount (column "Valor")' })).toBe('missing amount (column "Valor")');
    expect(readKeptOutFacts(null)).toBeNull();
    // Facts of a later release this one cannot read count as none: the stored reason is shown.
    expect(readKeptOutFacts('[{"kind":"fromTheFuture"}]')).toBeNull();
    const cell = (facts: string | null) => JSON.stringify({ reason: 'missing amount (column "Valor")', facts });
    expect(keptOutCellText(cell(null), ptBR, ZONE)).toBe('missing amount (column "Valor")');
    expect(keptOutCellText(cell(keptOutJson([SAMPLES.valueMissing.facts])), ptBR, ZONE)).toBe('falta o valor (coluna "Valor")');
    // A machine file keeps the stored English reason.
    expect(keptOutCellText(cell(keptOutJson([SAMPLES.valueMissing.facts])), undefined, ZONE)).toBe('missing amount (column "Valor")');
  });
});
