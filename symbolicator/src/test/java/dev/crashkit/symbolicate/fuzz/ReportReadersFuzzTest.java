package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.TwoPassReading;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.applecrash.AppleCrashReader;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.report.ips.IpsReader;
import dev.crashkit.symbolicate.report.kscrash.KSCrashReader;
import dev.crashkit.symbolicate.report.SyntheticResults;
import dev.crashkit.symbolicate.report.hserr.HsErrReader;
import dev.crashkit.symbolicate.report.hserr.HsErrWriter;
import dev.crashkit.symbolicate.report.metrickit.MetricKitReader;
import dev.crashkit.symbolicate.report.minidump.MinidumpDocument;
import dev.crashkit.symbolicate.report.minidump.MinidumpReader;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symbolize.ObjectCodeMap;
import dev.crashkit.symbolicate.symbolize.StackWalker;
import dev.crashkit.testkit.TestData;
import dev.crashkit.symbolicate.report.plcrash.PlcrashReader;
import dev.crashkit.symbolicate.report.sentry.SentryReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;

/**
 * Every report reader either returns a report or throws {@link ReportException} with one line that names
 * the input; never anything else, within the CPU and allocation budget. A report that was read is walked
 * the way the symbolicator walks it (model, per-frame preset symbols, registers, queues, the exception
 * backtrace), so lazily decoded parts are exercised too.
 */
class ReportReadersFuzzTest {

    private static final String SOURCE = "fuzz-input";

    /** The readers' own keys and words (make_report_dictionary.py), so mutations build structure they look for. */
    private static final String DICTIONARY = "/dev/crashkit/symbolicate/fuzz/reports.dict";

    /** JSON trees and text line tables take tens of bytes per input byte; 16 MB covers class loading. */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(16L << 20, 256);

    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void ips(byte[] input) {
        read(new IpsReader(), input);
    }

    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void appleCrash(byte[] input) {
        read(new AppleCrashReader(), input);
    }

    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void kscrash(byte[] input) {
        read(new KSCrashReader(), input);
    }

    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void plcrash(byte[] input) {
        read(new PlcrashReader(), input);
    }

    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void sentry(byte[] input) {
        read(new SentryReader(), input);
    }

    @FuzzTest
    void minidump(byte[] input) {
        read(new MinidumpReader(), input);
    }

    /**
     * The minidump reader, then every thread walked over the committed x86-64 test binary's code and
     * CFI (testdata/minidump/crashy, loaded once), as the Symbolicator walks a dump: CFI, frame
     * records and scans over whatever memory and registers the input holds. A walk reads each stack
     * word about once per thread (SP only moves up), and threads can share one stack: a budget per
     * input byte of a few KB.
     */
    @FuzzTest
    void minidumpWalk(byte[] input) {
        FuzzContract.check(input.length, WALK_BUDGET, ReportException.class, () -> {
            ParsedReport p;
            try {
                p = new MinidumpReader().read(SOURCE, input);
            } catch (ReportException e) {
                FuzzContract.requireNamed(e, SOURCE);
                throw e;
            }
            MinidumpDocument d = (MinidumpDocument) p.document();
            CrashReport walked = StackWalker.walk(p.model(), d.arch(), d.memory().over(CrashyCode.MAP.memory()),
                    CrashyCode.MAP, d.walkStarts(), 100_000, message -> { });
            walked.threads().forEach(t -> t.frames().forEach(Object::toString));
        });
    }

    /** The committed crashy binary's code and CFI at its link addresses (a static executable). */
    private static final class CrashyCode {
        static final ObjectCodeMap MAP = load();

