package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadState;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import dev.crashkit.core.unwind.X86Registers64;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.SliceId;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Unwinds threads again offline from the registers and stack window a capture saved, with the
 * CFI of the very binaries the process had mapped (matched by build-id among the debug files).
 * Only threads that carry both are redone; the others keep the frames the capture recorded.
 * x86-64 ELF only, like the unwinder.
 */
public final class Reunwinder {
    private final ModuleCache modules;
    private final Diagnostics diagnostics;

    public Reunwinder(ModuleCache modules, Diagnostics diagnostics) {
        this.modules = modules;
        this.diagnostics = diagnostics;
    }

    /** The report with unwindable threads re-unwound; the report itself when nothing can be redone. */
    public CrashReport reunwind(CrashReport report) {
        if (report.threads().stream().noneMatch(t -> t.state().map(ThreadState::unwindable).orElse(false))) {
            return report;
        }
        List<ObjectCodeMap.Module> mapped = new ArrayList<>();
        for (Image img : report.images()) {
            codeFile(img).ifPresent(object -> mapped.add(new ObjectCodeMap.Module(object, slide(img, object))));
        }
        if (mapped.isEmpty()) {
            diagnostics.warn("cannot re-unwind: no binary of the report's images (with .eh_frame) among the debug files");
            return report;
        }
        ObjectCodeMap code = new ObjectCodeMap(mapped);
        List<ThreadTrace> threads = new ArrayList<>();
        for (ThreadTrace t : report.threads()) {
            threads.add(t.state().filter(ThreadState::unwindable).map(s -> redo(t, s, code)).orElse(t));
        }
        return new CrashReport(report.process(), report.crash(), report.images(), threads);
    }

    private ThreadTrace redo(ThreadTrace t, ThreadState s, ObjectCodeMap code) {
        Registers regs = X86Registers64.fromNames(s.registers());
        byte[] bytes = Base64.getDecoder().decode(s.stackBase64().orElseThrow());
        ByteMemory stack = new ByteMemory(s.stackBase().getAsLong(), bytes);
        List<UnwoundFrame> frames = new Unwinder(stack.over(code.memory()), code).unwind(regs, stack.end());
        if (frames.isEmpty()) {
            return t;
        }
        List<Frame> out = new ArrayList<>(frames.size());
        for (int i = 0; i < frames.size(); i++) {
            UnwoundFrame f = frames.get(i);
            out.add(new Frame(f.address(), i > 0 && !f.exactPc(), Optional.of(f.trust())));
        }
        return t.withFrames(out);
    }

    /** The first file with this image's build-id that has unwind tables (debug-only copies have none). */
    private Optional<ObjectFile> codeFile(Image img) {
        if (img.id().isEmpty()) {
            return Optional.empty();
        }
        for (DebugFileIndex.Entry e : modules.index().find(img.id().get())) {
            if (e.container() != SliceId.Container.ELF) {
                continue;
            }
            try {
                Optional<ObjectFile> object = ObjectFiles.openWithId(modules.members().path(e), img.id().get());
                if (object.isPresent() && object.get().unwindSections().stream().anyMatch(u -> !u.debugFrame())) {
                    return object;
                }
            } catch (CrashkitException ex) {
                diagnostics.warn("skipping " + ex.getMessage());
            }
        }
        return Optional.empty();
    }

    /** Load bias: the report's slide, else load address minus the lowest PT_LOAD address. */
    private static long slide(Image img, ObjectFile object) {
        if (img.slide().isPresent()) {
            return img.slide().getAsLong();
        }
        return img.loadAddress() - object.linkBase();
    }
}
