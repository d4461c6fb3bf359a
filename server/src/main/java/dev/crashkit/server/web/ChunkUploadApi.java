package dev.crashkit.server.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.ChunkStore;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.DebugFiles;
import io.javalin.Javalin;
import io.javalin.http.Context;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.eclipse.jetty.server.MultiPartFormInputStream;

/**
 * Sentry's chunked upload of debug files, as {@code sentry-cli debug-files upload} (3.x) uses it:
 * <ol>
 * <li>{@code GET /api/0/organizations/{org}/chunk-upload/}: the options (chunk size, chunks per request,
 *     sizes, SHA-1, gzip);</li>
 * <li>{@code POST /api/0/projects/{org}/{project}/files/difs/assemble/}: for each file (named by its SHA-1)
 *     its chunks' SHA-1s; answered per file {@code ok} (stored), {@code not_found} with the
 *     {@code missingChunks}, {@code assembling} (another request is assembling it) or {@code error};</li>
 * <li>{@code POST /api/0/organizations/{org}/chunk-upload/}: the missing chunks, multipart parts named
 *     {@code file} or {@code file_gzip} whose file names are their SHA-1s;</li>
 * <li>the assemble request again: the server joins the chunks, checks the whole file's SHA-1 and stores it
 *     as {@code POST /api/debug-files} does ({@link DebugFileIntake}), answering {@code ok}.</li>
 * </ol>
 * Followed from getsentry/sentry-cli fb79c59 ({@code src/api/mod.rs}, {@code src/utils/chunks/upload.rs},
 * {@code src/api/data_types/chunking/}) and checked with the released 3.8.0 binary. Any organization slug
 * is accepted; the project slug goes through {@link #requireProject}.
 */
final class ChunkUploadApi {
    /** Sentry's values: 64 chunks and 32 MiB per request, 8 uploads in parallel. */
    static final int CHUNKS_PER_REQUEST = 64;
    static final long MAX_REQUEST_SIZE = 32L * 1024 * 1024;
    static final int CONCURRENCY = 8;
    /** Chunks waiting to be assembled: at most this many, and this old. */
    static final int MAX_CHUNKS = 100_000;
    static final long MAX_CHUNK_AGE_MILLIS = 60 * 60_000;
    /** An assemble request: JSON of at most this size (a 2 GB file in 8 MiB chunks is about 11 KB). */
    static final long MAX_ASSEMBLE_BYTES = 8L * 1024 * 1024;
    private static final Pattern NAME = Pattern.compile("[^\\x00-\\x1f\\x7f]{1,1024}");

    private final Services s;
    private final Optional<dev.crashkit.server.store.Projects> projects;
    private final DebugFileIntake intake;
    private final ChunkStore chunks;
    private final MemoryBudget budget;
    private final Path multipartTmp;
    /** Files (by SHA-1) being assembled now: a concurrent request for one answers {@code assembling}. */
    private final Set<String> assembling = ConcurrentHashMap.newKeySet();
    /** When chunks were last swept: at most every ten minutes, on an upload. */
    private final java.util.concurrent.atomic.AtomicLong lastSweep = new java.util.concurrent.atomic.AtomicLong();

    ChunkUploadApi(Services services, DebugFileIntake intake, MemoryBudget budget,
                   Optional<dev.crashkit.server.store.Projects> projects) throws IOException {
        this.s = services;
        this.projects = projects;
        this.intake = intake;
        this.budget = budget;
        Path data = services.debugFileStore().folder().getParent();
        // Staged chunks may take the largest debug file twice over (two uploads at once), at least 1 GiB.
        this.chunks = new ChunkStore(data.resolve("chunks"),
                Math.max(1L << 30, 2 * services.limits().maxDebugFileBytes()), MAX_CHUNKS, MAX_CHUNK_AGE_MILLIS);
        this.multipartTmp = Files.createDirectories(data.resolve("tmp"));
        chunks.sweep(System.currentTimeMillis()); // chunks left by uploads never assembled
        lastSweep.set(System.currentTimeMillis());
    }

    void register(Javalin app) {
        app.get("/api/0/organizations/{org}/chunk-upload/", this::options);
        app.post("/api/0/organizations/{org}/chunk-upload/", this::uploadChunks);
        app.post("/api/0/projects/{org}/{project}/files/difs/assemble/", this::assemble);
    }

