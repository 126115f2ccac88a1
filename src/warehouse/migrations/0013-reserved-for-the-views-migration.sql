-- reserved: the number of the views migration being written beside the raw rows' one; a no-op
-- Why: versions run 1, 2, 3, ... without gaps, and another branch is writing migration 13 (the views)
-- while the raw rows' migration took 14. When that 0013 is merged, this file goes: two files of one
-- version stop every open of a warehouse (migrations.ts), loudly, until one of them is removed.
SELECT 1;
