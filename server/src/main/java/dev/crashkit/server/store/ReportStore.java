package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.Sha256;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.symbolication.Dimensions;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reports: durable ingest and reads. Without a blob store the row, raw bytes and queue entry are one
 * transaction; with one ({@code --blob-store}) the bytes are put there first, durable, keyed by their
 * SHA-256, and the row and queue entry committed after: an acknowledged report always has its bytes, and
 * a crash between the two leaves only a blob no row names (harmless; removed by cleanup).
 */
public final class ReportStore {

    /** The outcome of an ingest: the report's id, and whether this call stored it (false: a repeat). */
    public record Ingested(String id, boolean created) {
    }

    /** A report's row; {@code dimensions} as stored (absent ones unknown). */
    public record Report(String id, Optional<String> clientReportId, String format, long size, long receivedAt,
                         Optional<String> appVersion, String status, Optional<String> error, Optional<String> group,
                         OptionalLong symbolicatedAt, Dimensions dimensions, Optional<String> exception,
                         Optional<String> project) {
    }

    static final String COLUMNS = "id, client_report_id, format, size, received_at, app_version, status, error, "
            + "group_id, symbolicated_at, os, device, crash_time, exception, project_id";

    private final Database db;
    private final IngestBatcher batcher;
    private final Optional<BlobStore> blobs;
    private final UserHashes users;

    /** Raw bytes in the database; user identities hashed with the server's salt (made on the first start). */
    public ReportStore(Database db) throws StoreException {
        this(db, Optional.empty());
    }

    /** Raw bytes of new reports in {@code blobs} when given (reports stored before stay readable from the database). */
    public ReportStore(Database db, Optional<BlobStore> blobs) throws StoreException {
        this.db = db;
        this.users = UserHashes.load(db);
        this.batcher = new IngestBatcher(db, blobs);
        this.blobs = blobs;
    }

    /** Stops the ingest writer (after the HTTP server stopped taking requests). */
    public void close() {
        batcher.close();
    }

    /**
     * Stores a new report and queues it, committed before this returns. With a client report id already
     * stored, stores nothing and returns the existing id. Concurrent calls share one transaction (group
     * commit, {@link IngestBatcher}): one fsync acknowledges them all.
     */
    public Ingested ingest(byte[] body, String sha256, String format, Dimensions dimensions,
                           Optional<String> clientReportId, long now) throws StoreException {
        return ingest(body, sha256, format, dimensions, clientReportId, now, Projects.DEFAULT_ID);
    }

    /** As {@link #ingest(byte[], String, String, Dimensions, Optional, long)}, into project {@code projectId}. */
    public Ingested ingest(byte[] body, String sha256, String format, Dimensions dimensions,
                           Optional<String> clientReportId, long now, long projectId) throws StoreException {
        // The repeat check runs inside the batch's write transaction (insert), not in a read before it.
        boolean inBlobStore = putBody(body, sha256);
        return batcher.submit(new IngestBatcher.Pending(body, sha256, format, dimensions, clientReportId, now,
                Optional.empty(), projectId, inBlobStore, dimensions.user().map(users::hash)));
    }

    /**
     * Puts the bytes into the blob store, if there is one, before their row is written (a repeat puts the
     * same content-addressed blob again: harmless).
     */
    private boolean putBody(byte[] body, String sha256) throws StoreUnavailableException {
        if (blobs.isEmpty()) {
            return false;
        }
        try {
            blobs.get().put(BlobKeys.report(sha256), body, sha256);
            return true;
        } catch (BlobException e) {
            throw new StoreUnavailableException("the report was not stored: " + e.getMessage(), e);
        }
    }

    /**
     * Stores a report under the id its client gave it (a Sentry event_id) in a project; a report with
     * that id stored already answers with {@code created} false and stores nothing.
     */
    public Ingested ingestWithId(String id, long projectId, byte[] body, String sha256, String format,
                                 Dimensions dimensions, long now) throws StoreException {
        boolean inBlobStore = putBody(body, sha256);
        return batcher.submit(new IngestBatcher.Pending(body, sha256, format, dimensions, Optional.empty(), now,
                Optional.of(id), projectId, inBlobStore, dimensions.user().map(users::hash)));
    }

