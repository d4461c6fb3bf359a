package dev.crashkit.bench;

import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.core.Diagnostics;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Indexing an Xcode DeviceSupport folder ({@code iOS DeviceSupport/<os> (<build>)/Symbols}) of N
 * system libraries given as --dsym: the first scan reads every file's load commands, later scans
 * (the index cache is re-read from disk each time, as a new process would) only stat the files.
 * Figures are wall time and this thread's CPU time (the scan is single-threaded; on a shared
 * machine CPU time is the stable one). The
 * libraries are copies of the committed {@code testdata/macho/libCrashKitUtil.dylib} with their
 * LC_UUID rewritten, laid out as frameworks and {@code usr/lib} dylibs; they are generated here,
 * never committed.
 *
 * <p>Run from the repository root: {@code java -cp bench/target/benchmarks.jar
 * dev.crashkit.bench.DeviceSupportBench [libraries] [folder]}. With a folder argument the tree
 * is kept there (to time the CLI on it); otherwise a temporary one is removed at the end.
 */
public final class DeviceSupportBench {

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        boolean keep = args.length > 1;
        Path work = keep ? Files.createDirectories(Path.of(args[1])) : Files.createTempDirectory("devicesupport-bench");
        Path root = work.resolve("iOS DeviceSupport/17.1 (21B74) arm64e");
        List<DebugId> ids = generate(root.resolve("Symbols"), n);
        System.out.printf("%d libraries under %s (%d MB)%n", n, root, folderBytes(root) >> 20);

        Path cache = work.resolve("cache");
        deleteTree(cache);
        time("no index cache", root, Optional.empty(), ids);
        time("first scan, empty index cache", root, Optional.of(cache), ids);
        for (int i = 1; i <= 3; i++) {
            time("later scan " + i + " (index cache re-read)", root, Optional.of(cache), ids);
        }
        System.out.printf("index cache file: %d KB%n", Files.size(cache.resolve("debug-file-index-v1.json")) >> 10);
        if (!keep) {
            deleteTree(work);
        }
    }

    private static void time(String what, Path root, Optional<Path> cache, List<DebugId> ids) throws IOException {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        DebugFileIndex index = DebugFileIndex.scan(List.of(root),
                new DebugFileIndex.ScanOptions(cache.map(IndexCache::open), ArchiveLimits.defaults()), Diagnostics.ignore());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        long cpuMs = (mx.getCurrentThreadCpuTime() - c0) / 1_000_000;
        for (DebugId id : List.of(ids.get(0), ids.get(ids.size() / 2), ids.get(ids.size() - 1))) {
            if (index.find(id).size() != 1) {
                throw new IllegalStateException("library " + id + " not indexed");
            }
        }
        System.out.printf("%-40s %6d ms wall %6d ms CPU  %8.0f files per CPU second  (%d entries)%n", what, ms, cpuMs,
                ids.size() * 1000.0 / Math.max(cpuMs, 1), index.size());
    }

    /** Writes n libraries with distinct UUIDs; returns their UUIDs. */
    static List<DebugId> generate(Path symbols, int n) throws IOException {
        byte[] template = Files.readAllBytes(Path.of("testdata/macho/libCrashKitUtil.dylib"));
        int uuidAt = uuidOffset(template);
        SplittableRandom rnd = new SplittableRandom(17);
        List<DebugId> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] b = template.clone();
            byte[] uuid = new byte[16];
            rnd.nextBytes(uuid);
            System.arraycopy(uuid, 0, b, uuidAt, 16);
            ids.add(DebugId.uuid(uuid));
            // About a third frameworks, the rest usr/lib and usr/lib/system dylibs, as in real folders.
            Path file = switch (i % 3) {
                case 0 -> symbols.resolve("System/Library/Frameworks/Kit" + i + ".framework/Kit" + i);
                case 1 -> symbols.resolve("usr/lib/system/libsystem_" + i + ".dylib");
                default -> symbols.resolve("System/Library/PrivateFrameworks/Private" + i + ".framework/Versions/A/Private" + i);
            };
            Files.createDirectories(file.getParent());
            Files.write(file, b);
        }
        return ids;
    }

    /** File offset of the 16 LC_UUID bytes of a thin 64-bit little-endian Mach-O. */
    private static int uuidOffset(byte[] macho) {
        ByteBuffer b = ByteBuffer.wrap(macho).order(ByteOrder.LITTLE_ENDIAN);
        int ncmds = b.getInt(16);
        int at = 32;
        for (int i = 0; i < ncmds; i++) {
            int cmd = b.getInt(at);
            if (cmd == 0x1b) {
                return at + 8;
            }
            at += b.getInt(at + 4);
        }
        throw new IllegalStateException("no LC_UUID");
    }

    private static long folderBytes(Path root) throws IOException {
        try (var s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var s = Files.walk(p)) {
            for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
