-- Schema 5: per-project upload tokens (what CI holds: debug files only). Only the SHA-256 of a token is kept
-- (hex); NULL until an admin makes one (POST /api/projects answers one, POST /api/projects/ID/upload-token
-- replaces it). The ingest key is the project's public_key (schema 2).
ALTER TABLE projects ADD COLUMN upload_token_sha256 TEXT;
ALTER TABLE projects ADD COLUMN upload_token_created_at BIGINT;
