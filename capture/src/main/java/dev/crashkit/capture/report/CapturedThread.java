package dev.crashkit.capture.report;

import dev.crashkit.core.unwind.UnwoundFrame;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One thread of a snapshot.
 *
 * @param state     scheduler state letter from procfs (R running, S sleeping, D disk, T stopped ...)
 * @param status    how its stack was obtained: "current" (the capturing thread), "blocked" (PC/SP
 *                  from a system call), "stopped" (ptrace), or "running" (no registers: no frames)
 * @param registers register values by name ({@code rip}, {@code rsp}, {@code rbp} ...) as captured
 * @param frames    raw frames, innermost first, each with how it was found
 */
public record CapturedThread(long tid, String name, char state, String status, boolean crashed,
                             Map<String, Long> registers, List<UnwoundFrame> frames, Optional<StackWindow> stack,
                             Optional<JavaThread> java) {
    public CapturedThread {
        registers = Map.copyOf(registers);
        frames = List.copyOf(frames);
    }
}
