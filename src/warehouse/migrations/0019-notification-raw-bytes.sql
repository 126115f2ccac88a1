-- notifications.raw_bytes: the body's bytes exactly as received when they are not valid UTF-8. `raw` is
-- a VARCHAR, which holds only valid UTF-8: such a body's `raw` is its text with U+FFFD where bytes were
-- invalid, and `raw_bytes` keeps what came. NULL when `raw` is the body exactly.
ALTER TABLE notifications ADD COLUMN raw_bytes BLOB;
