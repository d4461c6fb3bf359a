package dev.crashkit.server.symbolication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicator.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The server's frame budget: top frames of each thread, the crashed thread served first, the rest counted. */
class StoredFramesTest {

    private static ThreadTrace thread(long id, boolean crashed, int frames) {
        List<Frame> fs = new ArrayList<>();
        for (int i = 0; i < frames; i++) {
            fs.add(new Frame(0x1000 + i, i > 0, Optional.empty()));
        }
        return new ThreadTrace(id, Optional.empty(), crashed, fs);
    }

    private static Report report(ThreadTrace... threads) {
        return Report.of("r", new CrashReport(new ProcessInfo(Optional.of("p"), OptionalLong.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()), Optional.empty(), List.of(), List.of(threads)));
    }

    @Test
    void aReportWithinTheBudgetIsUntouched() {
        Report r = report(thread(1, false, 3), thread(2, true, 4));
        StoredFrames.Cut cut = new StoredFrames(4, 7).cut(r);
        assertSame(r, cut.report());
        assertEquals(0, cut.omitted().frames());
        assertEquals("{\"a\":1}", cut.omitted().into("{\"a\":1}"));
    }

    @Test
    void topFramesPerThreadCrashedThreadFirstThenReportOrder() throws Exception {
        // Budget 5 a thread, 8 in all: the crashed thread (third) gets 5, the first 3, the second none.
        Report r = report(thread(10, false, 6), thread(11, false, 2), thread(12, true, 9));
        StoredFrames.Cut cut = new StoredFrames(5, 8).cut(r);
        List<ThreadTrace> t = cut.report().model().threads();
        assertEquals(List.of(3, 0, 5), t.stream().map(x -> x.frames().size()).toList());
        assertEquals(0x1000, t.get(2).frames().get(0).address(), "the top frames are kept");
        assertEquals(0x1004, t.get(2).frames().get(4).address());
        assertEquals(List.of(new StoredFrames.Omitted.ThreadCut(0, 10, 3, 6), new StoredFrames.Omitted.ThreadCut(1, 11, 2, 2),
                new StoredFrames.Omitted.ThreadCut(2, 12, 4, 9)), cut.omitted().threads());
        assertEquals(9, cut.omitted().frames());
        assertEquals("r", cut.report().source());
        assertEquals(r.format(), cut.report().format());

        JsonNode doc = new ObjectMapper().readTree(cut.omitted().into("{\"schema\":\"symbolicated/1\",\"threads\":[]}\n"));
        assertEquals("symbolicated/1", doc.path("schema").asText());
        assertEquals(9, doc.path("omitted").path("frames").asInt());
        assertEquals(3, doc.path("omitted").path("threads").size());
        JsonNode first = doc.path("omitted").path("threads").get(0);
        assertEquals(0, first.path("index").asInt());
        assertEquals(10, first.path("id").asInt());
        assertEquals(3, first.path("frames").asInt());
        assertEquals(6, first.path("of").asInt());
    }
}
