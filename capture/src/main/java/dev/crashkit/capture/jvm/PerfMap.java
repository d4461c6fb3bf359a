package dev.crashkit.capture.jvm;

import dev.crashkit.capture.report.Snapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Names of JIT-compiled code from {@code /tmp/perf-<pid>.map} ("START SIZE name", hex without
 * 0x), which HotSpot writes on the {@code Compiler.perfmap} diagnostic command.
 */
public final class PerfMap {
    private PerfMap() {
    }

    /** Asks this JVM to (re)write its perf map; false when it cannot. */
    public static boolean refresh() {
        return JavaThreads.DiagnosticCommands.invoke("compilerPerfmap").isPresent();
    }

    /** The map of {@code pid}; empty when there is none. */
    public static Map<Long, Snapshot.JitSymbol> read(long pid) {
        Path p = Path.of("/tmp/perf-" + pid + ".map");
        Map<Long, Snapshot.JitSymbol> out = new HashMap<>();
        if (!Files.isReadable(p)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(p)) {
                String[] f = line.split(" ", 3);
                if (f.length < 3) {
                    continue;
                }
                try {
                    long start = Long.parseUnsignedLong(strip(f[0]), 16);
                    long size = Long.parseUnsignedLong(strip(f[1]), 16);
                    out.put(start, new Snapshot.JitSymbol(start, size, f[2]));
                } catch (NumberFormatException e) {
                    // a malformed line names nothing
                }
            }
        } catch (IOException e) {
            return Map.of();
        }
        return out;
    }

    private static String strip(String s) {
        return s.startsWith("0x") ? s.substring(2) : s;
    }
}
