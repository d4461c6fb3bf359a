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
import java.util.HexFormat;
import java.util.Optional;

/**
 * Gives every debug-file entry a path on disk: plain files as they are, archive members
 * extracted once into {@code <cache>/members/<hash>} (named by a hash of archive path, size,
 * mtime and member name: never by the member's own name, so nothing can escape the folder).
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
            if (Files.isRegularFile(target)) {
                return target;
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
