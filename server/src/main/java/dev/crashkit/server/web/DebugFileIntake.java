package dev.crashkit.server.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.DebugFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How a debug file enters the server, whichever way it was uploaded ({@code POST /api/debug-files}, the
 * upload page, sentry-cli's chunked upload): checked to be an object file, dSYM or archive of them, kept
 * content-addressed, its identities recorded, the index refreshed and the reports that waited for those
 * identities queued again.
 */
final class DebugFileIntake {

    /** A file now in the store: where, and the identities it holds. */
    record Stored(DebugFileStore.Staged staged, Path path, List<DebugFiles.Identity> ids) {
        Set<String> debugIds() {
            Set<String> out = new LinkedHashSet<>();
            ids.forEach(id -> out.add(id.debugId()));
            return out;
        }
    }

    private final Services s;

    DebugFileIntake(Services services) {
        this.s = services;
    }

    /** Streams an upload to the staging folder, at most the debug file limit; a 413 past it, 400 when empty. */
    DebugFileStore.Staged stage(InputStream in, long declared) throws IOException {
        long limit = s.limits().maxDebugFileBytes();
        if (declared > limit) {
            throw new ApiError(413, "debug file larger than the limit of " + limit + " bytes");
        }
        DebugFileStore.Staged staged;
        try {
            staged = s.debugFileStore().stage(in, limit);
        } catch (DebugFileStore.TooLarge e) {
            throw new ApiError(413, e.getMessage());
        }
        if (staged.size() == 0) {
            Files.deleteIfExists(staged.file());
            throw new ApiError(400, "empty body");
        }
        return staged;
    }

    /**
     * Identifies a staged file and keeps it with its identities; the staged file is gone afterwards either
     * way. Does not refresh the index: call {@link #reindex} once after a batch.
     *
     * @throws BadInputException when the file is no debug file the symbolicator reads
     */
    Stored keep(DebugFileStore.Staged staged, String name) throws IOException, BadInputException {
        List<DebugFiles.Identity> ids;
        try {
            ids = s.debugFiles().identify(staged.file());
        } catch (BadInputException e) {
            Files.deleteIfExists(staged.file());
            throw e;
        }
        Path stored = s.debugFileStore().keep(staged, name);
        List<DebugFileStore.Id> rows = new ArrayList<>();
        for (DebugFiles.Identity id : ids) {
            rows.add(new DebugFileStore.Id(id.debugId(), id.arch(), id.member(), id.debugInfo()));
        }
        s.debugFileStore().record(staged, stored, name, rows, System.currentTimeMillis());
        s.metrics().debugFile();
        return new Stored(staged, stored, ids);
    }

    /** Indexes the new files, then queues the reports that waited for these identities; returns how many. */
    int reindex(Set<String> debugIds) throws IOException {
        // New index first, then the re-queue: a report queued now is symbolicated with the new file.
        s.debugFiles().reload();
        int queued = s.results().requeueWaitingFor(List.copyOf(debugIds), System.currentTimeMillis());
        s.workers().wake();
        return queued;
    }

    /** The whole upload of one file, answered as {@code POST /api/debug-files} answers. */
    ObjectNode upload(InputStream in, long declared, String name) throws IOException {
        DebugFileStore.Staged staged = stage(in, declared);
        Stored stored;
        try {
            stored = keep(staged, name);
        } catch (BadInputException e) {
            throw new ApiError(400, e.getMessage());
        }
        int queued = reindex(stored.debugIds());
        ObjectNode out = Api.JSON.createObjectNode();
        out.put("sha256", staged.sha256()).put("name", stored.path().getFileName().toString()).put("size", staged.size());
        ArrayNode list = out.putArray("ids");
        for (DebugFiles.Identity id : stored.ids()) {
            ObjectNode o = list.addObject().put("id", id.debugId()).put("arch", id.arch()).put("debug_info", id.debugInfo());
            if (!id.member().isEmpty()) {
                o.put("member", id.member());
            }
        }
        out.put("reports_queued", queued);
        return out;
    }
}