        private static ObjectCodeMap load() {
            try {
                List<ObjectCodeMap.Module> modules = new ArrayList<>();
                for (ObjectFile o : ObjectFiles.open(TestData.file("minidump/crashy"))) {
                    modules.add(new ObjectCodeMap.Module(o, 0));
                }
                return new ObjectCodeMap(modules);
            } catch (dev.crashkit.core.CrashkitException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static final FuzzContract.Budget WALK_BUDGET = new FuzzContract.Budget(32L << 20, 4096);

    /**
     * HotSpot hs_err logs; a log that was read is also written back by its same-format writer with nothing
     * named, which must give the input's text unchanged (the writer copies every line it does not extend).
     */
    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void hsErr(byte[] input) {
        FuzzContract.check(input.length, BUDGET, ReportException.class, () -> {
            ParsedReport r;
            try {
                r = new HsErrReader().read(SOURCE, input);
            } catch (ReportException e) {
                FuzzContract.requireNamed(e, SOURCE);
                throw e;
            }
            walk(r);
            String written;
            try {
                written = new HsErrWriter().write(r, SyntheticResults.noDebugFiles(r.model()), java.util.Optional.empty());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            if (!written.equals(dev.crashkit.symbolicate.report.Texts.decode(input))) {
                FuzzContract.fail("the writer changed a log it had nothing to add to");
            }
        });
    }

    /**
     * Every diagnostic of a MetricKit input is read and walked, and each one's standalone payload (what a
     * server stores apart) reads back to an equal report.
     */
    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void metricKit(byte[] input) {
        MetricKitReader reader = new MetricKitReader();
        FuzzContract.check(input.length, BUDGET, ReportException.class, () -> {
            java.util.List<ParsedReport> all;
            try {
                all = reader.readAll(SOURCE, input);
            } catch (ReportException e) {
                FuzzContract.requireNamed(e, SOURCE);
                throw e;
            }
            for (ParsedReport p : all) {
                walk(p);
                if (p.document().standalone().isPresent()) {
                    ParsedReport alone;
                    try {
                        alone = reader.read("standalone", p.document().standalone().get());
                    } catch (ReportException e) {
                        FuzzContract.fail("a standalone payload the reader rejects: " + e.getMessage());
                        return;
                    }
                    if (!alone.model().equals(p.model())) {
                        FuzzContract.fail("standalone payload read back differently:\n" + p.model() + "\n"
                                + alone.model());
                    }
                }
            }
        });
    }

    /** Our own format also round-trips: what the writer writes, the reader reads back. */
    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void crashReport(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        FuzzContract.check(input.length, BUDGET, ReportException.class, () -> {
            CrashReport first;
            try {
                first = CrashReportJson.read(text, SOURCE);
            } catch (ReportException e) {
                FuzzContract.requireNamed(e, SOURCE);
                throw e;
            }
            StringWriter out = new StringWriter();
            CrashReportJson.write(first, out);
            CrashReport again;
            try {
                again = CrashReportJson.read(out.toString(), "rewritten");
            } catch (ReportException e) {
                FuzzContract.fail("the writer wrote what the reader rejects: " + e.getMessage());
                return;
            }
            if (!again.equals(first)) {
                FuzzContract.fail("round trip changed the report:\n" + first + "\n" + again);
            }
        });
    }

    /** Content detection plus the detected format's reader, as {@code symbolicate REPORT} runs them. */
    @DictionaryFile(resourcePath = DICTIONARY)
    @FuzzTest
    void detect(byte[] input) {
        FuzzContract.check(input.length, BUDGET, ReportException.class, () -> {
            // crashreport/1 is parsed once for detection and reading: the same as two passes.
            String twoPasses = TwoPassReading.difference(SOURCE, input);
            if (twoPasses != null) {
                throw new AssertionError(twoPasses);
            }
            try {
                walk(ReportFormats.standard().read(SOURCE, input));
            } catch (ReportException e) {
                FuzzContract.requireNamed(e, SOURCE);
                throw e;
            }
        });
    }

    private static void read(ReportReader reader, byte[] input) {
        FuzzContract.check(input.length, BUDGET, ReportException.class, () -> {
            try {
                walk(reader.read(SOURCE, input));
            } catch (ReportException e) {
                FuzzContract.requireNamed(e, SOURCE);
                throw e;
            }
        });
    }

    private static void walk(ParsedReport r) {
        ReportDocument doc = r.document();
        CrashReport m = r.model();
        m.toString();
        for (int t = 0; t < m.threads().size(); t++) {
            doc.registers(t);
            doc.queue(t);
            for (int f = 0; f < m.threads().get(t).frames().size(); f++) {
                doc.presetSymbol(t, f);
            }
        }
        doc.exceptionBacktrace().ifPresent(Object::toString);
        doc.notes();
        if (doc instanceof MinidumpDocument dump) {
            dump.walkStarts().forEach(Object::toString);
            dump.notWalked();
            for (String problem : dump.problems()) {
                if (problem.isBlank() || problem.indexOf('\n') >= 0 || problem.indexOf('\r') >= 0) {
                    FuzzContract.fail("a problem must be one non-empty line: \"" + problem + '"');
                }
            }
            dump.texts().values().forEach(String::length);
            dump.annotations().forEach((k, v) -> k.length());
        }
    }
}
