package dev.crashkit.symbolicate.locate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What earlier scans learned about each file (identities of its slices, or that it holds none),
 * keyed by absolute path and valid while the file's size and modification time are unchanged.
 * Stored as one JSON file in the cache folder, replaced atomically; a corrupt or foreign cache
 * file is ignored and rebuilt.
 */
public final class IndexCache {
    private static final String FILE = "debug-file-index-v1.json";
    private static final ObjectMapper JSON = new ObjectMapper();

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

    /** The default cache folder: $CRASHKIT_CACHE, else $XDG_CACHE_HOME/crashkit, else ~/.cache/crashkit. */
    public static Path defaultFolder() {
        String env = System.getenv("CRASHKIT_CACHE");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "crashkit");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "crashkit");
    }

    /** Loads the cache of {@code folder}; starts empty if there is none or it cannot be read. */
    public static IndexCache open(Path folder) {
        IndexCache c = new IndexCache(folder);
        Path f = folder.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            return c;
        }
        try {
            JsonNode root = JSON.readTree(f.toFile());
            for (var it = root.path("files").fields(); it.hasNext(); ) {
                var e = it.next();
                JsonNode v = e.getValue();
                List<Item> items = new ArrayList<>();
                for (JsonNode s : v.path("slices")) {
                    Optional<DebugId> id = DebugId.parse(s.path("id").asText());
                    if (id.isEmpty()) {
                        throw new IOException("bad id");
                    }
                    items.add(new Item(s.hasNonNull("member") ? Optional.of(s.get("member").asText()) : Optional.empty(),
                            new SliceId(id.get(), Arch.parse(s.path("arch").asText()), s.path("debug_info").asBoolean(),
                                    SliceId.Container.valueOf(s.path("container").asText()))));
                }
                c.entries.put(e.getKey(), new Stamp(v.path("size").asLong(), v.path("mtime").asLong(), items));
            }
        } catch (IOException | RuntimeException e) { // a damaged cache is only a slower run: start over
            c.entries.clear();
            c.dirty = true;
        }
        return c;
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
        ObjectNode root = JSON.createObjectNode();
        ObjectNode files = root.putObject("files");
        for (var e : entries.entrySet()) {
            ObjectNode f = files.putObject(e.getKey());
            f.put("size", e.getValue().size());
            f.put("mtime", e.getValue().mtime());
            ArrayNode slices = f.putArray("slices");
            for (Item i : e.getValue().items()) {
                ObjectNode s = slices.addObject();
                i.member().ifPresent(m -> s.put("member", m));
                s.put("id", i.slice().id().toString());
                s.put("arch", i.slice().arch().label());
                s.put("debug_info", i.slice().debugInfo());
                s.put("container", i.slice().container().name());
            }
        }
        Path tmp = Files.createTempFile(folder, FILE, ".tmp");
        try {
            Files.write(tmp, JSON.writeValueAsBytes(root));
            try {
                Files.move(tmp, folder.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, folder.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (JsonProcessingException e) {
            throw new IOException("cannot encode index cache: " + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(tmp);
        }
        dirty = false;
    }

    private static String key(Path file) {
        return file.toAbsolutePath().normalize().toString();
    }
}
