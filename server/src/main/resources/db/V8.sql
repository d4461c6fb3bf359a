-- Schema 6: symbolication attempts per job (issue 32). A claim counts one attempt; a pass that threw an Error
-- (StackOverflowError, ...) records it in last_error and frees the job; after Queue.MAX_ATTEMPTS the report is
-- marked failed with that error instead of being claimed again (a worker dying on it must not retry it forever).
ALTER TABLE jobs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN last_error TEXT;
