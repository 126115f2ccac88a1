-- raw_digest: each loaded row's text, as last listed, digested (the low 64 bits of its MD5)
-- A sync compares the digest of each text it lists with the one its row holds, instead of reading the
-- kept text back from the raw rows' files: a row listed again as it was costs one comparison of two
-- numbers. NULL for rows synced before this version: the next sync that lists such a row keeps its
-- text once more (as if it had changed) and fills the digest.
ALTER TABLE transactions ADD COLUMN raw_digest UBIGINT;
ALTER TABLE operations ADD COLUMN raw_digest UBIGINT;

-- A view that takes every column of transactions (t.*) keeps the columns it was bound with in the
-- catalogue until it is bound again: these bind them (they gain raw_digest, as the table).
SELECT * FROM refunded_transactions LIMIT 0;
SELECT * FROM charged_back_transactions LIMIT 0;
