-- order_fingerprints and order_fingerprint_state: the records of the last imported order file, so the next import of a cumulative export decodes only what changed
-- order_fingerprints holds one row per record of the last imported file that loaded its order as it
-- reads (never a kept-out row, a repeat or a conflict): the record's 64-bit fingerprint in two 32-bit
-- halves and the item_id it loaded (src/imports/record-fingerprint.ts). order_fingerprint_state names
-- that import, how many rows order_imports had after it (any later import makes the fingerprints stale),
-- the key of what the records were read with (the file's format and header, the orders config, recon's
-- version of the row rules): a record is skipped only under the same reading; and the random seed the
-- fingerprints were computed with, so they cannot be worked out ahead of this warehouse.
CREATE TABLE order_fingerprints (
  hi      UINTEGER NOT NULL,
  lo      UINTEGER NOT NULL,
  item_id VARCHAR NOT NULL
);
CREATE TABLE order_fingerprint_state (
  import_id    VARCHAR NOT NULL,
  imports_seen BIGINT NOT NULL,
  reading_key  VARCHAR NOT NULL,
  seed_hi      UINTEGER NOT NULL,
  seed_lo      UINTEGER NOT NULL
);