    /**
     * Refuses a project slug the server does not know (404): a project's name, or its numeric id. The file is
     * still shared by every project's reports (debug files are matched by their ids, not by project).
     */
    void requireProject(String slug) {
        if (slug.isBlank()) {
            throw new ApiError(404, "no such project: ''");
        }
        if (projects.isPresent() && projects.get().list().stream()
                .noneMatch(p -> p.isNamed(slug))) {
            throw new ApiError(404, "no such project: " + slug + " (GET /api/projects lists them)");
        }
    }

    private int chunkSize() {
        return s.limits().uploadChunkSize();
    }

    private void options(Context ctx) throws IOException {
        ObjectNode o = Api.JSON.createObjectNode();
        // Relative: sentry-cli resolves it against the --url it was given (behind a proxy too).
        o.put("url", "/api/0/organizations/" + urlSegment(ctx.pathParam("org")) + "/chunk-upload/");
        o.put("chunkSize", chunkSize());
        o.put("chunksPerRequest", CHUNKS_PER_REQUEST);
        o.put("maxFileSize", s.limits().maxDebugFileBytes());
        o.put("maxRequestSize", advertisedRequestSize());
        o.put("concurrency", CONCURRENCY);
        o.put("hashAlgorithm", "sha1");
        o.putArray("compression").add("gzip");
        o.putArray("accept").add("debug_files");
        Api.json(ctx, 200, o);
    }

    /** The {@code maxRequestSize} advertised: sentry-cli batches chunks up to it, counted uncompressed. */
    private long advertisedRequestSize() {
        return Math.max(MAX_REQUEST_SIZE, chunkSize() + 64L * 1024);
    }

