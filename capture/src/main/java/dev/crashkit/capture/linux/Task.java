package dev.crashkit.capture.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One thread of a process as procfs shows it.
 *
 * @param state   the one-letter scheduler state of {@code stat} (R, S, D, T, t, Z ...)
 * @param syscall the raw first line of {@code task/<tid>/syscall}: "nr a1..a6 sp pc" when blocked
 *                in a system call, "running", or "-1 sp pc" when stopped outside one
 */
public record Task(long tid, String name, char state, String syscall) {

    /** All threads of {@code pid}, ordered by tid (the main thread, tid == pid, first). */
    public static List<Task> list(int pid) throws IOException {
        List<Long> tids = tids(pid);
        List<Task> out = new ArrayList<>(tids.size());
        for (long tid : tids) {
            Path base = Path.of("/proc/" + pid + "/task/" + tid);
            try {
                String comm = read(base.resolve("comm")).strip();
                String stat = read(base.resolve("stat"));
                int close = stat.lastIndexOf(')');
                char state = close >= 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
                String sys = "";
                try {
                    sys = read(base.resolve("syscall")).strip();
                } catch (IOException e) {
                    sys = "unreadable";
                }
                out.add(new Task(tid, comm, state, sys));
            } catch (IOException e) {
                // The thread exited while we listed: it is no longer part of the process.
            }
        }
        return out;
    }

    /** Only the thread ids of {@code pid}, sorted: cheap enough to call while threads are stopped. */
    public static List<Long> tids(int pid) throws IOException {
        List<Long> tids = new ArrayList<>();
        try (var dir = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
            for (Path p : dir) {
                try {
                    tids.add(Long.parseLong(p.getFileName().toString()));
                } catch (NumberFormatException e) {
                    // not a thread directory
                }
            }
        }
        java.util.Collections.sort(tids);
        return tids;
    }

    /**
     * How many threads {@code pid} has, from one {@code stat} of {@code /proc/<pid>/task} (procfs
     * gives that directory a link count of 2 + threads), or -1 when that is not available. Cheap
     * enough for the stop-the-world window, where it tells whether threads appeared while we
     * attached; a listing is only needed when the count disagrees.
     */
    public static int countHint(int pid) {
        try {
            Object n = Files.getAttribute(Path.of("/proc/" + pid + "/task"), "unix:nlink");
            return n instanceof Integer i && i > 2 ? i - 2 : -1;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    private static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
    }

    /** True when the kernel says the thread was running (no PC/SP available this way). */
    public boolean running() {
        return syscall.equals("running");
    }

    /** The user-space stack pointer from {@code syscall}, when the thread was blocked. */
    public OptionalLong sp() {
        return field(syscall.startsWith("-1 ") ? 1 : 7);
    }

    /** The user-space PC from {@code syscall}, when the thread was blocked. */
    public OptionalLong pc() {
        return field(syscall.startsWith("-1 ") ? 2 : 8);
    }

    private OptionalLong field(int i) {
        String[] f = syscall.split(" ");
        if (f.length <= i || running()) {
            return OptionalLong.empty();
        }
        try {
            String s = f[i];
            return OptionalLong.of(s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
