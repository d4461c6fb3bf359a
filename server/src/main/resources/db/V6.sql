-- Schema 6: alerts (README, "Alerts"). Per-project webhooks (besides the command line's --webhook), the per-project
-- spike settings, the outbox deliveries are sent from, and the spike counters.
-- A project's webhook: secret signs the body (X-Crashkit-Signature), format is auto, json or slack.
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  project_id BIGINT NOT NULL REFERENCES projects (id),
  url TEXT NOT NULL,
  secret TEXT,
  format TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX webhooks_by_project ON webhooks (project_id);
-- NULL: the server's --spike-threshold and --spike-window-minutes.
ALTER TABLE projects ADD COLUMN spike_threshold BIGINT;
ALTER TABLE projects ADD COLUMN spike_window_minutes BIGINT;
-- One row per event and destination, written in the transaction that made the event (a report joining its group).
-- webhook_id is NULL for a --webhook URL (url holds it). state: pending, delivered or failed (gave up).
-- claimed_by/claimed_at: the deliverer sending it now (a claim older than the lease is taken again).
CREATE TABLE alert_outbox (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  event TEXT NOT NULL,
  group_id TEXT NOT NULL,
  report_id TEXT,
  project_id BIGINT NOT NULL,
  webhook_id TEXT,
  url TEXT NOT NULL,
  format TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  claimed_by TEXT,
  claimed_at BIGINT,
  last_status INTEGER,
  last_error TEXT,
  delivered_at BIGINT
);
CREATE INDEX alert_outbox_due ON alert_outbox (state, next_attempt_at);
CREATE INDEX alert_outbox_by_time ON alert_outbox (created_at, id);
-- Reports of a group and project in a fixed window (window_start: a multiple of the window length since the epoch).
-- alerted: the window's group.spike event was made (one per window).
CREATE TABLE spike_windows (
  group_id TEXT NOT NULL,
  project_id BIGINT NOT NULL,
  window_start BIGINT NOT NULL,
  window_minutes BIGINT NOT NULL,
  reports BIGINT NOT NULL,
  alerted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, project_id, window_start, window_minutes)
);