    /**
     * Inserts a batch of reports inside one transaction, in order; a client id (or id) seen before, in the
     * database or earlier in the batch, answers with its report. Each statement is prepared once for the batch.
     */
    static List<Ingested> insertAll(Connection c, List<IngestBatcher.Pending> batch) throws SQLException {
        List<Ingested> out = new ArrayList<>(batch.size());
        try (PreparedStatement byClientId = c.prepareStatement("SELECT id FROM reports WHERE client_report_id = ?");
             PreparedStatement exists = c.prepareStatement("SELECT 1 FROM reports WHERE id = ?");
             PreparedStatement report = c.prepareStatement("INSERT INTO reports (id, client_report_id, format, size, "
                     + "sha256, received_at, app_version, os, device, crash_time, status, project_id, user_hash) "
                     + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)");
             PreparedStatement body = c.prepareStatement("INSERT INTO report_bodies (report_id, body) VALUES (?, ?)");
             PreparedStatement job = c.prepareStatement("INSERT INTO jobs (report_id, queued_at) VALUES (?, ?)")) {
            for (IngestBatcher.Pending r : batch) {
                out.add(insert(r, byClientId, exists, report, body, job));
            }
        }
        return out;
    }

    private static Ingested insert(IngestBatcher.Pending r, PreparedStatement byClientId, PreparedStatement exists,
                                   PreparedStatement report, PreparedStatement body, PreparedStatement job)
            throws SQLException {
        if (r.clientReportId().isPresent()) {
            // Inside the write transaction: a concurrent repeat cannot slip in between check and insert.
            Optional<String> existing = firstString(byClientId, r.clientReportId().get());
            if (existing.isPresent()) {
                return new Ingested(existing.get(), false);
            }
        }
        if (r.id().isPresent() && firstString(exists, r.id().get()).isPresent()) {
            return new Ingested(r.id().get(), false);
        }
        String id = r.id().orElseGet(() -> ReportIds.next(System.currentTimeMillis()));
        report.setString(1, id);
        report.setString(2, r.clientReportId().orElse(null));
        report.setString(3, r.format());
        report.setLong(4, r.body().length);
        report.setString(5, r.sha256());
        report.setLong(6, r.now());
        Dimensions d = r.dimensions();
        report.setString(7, d.appVersion().orElse(null));
        report.setString(8, d.os().orElse(null));
        report.setString(9, d.device().orElse(null));
        if (d.crashTime().isPresent()) {
            report.setLong(10, d.crashTime().getAsLong());
        } else {
            report.setNull(10, java.sql.Types.BIGINT);
        }
        report.setLong(11, r.projectId());
        report.setString(12, r.userHash().orElse(null));
        report.executeUpdate();
        if (!r.bodyInBlobStore()) {
            body.setString(1, id);
            body.setBytes(2, r.body());
            body.executeUpdate();
        }
        job.setString(1, id);
        job.setLong(2, r.now());
        job.executeUpdate();
        return new Ingested(id, true);
    }

    /** The first column of the first row {@code query} finds for {@code key}, as text. */
    private static Optional<String> firstString(PreparedStatement query, String key) throws SQLException {
        query.setString(1, key);
        try (ResultSet r = query.executeQuery()) {
            return r.next() ? Optional.of(r.getString(1)) : Optional.empty();
        }
    }

