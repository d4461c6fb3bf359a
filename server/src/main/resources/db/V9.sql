-- Schema 7: retention. Raw reports removed by retention (--retention-days, --max-reports-per-group,
-- --max-stored-reports-mb) still count in their group's report_count, facets and first/last seen (stored
-- counters, never decremented for a removal); removed_reports says how many of report_count are gone, and
-- removed_first_seen/removed_last_seen keep the received times of the removed ones, so that first/last seen
-- stay right when a stored report later moves to another group (Triage.leave reads the stored rows).
ALTER TABLE crash_groups ADD COLUMN removed_reports BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crash_groups ADD COLUMN removed_first_seen BIGINT;
ALTER TABLE crash_groups ADD COLUMN removed_last_seen BIGINT;
