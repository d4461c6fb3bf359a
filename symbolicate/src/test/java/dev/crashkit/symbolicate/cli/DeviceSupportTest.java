package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Xcode's per-OS-build folders of system libraries ({@code iOS DeviceSupport/<os> (<build>)/Symbols})
 * given as --dsym: the libraries inside are matched by UUID like any Mach-O, through a path with
 * spaces and parentheses, and the index cache remembers them.
 */
class DeviceSupportTest {

    @Test
    void systemLibrariesInADeviceSupportFolderAreMatchedByUuid(@TempDir Path dir) throws IOException {
        Path root = dir.resolve("Library/Developer/Xcode/iOS DeviceSupport/17.1 (21B74) arm64e");
        Path lib = Files.createDirectories(root.resolve("Symbols/usr/lib/system"));
        Files.copy(Fixtures.testdata("macho/libCrashKitUtil.dylib"), lib.resolve("libCrashKitUtil.dylib"));
        // Other system files around it: not Mach-O, or Mach-O of other builds.
        Files.writeString(root.resolve("Info.plist"), "<plist/>");
        Path fw = Files.createDirectories(root.resolve("Symbols/System/Library/Frameworks/Other.framework"));
        Files.copy(Fixtures.testdata("macho/App-x86_64"), fw.resolve("Other"));
        Path cache = dir.resolve("cache");

        CliTest.Run direct = CliTest.run("testdata/reports/sample-crash.json", "--dsym",
                "testdata/macho/libCrashKitUtil.dylib", "--no-cache");
        CliTest.Run first = CliTest.run("testdata/reports/sample-crash.json", "--dsym", root.toString(),
                "--cache-dir", cache.toString());
        assertEquals(direct.out().replace("testdata/macho/libCrashKitUtil.dylib",
                lib.resolve("libCrashKitUtil.dylib").toString()), first.out());
        // Names as llvm-nm lists them (testdata/macho/golden/libCrashKitUtil.dylib.nm.txt) and
        // offsets as testdata/reports/sample-crash.expected.tsv gives them.
        assertTrue(first.out().contains("libCrashKitUtil.dylib               0x0000000104594330 ck_lib_mix + 8"), first.out());
        assertTrue(first.out().contains("ck_lib_checksum + 44"), first.out());
        assertTrue(first.out().contains("ck_lib_compute + 36"), first.out());

        String index = Files.readString(cache.resolve("debug-file-index-v1.json"));
        assertTrue(index.contains("4C4C44FB-5555-3144-A19E-C7C80A326962"), index);
        assertTrue(index.contains("17.1 (21B74) arm64e/Symbols/usr/lib/system/libCrashKitUtil.dylib"), index);
        CliTest.Run second = CliTest.run("testdata/reports/sample-crash.json", "--dsym", root.toString(),
                "--cache-dir", cache.toString());
        assertEquals(first.out(), second.out());
    }
}
