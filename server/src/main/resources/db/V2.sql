-- Schema 2. Projects: what a Sentry DSN names. A report belongs to one; reports stored before projects
-- existed belong to the default project (id 1, created by the server on its first start with schema 2).
CREATE TABLE projects (
  id BIGINT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  public_key TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
ALTER TABLE reports ADD COLUMN project_id BIGINT NOT NULL DEFAULT 1;
CREATE INDEX reports_by_project ON reports (project_id, received_at);
