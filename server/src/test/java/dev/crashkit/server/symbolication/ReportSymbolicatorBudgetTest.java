package dev.crashkit.server.symbolication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The frame budget on what the server stores, for a minidump (whose stacks are walked first). */
class ReportSymbolicatorBudgetTest {
    @TempDir
    Path tmp;

    /** A thread's frames (an inline chain is several entries of one frame, with its index). */
    private static int frames(JsonNode thread) {
        java.util.Set<Integer> indexes = new java.util.HashSet<>();
        thread.path("frames").forEach(f -> indexes.add(f.path("index").asInt()));
        return indexes.size();
    }

    @Test
    void aMinidumpIsWalkedThenCut() throws Exception {
        byte[] dump = Files.readAllBytes(Path.of("testdata/minidump/crashy.dmp"));
        try (DebugFiles files = DebugFiles.open(List.of(Path.of("testdata/minidump/crashy")), SymbolSources.none(),
                tmp.resolve("uploads"), tmp.resolve("cache"), false, m -> { })) {
            ObjectMapper json = new ObjectMapper();
            JsonNode whole = json.readTree(new ReportSymbolicator(files, InputLimits.defaults()).symbolicate(dump)
                    .symbolicatedJson());
            assertTrue(whole.path("omitted").isMissingNode(), "within the default budget");
            int crashedFrames = 0;
            for (JsonNode t : whole.path("threads")) {
                if (t.path("crashed").asBoolean()) {
                    crashedFrames = frames(t);
                }
            }
            assertTrue(crashedFrames > 2, "the walk found the crashed thread's frames: " + crashedFrames);

            JsonNode cut = json.readTree(new ReportSymbolicator(files, InputLimits.defaults(), new StoredFrames(2, 1_000))
                    .symbolicate(dump).symbolicatedJson());
            long omitted = 0;
            for (int i = 0; i < cut.path("threads").size(); i++) {
                JsonNode t = cut.path("threads").get(i);
                assertTrue(frames(t) <= 2, t.toString());
                omitted += frames(whole.path("threads").get(i)) - frames(t);
            }
            assertTrue(omitted > 0);
            assertEquals(omitted, cut.path("omitted").path("frames").asLong(), "the walked frames left out are counted");
        }
    }
}
