package dev.crashkit.server.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.sentry.ContentEncodings;
import dev.crashkit.server.sentry.RateLimiter;
import dev.crashkit.server.sentry.SentryAuth;
import dev.crashkit.server.sentry.SentryEnvelope;
import dev.crashkit.server.store.Projects;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.UploadedFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Sentry's ingest protocol, so that Sentry SDKs send to this server: {@code POST /api/ID/envelope/},
 * {@code /api/ID/store/} (an event alone) and {@code /api/ID/minidump/} (Crashpad's and sentry-native's
 * multipart upload), authenticated by the project's DSN key instead of the bearer token. An event or a
 * minidump is stored as a report under the event's id, after the same checks {@code POST /api/reports}
 * makes; sessions, client reports, transactions and other items are accepted and dropped.
 */
final class SentryApi {
    private static final Pattern INGEST = Pattern.compile("/api/[0-9]{1,18}/(envelope|store|minidump|kscrash)/?");
    private static final Pattern EVENT_ID = Pattern.compile("[0-9a-fA-F]{32}");
    private static final Pattern DASHED_ID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final Services s;
    private final Projects projects;
    private final MemoryBudget budget;
    private final RateLimiter limiter;
    private final KSCrashSink kscrash;

    SentryApi(Services services, Projects projects, MemoryBudget budget, RateLimiter limiter) {
        this.s = services;
        this.kscrash = new KSCrashSink(services, budget, new ReportIntake(services));
        this.projects = projects;
        this.budget = budget;
        this.limiter = limiter;
    }

    /** The paths a DSN key opens (no bearer token). */
    static boolean isIngestPath(String path) {
        return INGEST.matcher(path).matches();
    }

    void register(Javalin app) {
        app.post("/api/{project}/envelope", ctx -> refusalsCounted(ctx, this::envelope));
        app.post("/api/{project}/store", ctx -> refusalsCounted(ctx, this::store));
        app.post("/api/{project}/minidump", ctx -> refusalsCounted(ctx, this::minidump));
        app.post("/api/{project}/kscrash", ctx -> refusalsCounted(ctx, this::kscrash));
    }

    private interface Handler {
        void handle(Context ctx) throws IOException;
    }

    private void refusalsCounted(Context ctx, Handler h) throws IOException {
        try {
            h.handle(ctx);
        } catch (ApiError e) {
            if (e.status != 503 && e.status != 429) {
                s.metrics().rejected();
            }
            throw e;
        }
    }

    /** What one upload asks to store: a report's bytes under an event id (or nothing, for other items). */
    private record Upload(Optional<String> eventId, Optional<byte[]> report) {
    }

    private void envelope(Context ctx) throws IOException {
        Projects.Project project = project(ctx);
        Optional<String> key = requestKey(ctx);
        checkKeyIfGiven(project, key);
        Upload upload;
        try (Bodies.Held held = Bodies.read(ctx, s.limits().maxReportBytes(), "envelope", budget);
             Decoded body = decode(ctx, held.bytes)) {
            SentryEnvelope envelope;
            try {
                envelope = SentryEnvelope.parse(body.bytes);
            } catch (SentryEnvelope.BadEnvelope e) {
                throw new ApiError(400, e.getMessage());
            }
            if (key.isEmpty()) {
                Optional<String> fromDsn = envelope.dsn().flatMap(SentryAuth::keyOfDsn);
                if (fromDsn.isEmpty()) {
                    throw new ApiError(401, "no sentry_key (X-Sentry-Auth header, ?sentry_key= or the envelope's dsn)");
                }
                checkKeyIfGiven(project, fromDsn);
            }
            upload = fromEnvelope(envelope);
            store(ctx, project, upload);
        }
    }

    /** The event, or the minidump that stands for it (sentry-native's crash envelope), of an envelope. */
    private Upload fromEnvelope(SentryEnvelope envelope) {
        Optional<byte[]> event = Optional.empty();
        Optional<byte[]> minidump = Optional.empty();
        for (SentryEnvelope.Item item : envelope.items()) {
            if (item.type().equals("event")) {
                if (event.isPresent()) {
                    throw new ApiError(400, "envelope: more than one event item");
                }
                event = Optional.of(item.payload());
            } else if (item.type().equals("attachment") && item.attachmentType().equals("event.minidump")) {
                if (minidump.isPresent()) {
                    throw new ApiError(400, "envelope: more than one minidump attachment");
                }
                minidump = Optional.of(item.payload());
            }
            // session, sessions, client_report, transaction, other attachments, unknown: accepted, dropped.
        }
        Optional<String> headerId = envelope.eventId().map(SentryApi::eventId);
        Optional<String> eventId = headerId;
        Optional<JsonNode> eventJson = Optional.empty();
        if (event.isPresent()) {
            eventJson = Optional.of(eventObject(event.get()));
            Optional<String> own = text(eventJson.get(), "event_id").map(SentryApi::eventId);
            eventId = own.isPresent() ? own : headerId;
        }
        if (minidump.isPresent()) {
            // The event beside a minidump carries no stack: the minidump is the crash.
            return new Upload(Optional.of(eventId.orElseGet(SentryApi::newEventId)), minidump);
        }
        if (eventJson.isPresent() && isCrash(eventJson.get())) {
            return new Upload(Optional.of(eventId.orElseGet(SentryApi::newEventId)), event);
        }
        return new Upload(eventId, Optional.empty());
    }

