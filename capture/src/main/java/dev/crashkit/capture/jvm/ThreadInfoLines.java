package dev.crashkit.capture.jvm;

import java.lang.management.LockInfo;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link ThreadInfo} written the way {@code Thread.print} writes a thread, so that a report
 * reads the same whichever way the JVM was asked: "at" lines with module and file, and "- locked",
 * "- waiting on", "- waiting to lock", "- parking to wait for" notes. One difference: a lock is
 * named by its identity hash code, not its address (which only the VM knows); it still pairs the
 * thread holding a lock with the threads waiting for it.
 */
final class ThreadInfoLines {
    private ThreadInfoLines() {
    }

    /** "WAITING (on object monitor)", "TIMED_WAITING (sleeping)", "WAITING (parking)", "RUNNABLE" ... */
    static String state(ThreadInfo info) {
        Thread.State s = info.getThreadState();
        StackTraceElement[] st = info.getStackTrace();
        String top = st.length == 0 ? "" : st[0].getClassName() + "." + st[0].getMethodName();
        String why = switch (s) {
            case BLOCKED -> " (on object monitor)";
            case WAITING, TIMED_WAITING -> top.equals("java.lang.Object.wait") ? " (on object monitor)"
                    : top.equals("java.lang.Thread.sleep") ? " (sleeping)"
                    : top.endsWith("Unsafe.park") ? " (parking)" : "";
            default -> "";
        };
        return s.name() + why;
    }

    static List<String> stack(ThreadInfo info) {
        StackTraceElement[] st = info.getStackTrace();
        MonitorInfo[] locked = info.getLockedMonitors();
        List<String> out = new ArrayList<>(st.length + locked.length + 2);
        // Object.wait() releases the monitor, so ThreadInfo no longer lists it as locked; Thread.print
        // still shows "- locked" at the frame that called wait(), which must hold it.
        int waitCaller = -1;
        if (info.getLockInfo() != null && st.length > 0 && isObjectWait(st[0])) {
            waitCaller = 1;
            while (waitCaller < st.length && isObjectWait(st[waitCaller])) {
                waitCaller++;
            }
        }
        for (int depth = 0; depth < st.length; depth++) {
            out.add("at " + frame(st[depth]));
            if (depth == 0 && info.getLockInfo() != null) {
                String what = switch (info.getThreadState()) {
                    case BLOCKED -> "- waiting to lock ";
                    case WAITING, TIMED_WAITING -> st[0].getMethodName().equals("park")
                            ? "- parking to wait for  " : "- waiting on ";
                    default -> "- waiting on ";
                };
                out.add(what + lock(info.getLockInfo()));
            }
            if (depth == waitCaller) {
                out.add("- locked " + lock(info.getLockInfo()));
            }
            for (MonitorInfo m : locked) {
                if (m.getLockedStackDepth() == depth) {
                    out.add("- locked " + lock(m));
                }
            }
        }
        return out;
    }

    private static boolean isObjectWait(StackTraceElement e) {
        return e.getClassName().equals("java.lang.Object") && e.getMethodName().equals("wait");
    }

    /** "java.lang.Thread.run(java.base@17.0.15/Thread.java:833)", as Thread.print has it. */
    static String frame(StackTraceElement e) {
        StringBuilder sb = new StringBuilder(96).append(e.getClassName()).append('.').append(e.getMethodName())
                .append('(');
        if (e.getModuleName() != null) {
            sb.append(e.getModuleName());
            if (e.getModuleVersion() != null) {
                sb.append('@').append(e.getModuleVersion());
            }
            sb.append('/');
        }
        if (e.isNativeMethod()) {
            sb.append("Native Method");
        } else if (e.getFileName() == null) {
            sb.append("Unknown Source");
        } else {
            sb.append(e.getFileName());
            if (e.getLineNumber() >= 0) {
                sb.append(':').append(e.getLineNumber());
            }
        }
        return sb.append(')').toString();
    }

    private static String lock(LockInfo l) {
        return String.format(Locale.ROOT, "<0x%08x> (a %s)", l.getIdentityHashCode(), l.getClassName());
    }
}
