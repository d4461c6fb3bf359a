-- Schema 7: users affected. A report's install/user identity (Sentry user, KSCrash device_app_hash, Apple's
-- CrashReporter Key) is kept only as a salted SHA-256 (hex); the salt is made at the first start and kept here.
CREATE TABLE server_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
ALTER TABLE reports ADD COLUMN user_hash TEXT;
-- Reports of a group per user; a row goes when its count reaches 0, so user_count is the number of rows.
CREATE TABLE group_users (
  group_id TEXT NOT NULL REFERENCES crash_groups (id),
  user_hash TEXT NOT NULL,
  reports BIGINT NOT NULL,
  PRIMARY KEY (group_id, user_hash)
);
ALTER TABLE crash_groups ADD COLUMN user_count BIGINT NOT NULL DEFAULT 0;
