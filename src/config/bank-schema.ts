// The bank leg's config: the merchant's own accounts, where each night's statement is, how long a
// payout may take to be credited, and the card settlement contract the cash forecast follows.
import { z } from 'zod';

/** A CNPJ or CPF as digits only (dots, slashes and dashes, as people write them, are dropped). */
const documentSchema = z
  .string()
  .transform((text) => text.replace(/[.\-/\s]/g, ''))
  .pipe(z.string().regex(/^(\d{11}|\d{14})$/, { message: 'expected a CNPJ (14 digits) or CPF (11 digits), e.g. "12.345.678/0001-90"' }));

const accountSchema = z.strictObject({
  /** How recon names the account (bank_transactions.account_id); e.g. "itau-1234-56789-0". */
  id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'expected 1 to 64 letters, digits, dots, dashes or underscores' }),
  /** The merchant's document the payouts are sent to (a cash-out's customer_document_number). */
  document: documentSchema,
  name: z.string().min(1).max(200).optional(),
  /** How the account appears in statements, when recon must tell accounts apart: OFX ACCTID, CNAB 240 account number. */
  bankAccount: z.string().min(1).max(40).optional(),
});

/** A regular expression given as text; refused at load when it does not compile. */
const patternSchema = z.string().refine(
  (text) => {
    try {
      new RegExp(text, 'iu');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'expected a regular expression (JavaScript syntax), e.g. "PAGAMENTOS|REPASSE"' },
);

/**
 * What one statement file may hold (docs/bank.md, "Bounds"). Each bound keeps a hostile file's cost
 * in memory and time proportional to the bound, not to what the file claims.
 */
export const bankLimitsSchema = z.strictObject({
  /**
   * Statement lines in one file, read or kept out: OFX's <STMTTRN>, CNAB 240's detail records (and any
   * record that is no header or trailer). Every line is held in memory until the file's one transaction
   * commits: a genuine OFX of 100,000 lines peaks near 400 MB, one of 200,000 near 575 MB (over the
   * 512 MB budget), so past it the file is refused whole; a busier account exports shorter periods.
   */
  maxLinesPerStatement: z.int().min(1).max(2_000_000).default(100_000),
  /**
   * Records of one file: every OFX tag (opening or closing) or CNAB 240 record. A genuine 32 MiB
   * statement has fewer than 2 million; past it the file is refused whole.
   */
  maxRecordsPerStatement: z.int().min(1).max(20_000_000).default(4_000_000),
  /**
   * Characters of a FITID or a document number (CHECKNUM): past it the line is kept out. At most 170, so
   * every line id recon derives from a FITID (up to 37 characters more) fits a finding key within the
   * triage journal's 300 characters with any account id (64).
   */
  maxIdLength: z.int().min(1).max(170).default(128),
  /** Characters of a memo (MEMO, else NAME): past it the line is kept out (a spreadsheet cell holds 32,767). */
  maxTextLength: z.int().min(1).max(32_000).default(1024),
  /**
   * Bytes of one statement file, checked before it is read: a year of a busy account's lines is a few
   * MiB; 32 MiB decoded is about 64 MB of text in memory, well inside the night's budget.
   */
  maxStatementBytes: z
    .int()
    .min(1024)
    .max(128 * 1024 * 1024)
    .default(32 * 1024 * 1024),
  /** Characters of one text line of a file: some banks write a whole OFX file on one line, so it is generous. */
  maxLineChars: z
    .int()
    .min(240)
    .max(128 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** How deep OFX elements may nest: a statement nests about 8 deep; more is a broken or hostile file. */
  maxNestingDepth: z.int().min(8).max(256).default(64),
});

export const bankSchema = z.strictObject({
  accounts: z.array(accountSchema).max(50).default([]),
  /** A payout is expected in the bank within this many business days after its date_updated. */
  settleDays: z.int().min(0).max(30).default(2),
  /** A credit whose memo matches this (case-insensitive) came from the service: one no payout explains is bank_credit_unexplained. */
  payoutMemoPattern: patternSchema.default('PAGAMENTOS|PAGTOS|REPASSE|TRANSF.*RECEBIDA|TED RECEBIDA|PIX RECEBIDO'),
  /**
   * How far a credit of another amount may be from a payout and still be that payout's transfer
   * (paired: payout_amount_differs): the larger of `minCents` and `percent` % of the payout. Beyond it
   * the payout and the credit are two findings. R$ 20,00 covers a TED fee or a small deduction on any
   * payout; 5 % covers a proportional deduction on a large one; a gap wider than both is more likely
   * another transfer than this one short.
   */
  pairTolerance: z
    .strictObject({
      minCents: z.int().min(0).max(100_000_000).default(2000),
      /** A percentage with at most two decimals (basis points), so the bound stays exact in integer cents. */
      percent: z.number().min(0).max(100).multipleOf(0.01, { message: 'expected a percentage with at most two decimals, e.g. 5 or 2.5' }).default(5),
    })
    .default({ minCents: 2000, percent: 5 }),
  /**
   * A debit whose memo matches this (case-insensitive) and whose amount equals an earlier credit's, in
   * the same account within settleDays bank business days of it, returns that credit: the credit then
   * explains no payout (a Pix returned, "DEVOLUÇÃO PIX", or a TED returned, "ESTORNO").
   */
  reversalMemoPattern: patternSchema.default('DEVOLU|ESTORN|REVERS|DEVOLVID'),
  /** Path of the night's statement; `{date}` is replaced with the business date (as orders.path). */
  statementPath: z.string().min(1).optional(),
  limits: bankLimitsSchema.prefault({}),
});

/** The card acquirer's contract: when each installment of a paid card sale is received. */
export const settlementSchema = z.strictObject({
  /** Days after the sale the first (or only) installment is received. */
  firstInstallmentDays: z.int().min(0).max(365).default(30),
  /** true: installment n is received firstInstallmentDays + 30 x (n - 1) days after the sale; false: the whole sale at once. */
  perInstallment: z.boolean().default(true),
  /** How far ahead the cash forecast looks. */
  horizonDays: z.int().min(1).max(730).default(90),
  /**
   * The nightly forecast report lists the installments due in this many days after the night (3: from
   * a Friday night, through the Monday), beside every day's sums; every line of the horizon stays in
   * the warehouse's forecast_lines. 0 lists none.
   */
  linesDays: z.int().min(0).max(730).default(3),
});
