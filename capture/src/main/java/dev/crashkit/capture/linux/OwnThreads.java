package dev.crashkit.capture.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This JVM's own background threads, as competitors of the stop-the-world window: in a freshly
 * started JVM the JIT compiler threads are still busy compiling start-up code when the capture
 * stops the target, and on a small machine they take the CPU that the target's threads need to
 * reach their stops and that the tracing thread needs to collect them. Only for a process that
 * exists to capture (the CLI): the change cannot be undone without privileges.
 */
public final class OwnThreads {
    private static final int NICEST = 19;

    private OwnThreads() {
    }

    /**
     * Gives this JVM's JIT compiler threads the lowest scheduling priority (nice 19; raising one's
     * own nice value needs no privilege); returns how many were lowered.
     */
    public static int lowerCompilerThreads() {
        int self = LinuxNative.getpid();
        int lowered = 0;
        try {
            for (long tid : Task.tids(self)) {
                String name;
                try {
                    name = new String(Files.readAllBytes(Path.of("/proc/" + self + "/task/" + tid + "/comm")),
                            StandardCharsets.UTF_8).strip();
                } catch (IOException e) {
                    continue; // exited meanwhile
                }
                if (isCompiler(name) && LinuxNative.setpriority(LinuxNative.PRIO_PROCESS, (int) tid, NICEST) == 0) {
                    lowered++;
                }
            }
        } catch (IOException e) {
            return lowered;
        }
        return lowered;
    }

    /**
     * The OS id of this JVM's one thread whose kernel name is {@code javaThreadName} as HotSpot gives it
     * (the Java name cut to 15 bytes); -1 when none or several have it, or the task folder cannot be read.
     */
    public static long tidNamed(String javaThreadName) {
        byte[] name = javaThreadName.getBytes(StandardCharsets.UTF_8);
        String kernelName = new String(name, 0, Math.min(15, name.length), StandardCharsets.UTF_8);
        int self = LinuxNative.getpid();
        long found = -1;
        try {
            for (long tid : Task.tids(self)) {
                String comm;
                try {
                    comm = new String(Files.readAllBytes(Path.of("/proc/" + self + "/task/" + tid + "/comm")),
                            StandardCharsets.UTF_8).strip();
                } catch (IOException e) {
                    continue; // exited meanwhile
                }
                if (comm.equals(kernelName)) {
                    if (found != -1) {
                        return -1; // two of that name: neither can be told to be the one
                    }
                    found = tid;
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return found;
    }

    /** HotSpot names them "C1 CompilerThread0", "C2 CompilerThread0" (cut to 15 bytes by the kernel). */
    static boolean isCompiler(String threadName) {
        return (threadName.startsWith("C1 ") || threadName.startsWith("C2 ")) && threadName.contains("Compiler");
    }
}
