package dev.crashkit.capture.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether a thread of another process is making progress, from {@code /proc/PID/task/TID}: its CPU
 * time ({@code stat} utime + stime) and its context switches ({@code status}). A thread blocked in
 * one wait (a lock, a read, a join) has neither move; a thread that loops, even sleeping a few
 * milliseconds between rounds, switches every round. A thread spinning on the CPU moves too: this
 * finds threads that are stuck waiting, not busy loops.
 */
final class ThreadProgress {
    private ThreadProgress() {
    }

    /** A reading of a thread's counters; equal readings mean no progress in between. */
    record Reading(long cpuTicks, long switches) {
    }

    /** The ids of the process's threads whose name ({@code comm}, at most 15 bytes) is {@code name}'s start. */
    static List<Long> threadsNamed(int pid, String name) throws IOException {
        String comm = truncated(name);
        List<Long> out = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Integer.toString(pid), "task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                Optional<String> c = read(t.resolve("comm")).map(String::strip);
                if (c.isPresent() && c.get().equals(comm)) {
                    out.add(Long.parseLong(t.getFileName().toString()));
                }
            }
        }
        out.sort(Long::compare);
        return out;
    }

    /** Linux keeps 15 bytes of a thread's name. */
    static String truncated(String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        if (b.length <= 15) {
            return name;
        }
        String s = new String(b, 0, 15, StandardCharsets.UTF_8);
        return s.endsWith("\uFFFD") ? s.substring(0, s.length() - 1) : s;
    }

    /** The thread's counters now; empty when it (or the process) has ended. */
    static Optional<Reading> read(int pid, long tid) throws IOException {
        Path task = Path.of("/proc", Integer.toString(pid), "task", Long.toString(tid));
        Optional<String> stat = read(task.resolve("stat"));
        Optional<String> status = read(task.resolve("status"));
        if (stat.isEmpty() || status.isEmpty()) {
            return Optional.empty();
        }
        // The name in stat is in parentheses and may hold spaces: fields count from after the last ')'.
        String s = stat.get();
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        long cpu = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime: fields 14 and 15
        long switches = 0;
        for (String line : status.get().split("\n")) {
            if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                switches += Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
            }
        }
        return Optional.of(new Reading(cpu, switches));
    }

    private static Optional<String> read(Path p) throws IOException {
        try {
            return Optional.of(Files.readString(p, StandardCharsets.ISO_8859_1));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
