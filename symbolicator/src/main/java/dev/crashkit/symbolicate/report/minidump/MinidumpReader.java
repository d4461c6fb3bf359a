package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads minidumps (Breakpad, Crashpad, Windows; magic {@code MDMP}). The model's images are the
 * module list (load address = module base, name = file name of its path, identity from its CodeView
 * record); each thread starts with one frame, its context's PC ({@link Trust#CONTEXT}): the stacks
 * are walked later with the binaries ({@link MinidumpDocument#walkStarts()}), which a reader does not
 * have. The thread that wrote the dump (named by Breakpad's info stream) is left out, as
 * minidump_stackwalk leaves it out: it is the crash handler's, not the program's. Every count, size and RVA is checked against the file (see {@link MinidumpBytes}); what
 * cannot be read beyond the header, directory, system info, thread and module lists is noted in
 * {@link MinidumpDocument#problems()}.
 */
public final class MinidumpReader implements ReportReader {

    /**
     * Whether {@code data} starts with the minidump magic.
     *
     * @param data a file's first bytes
     * @return true for {@code MDMP}
     */
    public static boolean matches(byte[] data) {
        return StreamDirectory.matches(data);
    }

    @Override
    public ReportFormat format() {
        return ReportFormat.MINIDUMP;
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        Minidump dump = MinidumpParser.parse(source, data);
        return new ParsedReport(model(dump), ReportFormat.MINIDUMP, new MinidumpDocument(dump));
    }

    private static CrashReport model(Minidump dump) {
        Arch arch = dump.system().arch();
        List<Image> images = new ArrayList<>(dump.modules().size());
        for (DumpModule m : dump.modules()) {
            images.add(new Image(m.name(), Optional.of(m.path()), m.id(), Optional.of(arch), m.base(),
                    OptionalLong.empty(), OptionalLong.of(m.size())));
        }
        long crashed = dump.exception().map(DumpException::threadId).orElse(-1L);
        List<ThreadTrace> threads = new ArrayList<>(dump.threads().size());
        for (DumpThread t : dump.threads()) {
            List<Frame> frames = t.context().map(c -> List.of(new Frame(c.pc(), false, Optional.of(Trust.CONTEXT))))
                    .orElse(List.of());
            threads.add(new ThreadTrace(t.id(), t.name(), t.id() == crashed, frames));
        }
        String os = dump.system().os() + " " + dump.system().version()
                + dump.system().csd().map(c -> " " + c).orElse("");
        Optional<String> name = dump.modules().isEmpty() ? Optional.empty() : Optional.of(dump.modules().get(0).name());
        ProcessInfo process = new ProcessInfo(name, dump.pid(), Optional.of(arch), Optional.of(os),
                Optional.of(Instant.ofEpochSecond(dump.timestamp()).toString()));
        return new CrashReport(process, dump.exception().map(e -> crash(dump, e)), images, threads);
    }

    private static CrashInfo crash(Minidump dump, DumpException e) {
        String signal = CrashReason.name(dump.system(), e.code());
        String detail = CrashReason.detail(dump.system(), e);
        return new CrashInfo(Optional.of(signal), Optional.of(detail).filter(d -> !d.isEmpty()),
                OptionalLong.of(e.address()), OptionalLong.of(e.threadId()),
                Optional.of(CrashReason.reason(dump.system(), e, signal, detail)));
    }
}
