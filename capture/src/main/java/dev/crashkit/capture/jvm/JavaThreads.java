package dev.crashkit.capture.jvm;

import dev.crashkit.capture.report.JavaThread;
import dev.crashkit.core.unwind.Memory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Java threads joined to OS thread ids. In this JVM: {@link ThreadMXBean#dumpAllThreads} for
 * names, states, stacks and locks, joined by {@link HotSpotThreadIds}; where that is unavailable,
 * HotSpot's {@code Thread.print} diagnostic command, as for other JVMs ({@code jcmd}; its
 * {@code nid} is the tid: hex on JDK 17, decimal on later JDKs).
 */
public final class JavaThreads {
    private static final String STATE = "java.lang.Thread.State: ";

    private JavaThreads() {
    }

    /**
     * This JVM's threads by tid, read through {@code memory} (this process's own, never faulting);
     * empty when neither way is available.
     */
    public static Map<Long, JavaThread> dump(Memory memory) {
        Optional<HotSpotThreadIds> ids = HotSpotThreadIds.open(memory);
        if (ids.isEmpty()) {
            return threadPrint();
        }
        ThreadInfo[] infos = ManagementFactory.getThreadMXBean().dumpAllThreads(true, false);
        Map<Long, Thread> live = liveThreads();
        Map<Long, JavaThread> out = new HashMap<>();
        for (ThreadInfo info : infos) {
            Thread t = live.get(info.getThreadId());
            if (t == null) {
                continue; // exited meanwhile
            }
            OptionalLong tid = ids.get().tid(t);
            if (tid.isPresent()) {
                out.put(tid.getAsLong(), new JavaThread(info.getThreadName(), OptionalLong.of(info.getThreadId()),
                        tid.getAsLong(), ThreadInfoLines.state(info), ThreadInfoLines.stack(info)));
            }
        }
        return out;
    }

    /** This JVM's threads by tid through {@code Thread.print}; empty when the command is not available. */
    static Map<Long, JavaThread> threadPrint() {
        return parse(DiagnosticCommands.invoke("threadPrint").orElse(""));
    }

    /** Every live thread of this JVM by Java id. */
    private static Map<Long, Thread> liveThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() * 2 + 16];
        int n = root.enumerate(all, true);
        Map<Long, Thread> out = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            out.put(all[i].getId(), all[i]);
        }
        return out;
    }

    /** Parses a {@code Thread.print} / {@code jcmd <pid> Thread.print} dump. */
    public static Map<Long, JavaThread> parse(String dump) {
        Map<Long, JavaThread> out = new HashMap<>();
        String[] lines = dump.split("\n");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = Header.PATTERN.matcher(lines[i]);
            if (!m.matches()) {
                continue;
            }
            String nid = m.group(3);
            long tid = nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid);
            OptionalLong id = m.group(2) == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(m.group(2)));
            String state = "";
            List<String> stack = new ArrayList<>();
            int j = i + 1;
            for (; j < lines.length && !lines[j].isBlank() && !lines[j].startsWith("\""); j++) {
                String l = lines[j].strip();
                if (l.startsWith(STATE)) {
                    state = l.substring(STATE.length());
                } else if (l.startsWith("at ") || l.startsWith("- ")) {
                    stack.add(l);
                }
            }
            out.put(tid, new JavaThread(m.group(1), id, tid, state, stack));
            i = j - 1;
        }
        return out;
    }

    /** The dump's thread header line, compiled only when a dump is parsed (not on the fast path). */
    private static final class Header {
        static final Pattern PATTERN = Pattern.compile(
                "^\"(.*)\"\\s+(?:#(\\d+)\\s+)?.*?\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b.*$");
    }

    /** Thin wrapper over the DiagnosticCommand MBean. */
    static final class DiagnosticCommands {
        private DiagnosticCommands() {
        }

        static java.util.Optional<String> invoke(String operation, String... args) {
            try {
                ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
                Object r = ManagementFactory.getPlatformMBeanServer().invoke(name, operation,
                        new Object[] {args}, new String[] {String[].class.getName()});
                return java.util.Optional.ofNullable(r == null ? null : r.toString());
            } catch (JMException | SecurityException e) {
                // Not HotSpot, or management disabled: capture goes on without Java stacks.
                return java.util.Optional.empty();
            }
        }
    }
}
