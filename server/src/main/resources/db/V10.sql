-- Schema 6: whose image a missing debug file is ('app', or 'system': the OS's, the JDK's, JNA's; see ImageOrigin).
-- A report waiting only for system images is symbolicated, not partial; their rows stay, so that such a file
-- arriving later still queues the report again. Rows stored before this count as the app's until re-symbolicated.
ALTER TABLE missing_images ADD COLUMN origin TEXT NOT NULL DEFAULT 'app';