    private void store(Context ctx) throws IOException {
        Projects.Project project = keyedProject(ctx);
        try (Bodies.Held held = Bodies.read(ctx, s.limits().maxReportBytes(), "event", budget);
             Decoded body = decode(ctx, held.bytes)) {
            JsonNode event = eventObject(body.bytes);
            String id = text(event, "event_id").map(SentryApi::eventId).orElseGet(SentryApi::newEventId);
            store(ctx, project, new Upload(Optional.of(id), isCrash(event) ? Optional.of(body.bytes) : Optional.empty()));
        }
    }

    /**
     * KSCrash's uploader into a project: its sink sends no header of its own, so the project's key comes in the
     * URL ({@code ?sentry_key=}), which works with {@code --token} set (where {@code /api/kscrash} needs the token).
     */
    private void kscrash(Context ctx) throws IOException {
        Projects.Project project = keyedProject(ctx);
        kscrash.post(ctx, project.id());
    }

    private void minidump(Context ctx) throws IOException {
        Projects.Project project = keyedProject(ctx);
        long limit = s.limits().maxReportBytes();
        if (ctx.contentLength() > limit + MemoryBudget.MIB) {
            throw new ApiError(413, "minidump upload larger than the limit of " + limit + " bytes");
        }
        String type = ctx.contentType();
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("multipart/form-data")) {
            throw new ApiError(400, "a minidump upload is multipart/form-data with an upload_file_minidump file");
        }
        UploadedFile file = ctx.uploadedFile("upload_file_minidump");
        if (file == null) {
            throw new ApiError(400, "no upload_file_minidump file in the form");
        }
        if (file.size() > limit) {
            throw new ApiError(413, "minidump larger than the limit of " + limit + " bytes");
        }
        int mib = (int) ((file.size() + MemoryBudget.MIB - 1) / MemoryBudget.MIB);
        budget.take(mib);
        try (InputStream in = file.content()) {
            byte[] bytes = in.readNBytes((int) file.size());
            String id = newEventId();
            store(ctx, project, new Upload(Optional.of(id), Optional.of(bytes)));
            // Crashpad keeps the answer as the report's id on the device: the event id, as text.
            ctx.contentType("text/plain").result(dashed(id));
        } finally {
            budget.give(mib);
        }
    }

    /** Checks and stores what an upload holds, answering {@code {"id"}} as Sentry does. */
    private void store(Context ctx, Projects.Project project, Upload upload) throws IOException {
        if (upload.report().isEmpty()) {
            Api.json(ctx, 200, upload.eventId().isPresent()
                    ? Api.JSON.createObjectNode().put("id", upload.eventId().get()) : Api.JSON.createObjectNode());
            return;
        }
        byte[] report = upload.report().get();
        long limit = s.limits().maxReportBytes();
        if (report.length > limit) {
            throw new ApiError(413, "report larger than the limit of " + limit + " bytes");
        }
        long wait = limiter.admit(project.id());
        if (wait > 0) {
            ctx.header("Retry-After", Long.toString(wait));
            ctx.header("X-Sentry-Rate-Limits", wait + "::project");
            throw new ApiError(429, "project " + project.name() + " sent more events this minute than the rate limit");
        }
        List<ReportSymbolicator.Part> parts;
        try {
            parts = s.symbolicator().checkAll(report);
        } catch (BadInputException e) {
            throw new ApiError(400, e.getMessage());
        }
        if (parts.size() != 1 || parts.get(0).part().isPresent()) {
            throw new ApiError(400, "a Sentry event or minidump holds one report, this holds " + parts.size());
        }
        ReportSymbolicator.Part part = parts.get(0);
        String id = upload.eventId().orElseThrow();
        ReportStore.Ingested in = s.reports().ingestWithId(id, project.id(), part.body(), Api.sha256(part.body()),
                part.checked().format(), part.checked().dimensions(), System.currentTimeMillis());
        if (in.created()) {
            s.metrics().received();
            s.workers().wake();
        } else {
            s.metrics().duplicate();
        }
        Api.json(ctx, 200, Api.JSON.createObjectNode().put("id", id));
    }

    /** A Sentry event worth a report: one with an exception or threads (a message alone is not a crash). */
    private static boolean isCrash(JsonNode event) {
        return nonEmpty(event.get("exception")) || nonEmpty(event.get("threads"));
    }

    private static boolean nonEmpty(JsonNode n) {
        if (n == null) {
            return false;
        }
        JsonNode list = n.isArray() ? n : n.path("values");
        return list.isArray() && !list.isEmpty();
    }

    private static JsonNode eventObject(byte[] payload) {
        JsonNode n;
        try {
            n = Api.JSON.readTree(new String(payload, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new ApiError(400, "event is not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) {
            throw new ApiError(400, "event is not a JSON object");
        }
        return n;
    }

    private static Optional<String> text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v != null && v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
    }

    /** An event id as 32 lower-case hex digits (a dashed UUID is accepted and normalised). */
    static String eventId(String text) {
        String t = text.strip();
        if (DASHED_ID.matcher(t).matches()) {
            t = t.replace("-", "");
        }
        if (!EVENT_ID.matcher(t).matches()) {
            throw new ApiError(400, "event_id is not 32 hex digits");
        }
        return t.toLowerCase(java.util.Locale.ROOT);
    }

    private static String newEventId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private static String dashed(String id) {
        return id.substring(0, 8) + "-" + id.substring(8, 12) + "-" + id.substring(12, 16) + "-"
                + id.substring(16, 20) + "-" + id.substring(20);
    }

    private Projects.Project project(Context ctx) {
        String text = ctx.pathParam("project");
        long id;
        try {
            id = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new ApiError(404, "no such project");
        }
        return projects.get(id).orElseThrow(() -> new ApiError(404, "no such project"));
    }

    private static Optional<String> requestKey(Context ctx) {
        return SentryAuth.keyOfHeader(ctx.header("X-Sentry-Auth"))
                .or(() -> SentryAuth.keyOfHeader(ctx.header("Authorization")))
                .or(() -> Optional.ofNullable(ctx.queryParam("sentry_key")).map(String::strip)
                        .filter(k -> !k.isEmpty()));
    }

    /** The project of the path, when the request carries its key (401 without one, 403 for another's). */
    private Projects.Project keyedProject(Context ctx) {
        Projects.Project project = project(ctx);
        Optional<String> key = requestKey(ctx);
        if (key.isEmpty()) {
            throw new ApiError(401, "no sentry_key (X-Sentry-Auth header or ?sentry_key=)");
        }
        checkKeyIfGiven(project, key);
        return project;
    }

    private static void checkKeyIfGiven(Projects.Project project, Optional<String> key) {
        if (key.isPresent() && !project.keyMatches(key.get())) {
            throw new ApiError(403, "wrong sentry_key for project " + project.id());
        }
    }

    /** A decoded body and the memory it holds, given back on close. */
    private static final class Decoded implements AutoCloseable {
        final byte[] bytes;
        private final MemoryBudget budget;
        private final int mib;

        Decoded(byte[] bytes, MemoryBudget budget, int mib) {
            this.bytes = bytes;
            this.budget = budget;
            this.mib = mib;
        }

        @Override
        public void close() {
            budget.give(mib);
        }
    }

    /**
     * Undoes Content-Encoding. The decoded body may be up to twice the report limit (an envelope holds an
     * event and a minidump); each report in it is held to the limit itself.
     */
    private Decoded decode(Context ctx, byte[] raw) {
        String encoding = ctx.header("Content-Encoding");
        if (encoding == null || encoding.isBlank() || encoding.strip().equalsIgnoreCase("identity")) {
            return new Decoded(raw, budget, 0);
        }
        long limit = Math.min(2 * s.limits().maxReportBytes(), Integer.MAX_VALUE - 16);
        int[] taken = {0};
        try {
            byte[] out = ContentEncodings.decode(raw, encoding, limit, bytes -> {
                int needed = (int) ((bytes + MemoryBudget.MIB - 1) / MemoryBudget.MIB);
                if (needed > taken[0]) {
                    budget.take(needed - taken[0]);
                    taken[0] = needed;
                }
            });
            if (out.length == 0) {
                throw new ApiError(400, "empty body");
            }
            Decoded d = new Decoded(out, budget, taken[0]);
            taken[0] = 0;
            return d;
        } catch (ContentEncodings.TooLarge e) {
            throw new ApiError(413, e.getMessage());
        } catch (ContentEncodings.BadEncoding e) {
            throw new ApiError(400, e.getMessage());
        } finally {
            budget.give(taken[0]);
        }
    }
}
