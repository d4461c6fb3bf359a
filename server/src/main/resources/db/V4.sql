-- Schema 4: triage (group status, counters, facets, activity) and the dimensions reports are searched by.
-- Report dimensions, stored at ingest (crash_time, os, device) and when grouped (exception, frame_text).
-- Rows stored before schema 4 get them when they are symbolicated again (see README, "Search and paging").
ALTER TABLE reports ADD COLUMN crash_time BIGINT;
ALTER TABLE reports ADD COLUMN os TEXT;
ALTER TABLE reports ADD COLUMN device TEXT;
ALTER TABLE reports ADD COLUMN exception TEXT;
ALTER TABLE reports ADD COLUMN frame_text TEXT;
-- Group triage and counters, kept up to date in the transaction where a report joins or leaves a group.
ALTER TABLE crash_groups ADD COLUMN status TEXT NOT NULL DEFAULT 'open';
ALTER TABLE crash_groups ADD COLUMN resolved_in_version TEXT;
ALTER TABLE crash_groups ADD COLUMN resolved_at BIGINT;
ALTER TABLE crash_groups ADD COLUMN report_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crash_groups ADD COLUMN first_seen BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crash_groups ADD COLUMN last_seen BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crash_groups ADD COLUMN activity_seq BIGINT NOT NULL DEFAULT 0;
-- Reports of a group per dimension value (dim: version, os, device, project); rows stay at 0 when reports leave.
CREATE TABLE group_facets (
  group_id TEXT NOT NULL REFERENCES crash_groups (id),
  dim TEXT NOT NULL,
  value TEXT NOT NULL,
  reports BIGINT NOT NULL,
  PRIMARY KEY (group_id, dim, value)
);
-- What happened to a group: created, status, regressed, new_version. detail is a JSON object.
CREATE TABLE group_activity (
  group_id TEXT NOT NULL REFERENCES crash_groups (id),
  seq BIGINT NOT NULL,
  at BIGINT NOT NULL,
  kind TEXT NOT NULL,
  report_id TEXT,
  detail TEXT NOT NULL,
  PRIMARY KEY (group_id, seq)
);
-- Keyset paging: every list is ordered (time DESC, id DESC); each equality filter but a report's status has its index. Partial
-- (no entry for a report without the value, as at ingest before grouping): an insert pays only for what it has.
DROP INDEX reports_by_group;
DROP INDEX reports_by_time;
CREATE INDEX reports_by_group ON reports (group_id, received_at, id) WHERE group_id IS NOT NULL;
CREATE INDEX reports_by_time ON reports (received_at, id);
CREATE INDEX reports_by_version ON reports (app_version, received_at, id) WHERE app_version IS NOT NULL;
CREATE INDEX reports_by_os ON reports (os, received_at, id) WHERE os IS NOT NULL;
CREATE INDEX reports_by_device ON reports (device, received_at, id) WHERE device IS NOT NULL;
CREATE INDEX reports_by_exception ON reports (exception, received_at, id) WHERE exception IS NOT NULL;
DROP INDEX reports_by_project;
CREATE INDEX reports_by_project ON reports (project_id, received_at, id);
CREATE INDEX groups_by_last_seen ON crash_groups (last_seen, id);
CREATE INDEX groups_by_status ON crash_groups (status, last_seen, id);
CREATE INDEX groups_by_exception ON crash_groups (exception, last_seen, id);
-- Backfill from the reports already grouped (one pass, at upgrade).
UPDATE crash_groups SET report_count = (SELECT COUNT(*) FROM reports r WHERE r.group_id = crash_groups.id),
  first_seen = COALESCE((SELECT MIN(r.received_at) FROM reports r WHERE r.group_id = crash_groups.id), created_at),
  last_seen = COALESCE((SELECT MAX(r.received_at) FROM reports r WHERE r.group_id = crash_groups.id), created_at);
INSERT INTO group_facets (group_id, dim, value, reports)
  SELECT group_id, 'version', app_version, COUNT(*) FROM reports
  WHERE group_id IS NOT NULL AND app_version IS NOT NULL GROUP BY group_id, app_version;
UPDATE reports SET exception = (SELECT g.exception FROM crash_groups g WHERE g.id = reports.group_id)
  WHERE group_id IS NOT NULL;
