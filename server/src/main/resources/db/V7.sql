-- Several servers on one database (issue 31): who holds a job's claim ("<instance>/<claim>", so that a
-- restarted server frees only its own old claims and a worker completes only a job it still holds), and
-- the upload time indexed, so that each server learns cheaply of debug files another one stored.
ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
CREATE INDEX debug_files_by_upload ON debug_files (uploaded_at);
