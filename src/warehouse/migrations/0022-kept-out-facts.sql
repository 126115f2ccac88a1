-- order_import_issues and bank_import_issues gain the facts of why each row was kept out
-- facts: a JSON array of the reasons a row or statement line was kept out, each an object of a typed
-- shape (src/shared/locale/kept-out-types.ts, `kind` first: counts, limits, column names, config keys,
-- lines, amounts in integer cents, the file's text as it held it), written by the rule that kept it out.
-- What a person reads is rendered from it in their locale; `reason` keeps the English sentence. NULL on
-- the rows of earlier imports, which stored their sentence alone.
ALTER TABLE order_import_issues ADD COLUMN facts VARCHAR;
ALTER TABLE bank_import_issues ADD COLUMN facts VARCHAR;
