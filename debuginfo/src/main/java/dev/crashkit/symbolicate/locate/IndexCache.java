package dev.crashkit.symbolicate.locate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What earlier scans learned about each file (identities of its slices, or that it holds none),
 * keyed by absolute path and valid while the file's size and modification time are unchanged.
 * Stored as one JSON file in the cache folder, replaced atomically; a corrupt or foreign cache
 * file is ignored and rebuilt. Read and written with jackson-core's streaming API: building a
 * databind mapper costs a short CLI run more than the whole index (~150 ms of class loading).
 */
public final class IndexCache {
    private static final String FILE = "debug-file-index-v1.json";

    /** One factory for every read and write (each new factory builds its symbol tables again). */
    private static final class Json {
        static final JsonFactory FACTORY = new JsonFactory();
    }

    /** One cached slice; {@code member} is set for files inside archives. */
    public record Item(Optional<String> member, SliceId slice) {
    }

    private record Stamp(long size, long mtime, List<Item> items) {
    }

    private final Path folder;
    private final Map<String, Stamp> entries = new ConcurrentHashMap<>();
    private volatile boolean dirty;

    private IndexCache(Path folder) {
        this.folder = folder;
    }

    /** Loads the cache of {@code folder}; starts empty if there is none or it cannot be read. */
    public static IndexCache open(Path folder) {
        IndexCache c = new IndexCache(folder);
        Path f = folder.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            return c;
        }
        try (JsonParser p = Json.FACTORY.createParser(f.toFile())) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                if (p.nextToken() == JsonToken.START_OBJECT && field.equals("files")) {
                    readFiles(p, c);
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) { // a damaged cache is only a slower run: start over
            c.entries.clear();
            c.dirty = true;
        }
        return c;
    }

    private static void readFiles(JsonParser p, IndexCache c) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String file = p.currentName();
            expect(p.nextToken(), JsonToken.START_OBJECT);
            long size = 0;
            long mtime = 0;
            List<Item> items = new ArrayList<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                switch (field) {
                    case "size" -> size = integer(p, t);
                    case "mtime" -> mtime = integer(p, t);
                    case "slices" -> {
                        if (t == JsonToken.START_ARRAY) {
                            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                                expect(t, JsonToken.START_OBJECT);
                                items.add(readSlice(p));
                            }
                        } else {
                            p.skipChildren();
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            c.entries.put(file, new Stamp(size, mtime, items));
        }
    }

    private static Item readSlice(JsonParser p) throws IOException {
        Optional<String> member = Optional.empty();
        String id = "";
        String arch = "";
        boolean debugInfo = false;
        String container = "";
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            switch (field) {
                case "member" -> member = t == JsonToken.VALUE_NULL ? Optional.empty() : Optional.of(p.getValueAsString(""));
                case "id" -> id = p.getValueAsString("");
                case "arch" -> arch = p.getValueAsString("");
                case "debug_info" -> debugInfo = p.getValueAsBoolean();
                case "container" -> container = p.getValueAsString("");
                default -> p.skipChildren();
            }
        }
        Optional<DebugId> parsed = DebugId.parse(id);
        if (parsed.isEmpty()) {
            throw new IOException("bad id");
        }
        return new Item(member, new SliceId(parsed.get(), Arch.parse(arch), debugInfo, container(container)));
    }

    /**
     * The container named {@code name}, as {@code Container.valueOf} finds it but without its
     * reflection (the enum's constant directory, built on first use: a few ms of the index thread).
     */
    private static SliceId.Container container(String name) throws IOException {
        for (SliceId.Container c : SliceId.Container.values()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IOException("bad container " + name);
    }

    /**
     * An integer as {@link #save} writes it, read from its text: Jackson's number parsing initialises
     * a class that compiles a regular expression (a few ms on the index thread, which a one-report run
     * waits for; the report's reading needs it anyway). Anything else is a damaged cache.
     */
    private static long integer(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.VALUE_NUMBER_INT) {
            throw new IOException("expected an integer, found " + t);
        }
        return Long.parseLong(p.getText());
    }

    private static void expect(JsonToken t, JsonToken wanted) throws IOException {
        if (t != wanted) {
            throw new IOException("expected " + wanted + ", found " + t);
        }
    }

    public Path folder() {
        return folder;
    }

    /** Cached items of {@code file} if its size and mtime still match. */
    public Optional<List<Item>> get(Path file, long size, long mtime) {
        Stamp s = entries.get(key(file));
        return s != null && s.size() == size && s.mtime() == mtime ? Optional.of(s.items()) : Optional.empty();
    }

    public void put(Path file, long size, long mtime, List<Item> items) {
        entries.put(key(file), new Stamp(size, mtime, List.copyOf(items)));
        dirty = true;
    }

    /** Writes the cache if anything changed (temp file + atomic rename). */
    public void save() throws IOException {
        if (!dirty) {
            return;
        }
        Files.createDirectories(folder);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = Json.FACTORY.createGenerator(bytes)) {
            g.writeStartObject();
            g.writeObjectFieldStart("files");
            for (var e : entries.entrySet()) {
                g.writeObjectFieldStart(e.getKey());
                g.writeNumberField("size", e.getValue().size());
                g.writeNumberField("mtime", e.getValue().mtime());
                g.writeArrayFieldStart("slices");
                for (Item i : e.getValue().items()) {
                    g.writeStartObject();
                    if (i.member().isPresent()) {
                        g.writeStringField("member", i.member().get());
                    }
                    g.writeStringField("id", i.slice().id().toString());
                    g.writeStringField("arch", i.slice().arch().label());
                    g.writeBooleanField("debug_info", i.slice().debugInfo());
                    g.writeStringField("container", i.slice().container().name());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        Path tmp = Files.createTempFile(folder, FILE, ".tmp");
        try {
            Files.write(tmp, bytes.toByteArray());
            try {
                Files.move(tmp, folder.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, folder.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        dirty = false;
        StaleTemporaries.remove(folder, FILE + "*.tmp", Instant.now());
    }

    private static String key(Path file) {
        return file.toAbsolutePath().normalize().toString();
    }
}
