-- drop the unused sync staging tables (stage_transactions, stage_operations)
-- The sync stages in run-local TEMP tables and files since migration 4; these two tables of migration 3
-- were only ever emptied after that. Nothing reads them.
DROP TABLE IF EXISTS stage_transactions;
DROP TABLE IF EXISTS stage_operations;
