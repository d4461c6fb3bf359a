package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Feeds a captured crashreport/1 document to the symbolicator with only the fixture binary as a
 * debug file (so libc and libjvm stay unnamed, as for a user who has only their own symbols)
 * and checks that every fixture thread reads, innermost first, as the expected function chain.
 */
final class EndToEnd {
    private EndToEnd() {
    }

    /** @return how many fixture threads of each wait kind were found */
    static Map<String, Integer> chainsBySymbolizer(String json, Path fixture) throws Exception {
        CrashReport report = CrashReportJson.read(json, "captured report");
        DebugFileIndex index = DebugFileIndex.scan(List.of(fixture), m -> { });
        SymbolicatedReport out = new Symbolizer(new ModuleCache(index), Optional.empty()).symbolicate(report);
        Map<String, Integer> kinds = new TreeMap<>();
        for (SymbolicatedThread t : out.threads()) {
            List<String> chain = new ArrayList<>();
            int lastIndex = -1;
            boolean contiguous = true;
            for (SymbolicatedFrame f : t.frames()) {
                // Inlined entries share the index of their concrete frame; -O2 with -fno-inline has none.
                if (f.symbol().isPresent() && f.symbol().get().startsWith("ck_") && !f.inlined()) {
                    if (lastIndex >= 0 && f.index() != lastIndex + 1) {
                        contiguous = false;
                    }
                    lastIndex = f.index();
                    chain.add(f.symbol().get());
                }
            }
            if (chain.isEmpty() || chain.get(0).equals("ck_start")) {
                continue;
            }
            assertEquals(NativeFixture.expectedChain(chain.get(0)), chain, "thread " + t.thread().id());
            assertTrue(contiguous, "no frame missing or spurious inside the chain of thread " + t.thread().id());
            kinds.merge(chain.get(0), 1, Integer::sum);
        }
        return kinds;
    }
}
