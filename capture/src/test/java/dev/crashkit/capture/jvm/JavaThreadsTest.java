package dev.crashkit.capture.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.report.JavaThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parsing recorded {@code jcmd Thread.print} dumps of JDK 17 (hex nid) and JDK 25 (decimal nid),
 * checked against the kernel's thread list recorded at the same moment
 * (testdata/capture/record-threadprint.sh): every nid is a tid whose comm is the thread's name
 * cut to 15 bytes, as HotSpot sets it.
 */
class JavaThreadsTest {
    @ParameterizedTest
    @ValueSource(strings = {"jdk17", "jdk25"})
    void joinsEveryJavaThreadToItsOsThread(String jdk) throws Exception {
        Path dir = Path.of("testdata/capture");
        String dump = Files.readString(dir.resolve("threadprint-" + jdk + ".txt"));
        Map<Long, String> comm = new HashMap<>();
        for (String l : Files.readAllLines(dir.resolve("tasks-" + jdk + ".txt"))) {
            int sp = l.indexOf(' ');
            comm.put(Long.parseLong(l.substring(0, sp)), l.substring(sp + 1));
        }
        Map<Long, JavaThread> threads = JavaThreads.parse(dump);
        long headers = dump.lines().filter(l -> l.startsWith("\"") && l.contains(" nid=")).count();
        assertEquals(headers, threads.size());
        for (JavaThread t : threads.values()) {
            assertTrue(comm.containsKey(t.nativeId()), t.name() + " nid " + t.nativeId() + " is a thread");
            if (!t.name().equals("main")) {
                String cut = t.name().length() > 15 ? t.name().substring(0, 15) : t.name();
                assertEquals(cut, comm.get(t.nativeId()), "comm of " + t.name());
            }
        }
        List<JavaThread> workers = threads.values().stream().filter(t -> t.name().startsWith("worker number"))
                .toList();
        assertEquals(6, workers.size());
        for (JavaThread w : workers) {
            assertTrue(w.state().startsWith("WAITING (on object monitor)"), w.state());
            assertTrue(w.stack().get(0).startsWith("at java.lang.Object.wait"), w.stack().get(0));
            assertTrue(w.javaId().isPresent());
        }
    }
}
