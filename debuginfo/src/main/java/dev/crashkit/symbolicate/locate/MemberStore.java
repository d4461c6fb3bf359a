package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.CrashkitException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Gives every debug-file entry a path on disk: plain files as they are, archive members
 * extracted once into {@code <cache>/members/<hash>} (named by a hash of archive path, size,
 * mtime and member name: never by the member's own name, so nothing can escape the folder).
 * With a cache folder each member has a record of its archive's real path in {@code members/sources/<hash>},
 * so a cleanup can delete the members of removed archives ({@link #removeExtractedFrom}).
 */
public final class MemberStore {
    /** The subfolder of the cache folder extracted members go to. */
    public static final String FOLDER = "members";
    private final Optional<Path> cacheFolder;
    private final ArchiveLimits limits;
    private Path tempFolder;

    public MemberStore(Optional<Path> cacheFolder, ArchiveLimits limits) {
        this.cacheFolder = cacheFolder;
        this.limits = limits;
    }

    /** The file to parse for {@code entry}, extracting it first when it lives in an archive. */
    public synchronized Path path(DebugFileIndex.Entry entry) throws CrashkitException {
        if (entry.member().isEmpty()) {
            return entry.file();
        }
        ArchiveMember m = entry.member().get();
        try {
            Path folder = folder();
            Path target = folder.resolve(key(m));
            if (cacheFolder.isPresent()) {
                // Before the member (and for one extracted before records were kept): a cleanup finds it by its
                // archive even when no symbol cache names it.
                recordSource(folder, key(m), m.archive());
            }
            if (Files.isRegularFile(target)) {
                return target;
            }
            if (cacheFolder.isPresent()) {
                // Extractions and records a killed run left half written; a member may be hundreds of MB.
                StaleTemporaries.remove(folder, "*.part", Instant.now());
                StaleTemporaries.remove(folder.resolve(SOURCES), "*.part", Instant.now());
            }
            // A name of its own: another process sharing the cache folder (a second server, a command-line
            // run) may be extracting the same member now; the atomic move makes either copy the one kept.
            Path tmp = folder.resolve(key(m) + "." + java.util.UUID.randomUUID() + ".part");
            try {
                Archives.extract(m, tmp, limits);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            if (cacheFolder.isEmpty()) {
                target.toFile().deleteOnExit();
            }
            return target;
        } catch (IOException e) {
            if (e instanceof CrashkitException se) {
                throw se;
            }
            throw new CrashkitException(m + ": cannot extract: " + e.getMessage(), e);
        }
    }

    private Path folder() throws IOException {
        if (cacheFolder.isPresent()) {
            return Files.createDirectories(cacheFolder.get().resolve(FOLDER));
        }
        if (tempFolder == null) {
            tempFolder = Files.createTempDirectory("crashkit-members");
            tempFolder.toFile().deleteOnExit();
        }
        return tempFolder;
    }

    /** The subfolder of the members folder that names each member's archive: {@code sources/<name>}. */
    public static final String SOURCES = "sources";

    /** Writes {@code sources/<name>}: the archive's real path (a symlinked folder resolved), atomically. */
    private static void recordSource(Path folder, String name, Path archive) throws IOException {
        Path sources = Files.createDirectories(folder.resolve(SOURCES));
        Path record = sources.resolve(name);
        if (Files.isRegularFile(record)) {
            return;
        }
        Path tmp = sources.resolve(name + "." + java.util.UUID.randomUUID() + ".part");
        Files.writeString(tmp, archive.toRealPath().toString(), StandardCharsets.UTF_8);
        try {
            Files.move(tmp, record, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, record, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Deletes the members extracted into {@code membersFolder} from archives under any of {@code realRoots}
     * (real paths: files or folders, which may be gone already), with their source records; how many.
     * Members extracted before sources were recorded are not found here.
     */
    public static int removeExtractedFrom(Path membersFolder, java.util.Collection<Path> realRoots) throws IOException {
        Path sources = membersFolder.resolve(SOURCES);
        if (!Files.isDirectory(sources) || realRoots.isEmpty()) {
            return 0;
        }
        int removed = 0;
        try (var records = Files.list(sources)) {
            for (Path record : (Iterable<Path>) records::iterator) {
                String name = record.getFileName().toString();
                if (!name.matches("[0-9a-f]{64}")) {
                    continue;
                }
                Path archive;
                try {
                    archive = Path.of(Files.readString(record, StandardCharsets.UTF_8));
                } catch (java.nio.file.NoSuchFileException | java.nio.file.InvalidPathException e) {
                    continue;
                }
                if (realRoots.stream().anyMatch(archive::startsWith)) {
                    removed += Files.deleteIfExists(membersFolder.resolve(name)) ? 1 : 0;
                    Files.deleteIfExists(record);
                }
            }
        }
        return removed;
    }

    private static String key(ArchiveMember m) throws IOException {
        Path a = m.archive().toAbsolutePath().normalize();
        return extractedName(a, Files.size(a), Files.getLastModifiedTime(a).toMillis(), m.name());
    }

    /**
     * The name a member extracted from {@code archive} (as it was: {@code size} bytes, modified at
     * {@code mtimeMillis}) has in the members folder: a cleanup can name it after the archive is gone.
     *
     * @param archive the archive's absolute path
     */
    public static String extractedName(Path archive, long size, long mtimeMillis, String member) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(archive.toString().getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(Long.toString(size).getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(Long.toString(mtimeMillis).getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(member.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
