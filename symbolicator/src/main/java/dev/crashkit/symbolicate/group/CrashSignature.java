package dev.crashkit.symbolicate.group;

import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.symbolize.FrameStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The grouping key of a crash: which reports are "the same crash". Shared by the ingest server and
 * the Spark job, so both put a report in the same group. The rule (version {@value #VERSION}, also in
 * the README):
 *
 * <ol>
 *   <li><b>Exception</b>: for a Java uncaught exception (our capture's {@code java_exception}) its class;
 *       otherwise the report's exception type / signal, {@code "EXC_BAD_ACCESS (SIGSEGV)"} written as
 *       {@code "EXC_BAD_ACCESS / SIGSEGV"}; otherwise the class in a capture reason
 *       {@code "uncaught <class>: …"}; otherwise {@code "unknown"}.</li>
 *   <li><b>Frames</b>: up to {@value #MAX_FRAMES} top frames of the crashed thread (the thread marked crashed,
 *       else the one the crash info names, else the first) that lie in the app's own images
 *       ({@link AppImages#isApp}) and have a function name: the name as the symbolizer printed it
 *       (simplified demangling), without offset, file or line; inlined frames count. Frames of the capture
 *       itself (JNA's native library, {@code dev.crashkit.capture.*}) are skipped. For a Java exception the
 *       frames are those of its stack trace (top-level exception only) outside the JDK
 *       ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}) and the capture.</li>
 *   <li><b>Fallback</b> when no frame qualifies: the top {@value #MAX_FRAMES} frames in any image (capture frames
 *       still skipped) as {@code image+0xoffset}, the offset from the image's load address (so a different
 *       slide gives the same text); for Java, the top frames of the stack trace whatever their package.</li>
 *   <li><b>id</b>: the first 16 hex digits of SHA-256 over {@code "crashsig/1"}, the exception (only its
 *       signal when it names one: {@code "EXC_BAD_ACCESS / SIGSEGV"} hashes as {@code "SIGSEGV"}, so an
 *       {@code .ips} and a report giving only the signal agree) and the frames, joined with newlines.</li>
 * </ol>
 *
 * @param id     stable group id, 16 lower-case hex digits
 * @param title  the exception and, when there is one, the top frame: {@code "SIGSEGV in ck_crash_null"}
 * @param frames the frame texts that went into the id, top first
 */
public record CrashSignature(String id, String title, String exception, List<String> frames) {
    /** Changes to the rule change this tag (and so every id). */
    public static final String VERSION = "crashsig/1";
    /** How many frames make a signature. */
    public static final int MAX_FRAMES = 5;

    public CrashSignature {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(exception, "exception");
        frames = List.copyOf(frames);
    }

    /** The signature of a native crash (no Java exception). */
    public static CrashSignature of(SymbolicatedReport report) {
        return of(report, Optional.empty());
    }

    /**
     * The signature of a symbolicated report.
     *
     * @param report        symbolicated with {@code DemangleStyle.SIMPLIFIED} names (as the server and the
     *                      Spark job do), so that names read the same everywhere
     * @param javaException the printed stack trace of the uncaught Java exception that triggered the report
     *                      (the {@code java_exception} field of our capture's crashreport/1), when there is one
     */
    public static CrashSignature of(SymbolicatedReport report, Optional<String> javaException) {
        return of(report, javaException, false);
    }

    /**
     * The signature of a symbolicated report that may be a hang: a hang's exception part is
     * {@code "hang"} (so hangs group apart from crashes in the same code), over the hung thread's
     * frames (the report's crashed thread: our capture marks the hung one so, MetricKit's reader its
     * attributed thread).
     *
     * @param report        symbolicated with simplified names
     * @param javaException the uncaught Java exception's printed trace, when there is one
     * @param hang          the report is of a hang
     */
    public static CrashSignature of(SymbolicatedReport report, Optional<String> javaException, boolean hang) {
        if (hang) {
            Optional<SymbolicatedThread> thread = crashedThread(report);
            return make("hang", thread.map(t -> nativeFrames(report, t)).orElse(List.of()));
        }
        Optional<JavaTrace> java = javaException.flatMap(JavaTrace::parse);
        if (java.isPresent()) {
            return make(java.get().exceptionClass(), java.get().signatureFrames(MAX_FRAMES));
        }
        String exception = exception(report.input().crash());
        Optional<SymbolicatedThread> thread = crashedThread(report);
        List<String> frames = thread.map(t -> nativeFrames(report, t)).orElse(List.of());
        return make(exception, frames);
    }

    private static CrashSignature make(String exception, List<String> frames) {
        StringBuilder text = new StringBuilder(VERSION).append('\n').append(hashedException(exception));
        for (String f : frames) {
            text.append('\n').append(f);
        }
        String title = frames.isEmpty() ? exception : exception + " in " + frames.get(0);
        return new CrashSignature(sha256(text.toString()).substring(0, 16), title, exception, frames);
    }

    /**
     * What of the exception goes into the id: the POSIX signal when the text names one
     * ({@code "EXC_BAD_ACCESS / SIGSEGV"} -> {@code "SIGSEGV"}), so that the same crash read from an
     * {@code .ips} (Mach exception and signal) and from a report that gives only the signal match.
     */
    static String hashedException(String exception) {
        int slash = exception.lastIndexOf(" / ");
        if (slash > 0 && exception.startsWith("SIG", slash + 3)) {
            return exception.substring(slash + 3);
        }
        return exception;
    }

    /** The exception part of the rule, from the report's crash info. */
    static String exception(Optional<CrashInfo> crash) {
        if (crash.isEmpty()) {
            return "unknown";
        }
        Optional<String> signal = crash.get().signal().map(String::strip).filter(s -> !s.isEmpty());
        if (signal.isPresent()) {
            String s = signal.get();
            // "EXC_BAD_ACCESS (SIGSEGV)" -> "EXC_BAD_ACCESS / SIGSEGV"
            int open = s.indexOf(" (");
            if (open > 0 && s.endsWith(")")) {
                return s.substring(0, open) + " / " + s.substring(open + 2, s.length() - 1);
            }
            return s;
        }
        Optional<String> reason = crash.get().reason().map(String::strip);
        if (reason.isPresent() && reason.get().startsWith("uncaught ")) {
            String rest = reason.get().substring("uncaught ".length());
            int colon = rest.indexOf(':');
            String cls = (colon >= 0 ? rest.substring(0, colon) : rest).strip();
            if (!cls.isEmpty() && cls.indexOf(' ') < 0) {
                return cls;
            }
        }
        return "unknown";
    }

    private static Optional<SymbolicatedThread> crashedThread(SymbolicatedReport report) {
        List<SymbolicatedThread> threads = report.threads();
        for (SymbolicatedThread t : threads) {
            if (t.thread().crashed()) {
                return Optional.of(t);
            }
        }
        Optional<CrashInfo> crash = report.input().crash();
        if (crash.isPresent() && crash.get().thread().isPresent()) {
            long id = crash.get().thread().getAsLong();
            for (SymbolicatedThread t : threads) {
                if (t.thread().id() == id) {
                    return Optional.of(t);
                }
            }
        }
        return threads.isEmpty() ? Optional.empty() : Optional.of(threads.get(0));
    }

    private static List<String> nativeFrames(SymbolicatedReport report, SymbolicatedThread thread) {
        List<Image> images = report.input().images();
        List<String> named = new ArrayList<>();
        for (SymbolicatedFrame f : thread.frames()) {
            if (named.size() == MAX_FRAMES) {
                break;
            }
            Optional<Image> image = imageOf(images, f);
            if (f.status() != FrameStatus.SYMBOLICATED || f.symbol().isEmpty() || image.isEmpty()
                    || !AppImages.isApp(image.get()) || AppImages.isCaptureSymbol(f.symbol().get())) {
                continue;
            }
            named.add(f.symbol().get());
        }
        if (!named.isEmpty()) {
            return named;
        }
        List<String> fallback = new ArrayList<>();
        int lastIndex = -1;
        for (SymbolicatedFrame f : thread.frames()) {
            if (fallback.size() == MAX_FRAMES) {
                break;
            }
            Optional<Image> image = imageOf(images, f);
            // One entry per input frame: inlined entries share their frame's index.
            if (f.index() == lastIndex || image.isEmpty() || AppImages.isCapture(image.get())) {
                continue;
            }
            lastIndex = f.index();
            fallback.add(image.get().name() + "+0x" + Long.toHexString(imageOffset(f)));
        }
        return fallback;
    }

    /** Offset of the frame's (PAC-stripped) address from its image's load address. */
    private static long imageOffset(SymbolicatedFrame f) {
        if (f.symbolAddress().isPresent() && f.imageLoadAddress().isPresent()) {
            return f.symbolAddress().getAsLong() + f.offset() - f.imageLoadAddress().getAsLong();
        }
        return f.offset(); // unnamed frames carry the offset into their image
    }

    private static Optional<Image> imageOf(List<Image> images, SymbolicatedFrame f) {
        if (f.image().isEmpty() || f.imageLoadAddress().isEmpty()) {
            return Optional.empty();
        }
        long load = f.imageLoadAddress().getAsLong();
        String name = f.image().get();
        for (Image img : images) {
            if (img.loadAddress() == load && img.name().equals(name)) {
                return Optional.of(img);
            }
        }
        return Optional.empty();
    }

    private static String sha256(String text) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(d.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** The thread the signature looked at; exposed for callers that show it (the crashed thread). */
    public static Optional<ThreadTrace> crashedThreadOf(SymbolicatedReport report) {
        return crashedThread(report).map(SymbolicatedThread::thread);
    }
}
