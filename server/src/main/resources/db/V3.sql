-- Schema 3. The SHA-1 of each debug file's content: sentry-cli's chunked upload names whole files by it, and a file
-- already stored answers "ok" without its chunks being sent again. NULL for files stored before this.
ALTER TABLE debug_files ADD COLUMN sha1 TEXT;
CREATE INDEX debug_files_by_sha1 ON debug_files (sha1);
