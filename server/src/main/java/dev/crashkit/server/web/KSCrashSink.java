package dev.crashkit.server.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.sentry.ContentEncodings;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import io.javalin.Javalin;
import io.javalin.http.Context;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.http.Part;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jetty.server.MultiPartFormInputStream;

/**
 * KSCrash's own uploader, {@code KSCrashReportSinkStandard}: a {@code multipart/form-data} POST whose
 * {@code reports} part ({@code filename="reports.json"}, {@code Content-Type: application/json}) holds a JSON
 * array of KSCrash reports, each an object or, for a report KSCrash held as text, a string of its JSON.
 * Followed from kstenerud/KSCrash 62039fc ({@code Sources/KSCrashSinks/KSCrashReportSinkStandard.m},
 * {@code Sources/KSCrashReportingCore/KSHTTPMultipartPostBody.m}); its commented-out gzip is accepted too:
 * the whole body with {@code Content-Encoding: gzip}, or a gzip {@code reports} part.
 * <p>
 * Served at {@code POST /api/kscrash} and, for a multipart body, at {@code POST /api/reports}. Each array
 * element is checked and stored as {@code POST /api/reports} would store it, with {@code kscrash:REPORT_ID}
 * (or the element's SHA-256) as its client id, so KSCrash resending a batch stores nothing twice. The answer
 * is per report: readable ones are stored (201, or 200 when all were stored before), unreadable ones listed
 * under {@code errors} by index. KSCrash resends the whole batch until an upload succeeds, so refusing a
 * batch for one report it can never make readable would block every later report of that device. A body
 * that is no such form, no JSON array, or has no readable report is refused whole (4xx), nothing stored.
 */
final class KSCrashSink {
    /** More than KSCrash ever batches (its report store keeps a few dozen at most). */
    static final int MAX_REPORTS = 1000;
    private static final int MAX_PARTS = 16;

    private final Services s;
    private final MemoryBudget budget;
    private final ReportIntake intake;

    KSCrashSink(Services services, MemoryBudget budget, ReportIntake intake) {
        this.s = services;
        this.budget = budget;
        this.intake = intake;
    }

    void register(Javalin app) {
        app.post("/api/kscrash", this::post);
    }

    static boolean isMultipart(Context ctx) {
        String type = ctx.contentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data");
    }

    /** An upload into the project of the request's ingest key, else the default project. */
    void post(Context ctx) throws IOException {
        post(ctx, Auth.Credential.of(ctx).reportProject());
    }

    /** An upload into project {@code projectId} (the per-project URL a DSN key opens; {@link SentryApi}). */
    void post(Context ctx, long projectId) throws IOException {
        try {
            postChecked(ctx, projectId);
        } catch (ApiError e) {
            if (e.status != 503) {
                s.metrics().rejected();
            }
            throw e;
        }
    }