    private void uploadChunks(Context ctx) throws IOException {
        // On the wire a batch is larger than its chunks: gzip of incompressible data grows a little (about
        // 1/13,000, plus 18 bytes), and each part has its multipart headers (found with a 100 MB random file).
        long maxRequest = advertisedRequestSize() + advertisedRequestSize() / 64 + CHUNKS_PER_REQUEST * 4096L;
        if (ctx.contentLength() > maxRequest) {
            throw new ApiError(413, "chunk upload larger than the limit of " + maxRequest + " bytes");
        }
        String type = ctx.contentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            throw new ApiError(400, "chunk upload must be multipart/form-data");
        }
        // A gzip part of random data is a little larger than the chunk it holds.
        long maxPart = chunkSize() + chunkSize() / 64 + 4096;
        MultiPartFormInputStream form = new MultiPartFormInputStream(ctx.req().getInputStream(), type,
                new MultipartConfigElement(multipartTmp.toString(), maxPart, maxRequest, 256 * 1024),
                multipartTmp.toFile(), CHUNKS_PER_REQUEST);
        long now = System.currentTimeMillis();
        long last = lastSweep.get();
        if (now - last > 10 * 60_000 && lastSweep.compareAndSet(last, now)) {
            chunks.sweep(now);
        }
        List<ChunkStore.Verified> verified = new ArrayList<>();
        try {
            Collection<Part> parts = parts(form);
            if (parts.isEmpty()) {
                throw new ApiError(400, "chunk upload without parts");
            }
            for (Part p : parts) {
                boolean gzip = switch (p.getName()) {
                    case "file" -> false;
                    case "file_gzip" -> true;
                    default -> throw new ApiError(400, "unexpected part '" + shorten(p.getName())
                            + "' (expected file or file_gzip)");
                };
                String sha1 = p.getSubmittedFileName() == null ? null : p.getSubmittedFileName().toLowerCase(Locale.ROOT);
                try (InputStream in = p.getInputStream()) {
                    verified.add(chunks.verify(sha1, in, gzip, chunkSize()));
                }
            }
            chunks.commit(verified);
            verified.clear();
            Api.json(ctx, 200, Api.JSON.createObjectNode().put("chunks", parts.size()));
        } catch (ChunkStore.BadChunk e) {
            throw new ApiError(400, e.getMessage());
        } catch (ChunkStore.Full e) {
            chunks.sweep(System.currentTimeMillis());
            throw new ApiError(503, e.getMessage());
        } finally {
            chunks.discard(verified);
            form.deleteParts();
        }
    }

    /** Parses the whole form with Jetty's parser (bounded in part count, part size and request size). */
    private static Collection<Part> parts(MultiPartFormInputStream form) {
        try {
            return form.getParts();
        } catch (IOException | IllegalStateException | IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            boolean tooLarge = m.contains("exceeds") || m.contains("too many") || m.contains("Too many");
            throw new ApiError(tooLarge ? 413 : 400, (tooLarge ? "chunk upload too large: " : "malformed multipart chunk upload: ")
                    + shorten(m));
        }
    }

    private void assemble(Context ctx) throws IOException {
        requireProject(ctx.pathParam("project"));
        Map<String, Request> files;
        try (Bodies.Held held = Bodies.read(ctx, MAX_ASSEMBLE_BYTES, "assemble request", budget)) {
            files = requests(held.bytes, s.limits().maxDebugFileBytes() / chunkSize() + 1);
        }
        Map<String, ObjectNode> answers = new LinkedHashMap<>();
        Set<String> newIds = new LinkedHashSet<>();
        Set<String> usedChunks = new LinkedHashSet<>();
        for (Map.Entry<String, Request> e : files.entrySet()) {
            answers.put(e.getKey(), assembleOne(e.getKey(), e.getValue(), newIds, usedChunks));
        }
        if (!newIds.isEmpty()) {
            intake.reindex(newIds);
        }
        chunks.delete(usedChunks);
        ObjectNode out = Api.JSON.createObjectNode();
        answers.forEach(out::set);
        Api.json(ctx, 200, out);
    }

    /**
     * One file of an assemble request: its name, the SHA-1s of its chunks in order, and the debug id the
     * client computed for it (sentry-cli sends it; Sentry's form, e.g. an ELF build-id as a swapped GUID).
     */
    record Request(String name, List<String> chunks, java.util.Optional<String> debugId) {
    }

    private static final Pattern DEBUG_ID = Pattern.compile(
            "[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}(-?[0-9a-fA-F]{1,8})?");

    /** Reads an assemble request; any problem is an {@link ApiError} (400). */
    static Map<String, Request> requests(byte[] body, long maxChunks) {
        JsonNode root;
        try {
            root = Api.JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new ApiError(400, "assemble request is not JSON: " + shorten(e.getOriginalMessage()));
        } catch (IOException e) {
            // Jackson's encoding detection (UTF-16/32) fails with a CharConversionException.
            throw new ApiError(400, "assemble request is not JSON: " + shorten(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new ApiError(400, "assemble request must be a JSON object of checksum -> {name, chunks}");
        }
        Map<String, Request> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String checksum = e.getKey();
            if (!ChunkStore.isSha1(checksum)) {
                throw new ApiError(400, "assemble request: file checksum is not a SHA-1: '" + shorten(checksum) + "'");
            }
            JsonNode f = e.getValue();
            JsonNode name = f.path("name");
            JsonNode list = f.path("chunks");
            if (!name.isTextual() || !NAME.matcher(name.asText()).matches()) {
                throw new ApiError(400, "assemble request: file " + checksum + " needs a name (1 to 1024 characters)");
            }
            if (!list.isArray()) {
                throw new ApiError(400, "assemble request: file " + checksum + " needs a list of chunks");
            }
            if (list.size() > maxChunks) {
                throw new ApiError(400, "assemble request: file " + checksum + " has " + list.size()
                        + " chunks, more than a file of the largest size has (" + maxChunks + ")");
            }
            List<String> sha1s = new ArrayList<>(list.size());
            for (JsonNode c : list) {
                if (!c.isTextual() || !ChunkStore.isSha1(c.asText())) {
                    throw new ApiError(400, "assemble request: file " + checksum + " lists a chunk that is not a SHA-1");
                }
                sha1s.add(c.asText());
            }
            JsonNode debugId = f.path("debug_id");
            out.put(checksum, new Request(name.asText(), sha1s, debugId.isTextual()
                    && DEBUG_ID.matcher(debugId.asText()).matches() ? java.util.Optional.of(debugId.asText())
                    : java.util.Optional.empty()));
        }
        return out;
    }

    private ObjectNode assembleOne(String checksum, Request r, Set<String> newIds, Set<String> usedChunks)
            throws IOException {
        var known = s.debugFileStore().bySha1(checksum);
        if (known.isPresent()) {
            return ok(checksum, known.get().name(), known.get().ids(), r.debugId());
        }
        if (r.chunks().isEmpty()) {
            return state("error").put("detail", "an empty file is no debug file");
        }
        if (!assembling.add(checksum)) {
            return state("assembling");
        }
        try {
            Set<String> missing = new LinkedHashSet<>();
            long size = 0;
            for (String c : r.chunks()) {
                try {
                    size += chunks.size(c);
                } catch (NoSuchFileException e) {
                    missing.add(c);
                }
            }
            if (!missing.isEmpty()) {
                ObjectNode o = state("not_found");
                ArrayNode m = o.putArray("missingChunks");
                missing.forEach(m::add);
                return o;
            }
            if (size > s.limits().maxDebugFileBytes()) {
                usedChunks.addAll(r.chunks());
                return state("error").put("detail", "debug file larger than the limit of "
                        + s.limits().maxDebugFileBytes() + " bytes");
            }
            DebugFileStore.Staged staged;
            try (InputStream joined = join(r.chunks())) {
                staged = intake.stage(joined, size);
            } catch (NoSuchFileException e) {
                // A chunk deleted since (swept, or assembled into another file): the client sends it again.
                ObjectNode o = state("not_found");
                ArrayNode m = o.putArray("missingChunks");
                r.chunks().stream().filter(c -> !chunks.has(c)).distinct().forEach(m::add);
                return o;
            }
            usedChunks.addAll(r.chunks());
            if (!staged.sha1().equals(checksum)) {
                Files.deleteIfExists(staged.file());
                return state("error").put("detail", "the chunks make a file with SHA-1 " + staged.sha1()
                        + ", not " + checksum);
            }
            try {
                DebugFileIntake.Stored stored = intake.keep(staged, r.name());
                newIds.addAll(stored.debugIds());
                List<DebugFileStore.Id> ids = new ArrayList<>();
                for (DebugFiles.Identity id : stored.ids()) {
                    ids.add(new DebugFileStore.Id(id.debugId(), id.arch(), id.member(), id.debugInfo()));
                }
                return ok(checksum, r.name(), ids, r.debugId());
            } catch (BadInputException e) {
                return state("error").put("detail", e.getMessage());
            }
        } finally {
            assembling.remove(checksum);
        }
    }

    private InputStream join(List<String> sha1s) throws IOException {
        List<InputStream> streams = new ArrayList<>(sha1s.size());
        try {
            for (String c : sha1s) {
                streams.add(chunks.open(c));
            }
        } catch (IOException e) {
            for (InputStream in : streams) {
                in.close();
            }
            throw e;
        }
        // Its close() closes the streams it has not reached as well.
        return new SequenceInputStream(Collections.enumeration(streams));
    }

    private static ObjectNode state(String state) {
        ObjectNode o = Api.JSON.createObjectNode().put("state", state);
        o.putArray("missingChunks");
        return o;
    }

    /**
     * {@code ok} with the {@code dif} record sentry-cli prints ({@code debugId}, {@code objectName},
     * {@code cpuName}, {@code sha1}); the first identity stands for the file, as Sentry answers one per file.
     * The debug id is the one the client sent for the file (its own reading of the file whose SHA-1 was
     * checked), else ours when it is a UUID.
     */
    private static ObjectNode ok(String checksum, String name, List<DebugFileStore.Id> ids,
                                 java.util.Optional<String> clientDebugId) {
        ObjectNode o = state("ok");
        ObjectNode dif = o.putObject("dif");
        dif.put("objectName", name).put("sha1", checksum);
        if (ids.isEmpty()) {
            dif.put("cpuName", "unknown");
        } else {
            DebugFileStore.Id first = ids.get(0);
            dif.put("cpuName", first.arch().isEmpty() ? "unknown" : first.arch());
            clientDebugId.or(() -> sentryDebugId(first.debugId())).ifPresent(id -> dif.put("debugId", id).put("uuid", id));
        }
        return o;
    }

    /** A debug id in the form Sentry's DebugId parses (a UUID), when ours is one; otherwise none. */
    static java.util.Optional<String> sentryDebugId(String id) {
        String hex = id.replace("-", "").toLowerCase(Locale.ROOT);
        if (!hex.matches("[0-9a-f]{32}")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16)
                + "-" + hex.substring(16, 20) + "-" + hex.substring(20));
    }

    private static String urlSegment(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String shorten(String s) {
        if (s == null) {
            return "";
        }
        String one = s.replaceAll("[\\x00-\\x1f\\x7f]", " ");
        return one.length() > 120 ? one.substring(0, 120) + "..." : one;
    }
}
