package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.StaleTemporaries;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The download cache: verified files under {@code <cache>/symbols/} in the unified layout
 * ({@code xx/rest/debuginfo}, {@code xx/rest/executable}, named by the identity read from the
 * file itself, so the folder can serve as a {@code unified=file://} source elsewhere), and misses
 * under {@code <cache>/symbols/.misses/<server hash>/<id>} whose modification time says when the
 * server last had nothing. Downloads are written to {@code .tmp/} and renamed into place only
 * after verification, so a reader never sees half a file. Without a cache folder, files go to a
 * temporary folder removed at exit and misses are not remembered across runs.
 */
final class SymbolStore {

    private final Optional<Path> root;
    private final Clock clock;
    private Path tempRoot;

    SymbolStore(Optional<Path> cacheFolder, Clock clock) {
        this.root = cacheFolder.map(f -> f.resolve("symbols"));
        this.clock = clock;
        root.ifPresent(this::removeStaleTemps);
    }

    /** The cached file for {@code id}, debug info first. */
    Optional<Path> find(DebugId id) {
        Path r;
        try {
            r = root();
        } catch (IOException e) {
            return Optional.empty();
        }
        for (Layout.Kind kind : Layout.Kind.values()) {
            Path p = r.resolve(Layout.unifiedPath(id, kind));
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** A fresh, empty temporary file on the same file system as the cache (so the rename is atomic). */
    Path newTemp() throws IOException {
        Path tmp = Files.createDirectories(root().resolve(".tmp"));
        return Files.createTempFile(tmp, "download-", ".part");
    }

    /** Moves a verified temporary file to its place for {@code id} and returns that place. */
    Path commit(Path temp, DebugId id, Layout.Kind kind) throws IOException {
        Path target = root().resolve(Layout.unifiedPath(id, kind));
        Files.createDirectories(target.getParent());
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        if (root.isEmpty()) {
            target.toFile().deleteOnExit();
        }
        return target;
    }

    /** Removes a cached file that no longer verifies. */
    void evict(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Left in place; it fails verification again next time and is not used.
        }
    }

    /** True when {@code server} had no file for {@code id} less than {@code ttl} ago. */
    boolean missedRecently(SymbolServer server, DebugId id, Duration ttl) {
        if (root.isEmpty() || ttl.isZero() || ttl.isNegative()) {
            return false;
        }
        Path marker = missMarker(server, id);
        try {
            Instant when = Files.getLastModifiedTime(marker).toInstant();
            return Duration.between(when, clock.instant()).compareTo(ttl) < 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Remembers that {@code server} had no file for {@code id}, as of now. */
    void recordMiss(SymbolServer server, DebugId id) {
        if (root.isEmpty()) {
            return;
        }
        Path marker = missMarker(server, id);
        try {
            Files.createDirectories(marker.getParent());
            if (!Files.exists(marker)) {
                Files.createFile(marker);
            }
            Files.setLastModifiedTime(marker, FileTime.from(clock.instant()));
        } catch (IOException e) {
            // Only costs a repeated request later.
        }
    }

    private Path missMarker(SymbolServer server, DebugId id) {
        return root.get().resolve(".misses").resolve(hash(server.key())).resolve(HexFormat.of().formatHex(id.bytes()));
    }

    private synchronized Path root() throws IOException {
        if (root.isPresent()) {
            return Files.createDirectories(root.get());
        }
        if (tempRoot == null) {
            tempRoot = Files.createTempDirectory("crashkit-symbols");
            tempRoot.toFile().deleteOnExit();
        }
        return tempRoot;
    }

    /** Temporary files left by a killed run; young ones may belong to a run going on now. */
    private void removeStaleTemps(Path r) {
        Path tmp = r.resolve(".tmp");
        if (Files.isDirectory(tmp)) {
            StaleTemporaries.remove(tmp, "*.part", clock.instant());
        }
    }

    /** A short stable name for a server (its URL may hold a token, so it is hashed, not spelled out). */
    static String hash(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
