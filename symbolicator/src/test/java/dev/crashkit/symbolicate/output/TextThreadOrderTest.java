package dev.crashkit.symbolicate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The text of a minidump lists the crashed thread first, as minidump_stackwalk prints its requesting
 * thread before the others (stackwalk_common.cc, PrintProcessState); other formats keep their order.
 */
class TextThreadOrderTest {
    private static final ReportDocument NO_DOCUMENT = new ReportDocument() {
    };

    private static List<String> threadLines(ReportFormat format) throws Exception {
        List<ThreadTrace> threads = List.of(new ThreadTrace(10, Optional.empty(), false, List.of()),
                new ThreadTrace(11, Optional.empty(), false, List.of()),
                new ThreadTrace(12, Optional.empty(), true, List.of()),
                new ThreadTrace(13, Optional.empty(), false, List.of()));
        CrashReport model = new CrashReport(ProcessInfo.unknown(), Optional.empty(), List.of(), threads);
        SymbolicatedReport result = new SymbolicatedReport(model, List.of(),
                threads.stream().map(t -> new SymbolicatedThread(t, List.of())).toList());
        String text = ReportWriter.text().write(new ParsedReport(model, format, NO_DOCUMENT), result, Optional.empty());
        return Arrays.stream(text.split("\n")).filter(l -> l.startsWith("Thread ")).toList();
    }

    @Test
    void minidumpPutsTheCrashedThreadFirst() throws Exception {
        assertEquals(List.of("Thread 12 Crashed:", "Thread 10:", "Thread 11:", "Thread 13:"),
                threadLines(ReportFormat.MINIDUMP));
    }

    @Test
    void otherFormatsKeepTheirOrder() throws Exception {
        assertEquals(List.of("Thread 10:", "Thread 11:", "Thread 12 Crashed:", "Thread 13:"),
                threadLines(ReportFormat.HS_ERR));
    }
}
