-- When a symbolication last used an uploaded debug file (written at most once an hour per file and server, see
-- DebugFileUses) or it was uploaded again: --debug-file-retention-days removes files neither uploaded nor used
-- for that long. NULL: not used since this column exists (the upload time counts).
ALTER TABLE debug_files ADD COLUMN last_used_at BIGINT;
