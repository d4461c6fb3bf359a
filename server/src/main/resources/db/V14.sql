-- Blobs the orphan scan found (put by an ingest or upload whose row never committed, see OrphanBlobs) wait in
-- blob_deletions like the blobs of removed rows. orphan: found by the scan (counted apart when deleted).
ALTER TABLE blob_deletions ADD COLUMN orphan INTEGER NOT NULL DEFAULT 0;
-- When a periodic cleanup task last started on any server of this database: servers take turns through a
-- conditional UPDATE of its row, so the task runs at most once per interval whatever the number of servers.
CREATE TABLE cleanup_schedule (
  task TEXT PRIMARY KEY,
  started_at BIGINT NOT NULL
);
INSERT INTO cleanup_schedule (task, started_at) VALUES ('orphan-blobs', 0);