    public Optional<Report> report(String id) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM reports WHERE id = ?")) {
                p.setString(1, id);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(row(r)) : Optional.empty();
                }
            }
        });
    }

    /** Where a report's bytes are: in the database ({@code body}), else the blob store by content. */
    private record BodyRow(Optional<byte[]> body, String sha256, long size) {
    }

    /**
     * The raw bytes as uploaded: from the database, or for a report stored with a blob store, from there
     * (checked against the SHA-256 recorded).
     *
     * @throws StoreUnavailableException when the blob store cannot be read now
     */
    public Optional<byte[]> body(String id) throws StoreException {
        Optional<BodyRow> row = db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT b.body, r.sha256, r.size FROM reports r "
                    + "LEFT JOIN report_bodies b ON b.report_id = r.id WHERE r.id = ?")) {
                p.setString(1, id);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(new BodyRow(Optional.ofNullable(r.getBytes(1)), r.getString(2),
                            r.getLong(3))) : Optional.empty();
                }
            }
        });
        if (row.isEmpty() || row.get().body().isPresent()) {
            return row.flatMap(BodyRow::body);
        }
        if (blobs.isEmpty() || row.get().sha256() == null) {
            return Optional.empty();
        }
        return blobBody(id, row.get());
    }

    private Optional<byte[]> blobBody(String id, BodyRow row) throws StoreException {
        String key = BlobKeys.report(row.sha256());
        byte[] bytes;
        try {
            Optional<InputStream> in = blobs.get().get(key);
            if (in.isEmpty()) {
                return Optional.empty();
            }
            try (InputStream s = in.get()) {
                // The size recorded bounds what is read: a blob that grew is refused, not loaded whole.
                bytes = s.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, row.size() + 1));
            }
        } catch (BlobException e) {
            throw new StoreUnavailableException("report " + id + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new StoreUnavailableException("report " + id + ": reading " + key + " failed: " + e, e);
        }
        if (bytes.length != row.size() || !Sha256.of(bytes).equals(row.sha256())) {
            throw new StoreException("report " + id + ": " + key + " is not the report's bytes (" + bytes.length
                    + " bytes, " + row.size() + " recorded)");
        }
        return Optional.of(bytes);
    }

    /** The symbolicated/1 document and app image names (JSON array) of the latest symbolication. */
    public record Result(String symbolicated, String appImages) {
    }

    public Optional<Result> result(String id) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT symbolicated, app_images FROM report_results WHERE report_id = ?")) {
                p.setString(1, id);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(new Result(r.getString(1), r.getString(2))) : Optional.empty();
                }
            }
        });
    }

    /**
     * An image a report waits for the debug file of.
     *
     * @param system whether it is a system image's (it does not keep the report partial)
     */
    public record Waiting(String debugId, String imageName, String arch, int frames, boolean system) {
    }

    /** The images this report waits for, by image name. */
    public List<Waiting> missing(String id) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT debug_id, image_name, arch, frames, origin "
                    + "FROM missing_images WHERE report_id = ? ORDER BY image_name")) {
                p.setString(1, id);
                List<Waiting> out = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Waiting(r.getString(1), r.getString(2), r.getString(3), r.getInt(4),
                                r.getString(5).equals("system")));
                    }
                }
                return out;
            }
        });
    }

    static Report row(ResultSet r) throws SQLException {
        long symAt = r.getLong(10);
        OptionalLong symbolicatedAt = r.wasNull() ? OptionalLong.empty() : OptionalLong.of(symAt);
        long crash = r.getLong(13);
        OptionalLong crashTime = r.wasNull() ? OptionalLong.empty() : OptionalLong.of(crash);
        Optional<String> version = Optional.ofNullable(r.getString(6));
        return new Report(r.getString(1), Optional.ofNullable(r.getString(2)), r.getString(3), r.getLong(4),
                r.getLong(5), version, r.getString(7), Optional.ofNullable(r.getString(8)),
                Optional.ofNullable(r.getString(9)), symbolicatedAt,
                new Dimensions(version, Optional.ofNullable(r.getString(11)), Optional.ofNullable(r.getString(12)),
                        crashTime),
                Optional.ofNullable(r.getString(14)), Optional.ofNullable(r.getString(15)));
    }

    /** Totals by status, for metrics. */
    public java.util.Map<String, Long> countByStatus() throws StoreException {
        return db.read(c -> {
            java.util.Map<String, Long> out = new java.util.TreeMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT status, COUNT(*) FROM reports GROUP BY status");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.put(r.getString(1), r.getLong(2));
                }
            }
            return out;
        });
    }
}
