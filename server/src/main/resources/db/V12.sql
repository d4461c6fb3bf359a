-- Blobs of a shared blob store (--blob-store) that nothing may refer to any more: written in the transaction that
-- removes a report (or debug file) stored there, deleted by the cleanup after a grace period if still unreferenced
-- then (see BlobDeletions). deleted_at: when the blob was deleted; the row stays a while after, so that an ingest
-- that put the same content before the deletion and commits after it learns of it and puts the blob again.
CREATE TABLE blob_deletions (
  blob_key TEXT PRIMARY KEY,
  queued_at BIGINT NOT NULL,
  deleted_at BIGINT
);
CREATE INDEX blob_deletions_due ON blob_deletions (queued_at);
-- Whether another stored report still has a blob's content.
CREATE INDEX reports_by_sha256 ON reports (sha256);
