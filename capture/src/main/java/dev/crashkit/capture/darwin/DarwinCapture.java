package dev.crashkit.capture.darwin;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.unwind.FramePointerWalker;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Snapshot of every thread of this process on Darwin: each other thread is suspended, its state
 * read and its frame-pointer chain walked (reads through {@code vm_read_overwrite}, which fails
 * instead of faulting), then resumed at once; images come from dyld with UUIDs read from the
 * headers in memory. Written against {@link ThreadSource}/{@link ImageSource}/{@link Memory} so
 * the logic is tested on Linux with recorded data. NOTE: the JNA bindings have never run on a Mac.
 */
public final class DarwinCapture {
    private final ThreadSource threads;
    private final ImageSource images;
    private final Memory memory;
    private final FramePointerWalker walker = new FramePointerWalker(256);

    public DarwinCapture(ThreadSource threads, ImageSource images, Memory memory) {
        this.threads = threads;
        this.images = images;
        this.memory = memory;
    }

    /**
     * @param selfFrames the calling thread's own frames (it cannot suspend itself), e.g. from
     *                   {@code backtrace()}; empty to report it without frames
     * @return the report; every frame carries how it was found
     */
    public CrashReport snapshot(ProcessInfo process, List<UnwoundFrame> selfFrames) {
        List<ThreadTrace> out = new ArrayList<>();
        long self = threads.self();
        List<Long> all = threads.threads();
        for (int i = 0; i < all.size(); i++) {
            long port = all.get(i);
            List<UnwoundFrame> frames;
            if (port == self) {
                frames = selfFrames;
            } else if (threads.suspend(port)) {
                try {
                    frames = threads.state(port).map(s -> walker.walk(s.pc(), s.sp(), s.fp(), s.lr(),
                            s.arch().addressMask(), memory)).orElse(List.of());
                } finally {
                    threads.resume(port);
                }
            } else {
                frames = List.of();
            }
            long id = threads.id(port);
            Optional<String> name = threads.name(port).or(() -> Optional.ofNullable(all.indexOf(port) == 0
                    ? "main" : null));
            List<Frame> fs = new ArrayList<>();
            for (int f = 0; f < frames.size(); f++) {
                fs.add(new Frame(frames.get(f).address(), f > 0, Optional.of(frames.get(f).trust())));
            }
            out.add(new ThreadTrace(id, name, false, fs));
            threads.release(port);
        }
        // mach_thread_self() also handed out a right.
        threads.release(self);
        return new CrashReport(process, Optional.empty(), images(), out);
    }

    /** dyld's images with UUID, arch, slide and {@code __TEXT} extent from the in-memory header. */
    public List<Image> images() {
        List<Image> out = new ArrayList<>();
        for (int i = 0; i < images.count(); i++) {
            long header = images.header(i);
            Optional<MachHeader> h = MachHeader.read(memory, header);
            if (h.isEmpty()) {
                continue;
            }
            String path = images.path(i);
            String name = path.substring(path.lastIndexOf('/') + 1);
            out.add(new Image(name, Optional.of(path), h.get().uuid(), Optional.of(h.get().arch()), header,
                    OptionalLong.of(images.slide(i)), OptionalLong.of(h.get().textVmsize())));
        }
        return out;
    }
}
