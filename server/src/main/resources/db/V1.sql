-- Schema 1. Times are epoch milliseconds; ids are text. ${BINARY} is BLOB (SQLite) or BYTEA (PostgreSQL).
-- A report: its raw bytes are in report_bodies, written in the same transaction (so a 201 means both are on disk).
CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  client_report_id TEXT UNIQUE,
  format TEXT NOT NULL,
  size BIGINT NOT NULL,
  sha256 TEXT NOT NULL,
  received_at BIGINT NOT NULL,
  app_version TEXT,
  status TEXT NOT NULL,
  error TEXT,
  group_id TEXT,
  symbolicated_at BIGINT
);
CREATE INDEX reports_by_group ON reports (group_id, received_at);
CREATE INDEX reports_by_time ON reports (received_at);
CREATE TABLE report_bodies (
  report_id TEXT PRIMARY KEY REFERENCES reports (id),
  body ${BINARY} NOT NULL
);
-- The latest symbolication of a report (symbolicated/1 JSON) and which of its images are the app's own.
CREATE TABLE report_results (
  report_id TEXT PRIMARY KEY REFERENCES reports (id),
  symbolicated TEXT NOT NULL,
  app_images TEXT NOT NULL
);
-- The symbolication queue: a row per report waiting; claimed_at is set while a worker has it.
CREATE TABLE jobs (
  report_id TEXT PRIMARY KEY REFERENCES reports (id),
  queued_at BIGINT NOT NULL,
  claimed_at BIGINT
);
CREATE INDEX jobs_by_age ON jobs (claimed_at, queued_at);
CREATE TABLE crash_groups (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  exception TEXT NOT NULL,
  frames TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
-- Images that frames of a report fell into without a debug file: what the team must upload.
CREATE TABLE missing_images (
  report_id TEXT NOT NULL REFERENCES reports (id),
  debug_id TEXT NOT NULL,
  image_name TEXT NOT NULL,
  arch TEXT NOT NULL,
  frames INTEGER NOT NULL,
  PRIMARY KEY (report_id, debug_id)
);
CREATE INDEX missing_by_debug_id ON missing_images (debug_id);
-- Uploaded debug files (stored under DATA/debug-files/<sha256>/) and the identities each holds.
CREATE TABLE debug_files (
  sha256 TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  size BIGINT NOT NULL,
  uploaded_at BIGINT NOT NULL
);
CREATE TABLE debug_ids (
  debug_id TEXT NOT NULL,
  sha256 TEXT NOT NULL REFERENCES debug_files (sha256),
  arch TEXT NOT NULL,
  member TEXT NOT NULL,
  debug_info INTEGER NOT NULL,
  PRIMARY KEY (debug_id, sha256, arch, member)
);