    private void postChecked(Context ctx, long projectId) throws IOException {
        if (!isMultipart(ctx)) {
            throw new ApiError(400, "a KSCrash upload is multipart/form-data with a 'reports' part");
        }
        List<byte[]> reports;
        try (Bodies.Held held = Bodies.read(ctx, s.limits().maxReportBytes(), "KSCrash upload", budget)) {
            reports = reports(held.bytes, ctx.contentType(), ctx.header("Content-Encoding"), s.limits().maxReportBytes(),
                    s.debugFileStore().folder().resolveSibling("tmp"), budget);
        }
        List<ReportSymbolicator.Part> parts = new ArrayList<>();
        List<Optional<String>> clientIds = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        ArrayNode errors = Api.JSON.createArrayNode();
        for (int i = 0; i < reports.size(); i++) {
            byte[] r = reports.get(i);
            try {
                List<ReportSymbolicator.Part> checked = s.symbolicator().checkAll(r);
                parts.addAll(checked);
                for (int k = 0; k < checked.size(); k++) {
                    clientIds.add(Optional.of(clientId(r)));
                    indexes.add(i);
                }
            } catch (BadInputException e) {
                errors.addObject().put("index", i).put("error", e.getMessage());
            }
        }
        if (parts.isEmpty()) {
            throw new ApiError(400, reports.isEmpty() ? "the 'reports' array is empty"
                    : "no report in the upload could be read: reports[" + errors.get(0).get("index").asInt() + "]: "
                    + errors.get(0).get("error").asText());
        }
        List<ReportStore.Ingested> stored = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            stored.addAll(intake.ingest(List.of(parts.get(i)), clientIds.get(i), projectId));
        }
        boolean created = intake.wakeIfCreated(stored);
        ObjectNode out = Api.JSON.createObjectNode();
        ArrayNode ids = out.putArray("ids");
        ArrayNode indexOf = out.putArray("index");
        for (int i = 0; i < stored.size(); i++) {
            ids.add(stored.get(i).id());
            indexOf.add(indexes.get(i));
        }
        out.set("errors", errors);
        Api.json(ctx, created ? 201 : 200, out);
    }

    /**
     * The reports of one upload body: the body gunzipped when {@code encoding} says gzip, its {@code reports}
     * part (gunzipped when it is gzip), that JSON array split. Any problem is an {@link ApiError} (4xx).
     */
    static List<byte[]> reports(byte[] body, String contentType, String encoding, long limit, Path tmp,
                                MemoryBudget budget) throws IOException {
        String enc = Optional.ofNullable(encoding).orElse("").strip().toLowerCase(Locale.ROOT);
        if (enc.equals("gzip")) {
            body = gunzip(body, limit, "KSCrash upload", budget);
        } else if (!enc.isEmpty() && !enc.equals("identity")) {
            throw new ApiError(415, "unsupported Content-Encoding: " + shorten(enc));
        }
        byte[] json = reportsPart(body, contentType, limit, tmp);
        if (json.length >= 2 && (json[0] & 0xff) == 0x1f && (json[1] & 0xff) == 0x8b) {
            json = gunzip(json, limit, "'reports' part", budget);
        }
        return split(json);
    }

    /** The {@code reports} part of the form, parsed by Jetty's multipart parser (in memory: bounded already). */
    private static byte[] reportsPart(byte[] body, String contentType, long limit, Path tmp) throws IOException {
        Files.createDirectories(tmp);
        MultiPartFormInputStream form = new MultiPartFormInputStream(new ByteArrayInputStream(body), contentType,
                new MultipartConfigElement(tmp.toString(), limit, limit, (int) Math.min(Integer.MAX_VALUE, limit)),
                tmp.toFile(), MAX_PARTS);
        try {
            Part reports;
            try {
                form.getParts();
                reports = form.getPart("reports");
            } catch (IOException | IllegalStateException | IllegalArgumentException e) {
                throw new ApiError(400, "malformed multipart KSCrash upload: " + shorten(String.valueOf(e.getMessage())));
            }
            if (reports == null) {
                throw new ApiError(400, "KSCrash upload without a 'reports' part");
            }
            try (InputStream in = reports.getInputStream()) {
                return in.readAllBytes();
            }
        } finally {
            form.deleteParts();
        }
    }

    /** The elements of the JSON array, each as the bytes of one report (sliced, not re-encoded). */
    static List<byte[]> split(byte[] json) {
        List<byte[]> out = new ArrayList<>();
        try (JsonParser p = Api.JSON.getFactory().createParser(json)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new ApiError(400, "the 'reports' part is not a JSON array");
            }
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) {
                    throw new ApiError(400, "the 'reports' array is cut off");
                }
                if (out.size() >= MAX_REPORTS) {
                    throw new ApiError(413, "more than " + MAX_REPORTS + " reports in one KSCrash upload");
                }
                switch (t) {
                    case START_OBJECT -> {
                        long start = p.currentTokenLocation().getByteOffset();
                        p.skipChildren();
                        long end = p.currentTokenLocation().getByteOffset() + 1;
                        out.add(Arrays.copyOfRange(json, (int) start, (int) end));
                    }
                    case VALUE_STRING -> out.add(p.getText().getBytes(StandardCharsets.UTF_8));
                    case VALUE_NULL -> out.add(new byte[0]); // refused per report, keeping the indexes
                    default -> {
                        p.skipChildren();
                        out.add(new byte[0]);
                    }
                }
            }
            if (p.nextToken() != null) {
                throw new ApiError(400, "the 'reports' part has data after its JSON array");
            }
        } catch (StreamConstraintsException e) {
            throw new ApiError(400, "the 'reports' JSON is too deep or too long: " + shorten(e.getOriginalMessage()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ApiError(400, "the 'reports' part is not JSON: " + shorten(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ApiError(400, "the 'reports' part cannot be read: " + shorten(e.getMessage()));
        }
        return out;
    }

    /** KSCrash's own report id (report.id, a UUID) when the report has one, else its SHA-256. */
    private static String clientId(byte[] report) {
        try {
            JsonNode id = Api.JSON.readTree(report).path("report").path("id");
            if (id.isTextual() && !id.asText().isBlank() && id.asText().length() <= 100) {
                return "kscrash:" + id.asText();
            }
        } catch (IOException e) {
            // Read already by checkAll; an id is only a convenience.
        }
        return "kscrash-sha256:" + Api.sha256(report);
    }

    /** Inflates gzip, at most {@code limit} bytes out (a bomb stops there), memory taken from the budget meanwhile. */
    private static byte[] gunzip(byte[] in, long limit, String what, MemoryBudget budget) {
        int[] held = {0};
        try {
            return ContentEncodings.decode(in, "gzip", limit, bytes -> {
                int needed = (int) ((bytes + MemoryBudget.MIB - 1) / MemoryBudget.MIB);
                if (needed > held[0]) {
                    budget.take(needed - held[0]);
                    held[0] = needed;
                }
            });
        } catch (ContentEncodings.TooLarge e) {
            throw new ApiError(413, what + " larger than the limit of " + limit + " bytes once decompressed");
        } catch (ContentEncodings.BadEncoding e) {
            throw new ApiError(400, what + " is not valid gzip: " + shorten(e.getMessage()));
        } finally {
            budget.give(held[0]);
        }
    }

    private static String shorten(String s) {
        if (s == null) {
            return "";
        }
        String one = s.replaceAll("[\\x00-\\x1f\\x7f]", " ");
        return one.length() > 120 ? one.substring(0, 120) + "..." : one;
    }
}
