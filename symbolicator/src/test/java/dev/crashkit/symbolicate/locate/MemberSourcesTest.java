package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An extracted archive member is found by its archive's real path, whichever path the index read the archive
 * by (here through a symlinked folder), and only the members of archives under the removed roots go.
 */
class MemberSourcesTest {
    private static final Path DSYM_DWARF = Path.of("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64");

    private static Path zip(Path at) throws IOException {
        Files.createDirectories(at.getParent());
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(at)) {
            z.putArchiveEntry(new ZipArchiveEntry("App.dSYM/Contents/Resources/DWARF/App"));
            z.write(Files.readAllBytes(DSYM_DWARF));
            z.closeArchiveEntry();
        }
        return at;
    }

    private static List<Path> files(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void aMemberIsFoundByItsArchivesRealPathAndOnlyRemovedArchivesMembersGo(@TempDir Path dir) throws Exception {
        Path real = Files.createDirectories(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        Path removed = zip(link.resolve("uploads/aa/App.dSYM.zip"));
        Path kept = zip(link.resolve("uploads/bb/App.dSYM.zip"));
        Path cache = dir.resolve("cache");
        Path members = cache.resolve(MemberStore.FOLDER);
        for (Path archive : List.of(removed, kept)) {
            List<String> warnings = new ArrayList<>();
            DebugFileIndex index = DebugFileIndex.scan(List.of(archive), warnings::add);
            DebugId id = index.ids().get(0);
            ModuleCache modules = new ModuleCache(index, new MemberStore(Optional.of(cache), ArchiveLimits.defaults()));
            assertTrue(modules.get(id).loaded().isPresent(), warnings.toString());
        }
        assertEquals(2, files(members).size());
        List<Path> sources = files(members.resolve(MemberStore.SOURCES));
        assertEquals(2, sources.size());
        for (Path record : sources) {
            assertTrue(Files.readString(record).startsWith(real.toRealPath().toString()), Files.readString(record));
        }

        // The removed archive's folder is gone already, as the cleanup deletes the file before its caches.
        Files.delete(removed);
        Files.delete(removed.getParent());
        assertEquals(1, MemberStore.removeExtractedFrom(members, List.of(real.toRealPath().resolve("uploads/aa"))));
        assertEquals(1, files(members).size());
        assertEquals(1, files(members.resolve(MemberStore.SOURCES)).size());
        assertEquals(0, MemberStore.removeExtractedFrom(members, List.of(link.resolve("uploads/cc"))));
        assertEquals(1, MemberStore.removeExtractedFrom(members, List.of(real.toRealPath().resolve("uploads/bb"))));
        assertEquals(List.of(), files(members));
    }
}
