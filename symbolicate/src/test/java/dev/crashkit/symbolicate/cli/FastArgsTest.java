package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Command lines {@link FastArgs} accepts set every option and parameter field (mixins included)
 * exactly as picocli sets them; every other line is left to picocli. An option added to the
 * command later and not taught to FastArgs makes this test fail (its default would differ).
 */
class FastArgsTest {

    @Test
    void acceptedLinesMatchPicocli() throws Exception {
        List<String[]> lines = List.of(
                new String[] {"r.json"},
                new String[] {"r.json", "--dsym", "a"},
                new String[] {"r.json", "--dsym", "a", "--symbols", "b", "--format", "json"},
                new String[] {"--dsym", "a", "r.json", "--format", "JSON", "-o", "out.json"},
                new String[] {"r.json", "--format", "same", "--output", "o", "--demangle", "full", "--cache-dir", "c"},
                new String[] {"r.json", "--demangle", "none", "--no-cache", "-v", "--reunwind"},
                new String[] {"r.json", "--no-symcache", "--verbose", "--format", "Text"},
                new String[] {"r.json", "--build-symcache", "--dsym", "a"});
        for (String[] args : lines) {
            SymbolicateCommand fast = FastArgs.parse(args).orElseThrow(() -> new AssertionError(String.join(" ", args)));
            SymbolicateCommand slow = new SymbolicateCommand();
            CommandLine cl = new CommandLine(slow);
            cl.setCaseInsensitiveEnumValuesAllowed(true);
            cl.parseArgs(args);
            int compared = compare(slow, fast, String.join(" ", args));
            assertTrue(compared >= 10, "fields compared: " + compared);
        }
    }

    @Test
    void otherLinesAreLeftToPicocli() {
        List<String[]> lines = List.of(new String[0], new String[] {"--help"}, new String[] {"-h"},
                new String[] {"--version"}, new String[] {"atos", "-o", "x"}, new String[] {"demangle"},
                new String[] {"batch", "x"}, new String[] {"r.json", "--format", "yaml"},
                new String[] {"r.json", "--format=json"}, new String[] {"r.json", "--format", "json", "--format", "text"},
                new String[] {"r.json", "--dsym"}, new String[] {"r.json", "--dsym", "--no-cache"},
                new String[] {"r.json", "s.json"}, new String[] {"r.json", "--unknown"}, new String[] {"r.json", "--"},
                new String[] {"@args.txt"}, new String[] {"r.json", "-oout"}, new String[] {"--dsym", "a"},
                new String[] {"r.json", "--no-cache", "--no-cache"}, new String[] {"r.json", "--demangle", "fancy"},
                new String[] {"r.json", "--dsym", "a\0b"});
        for (String[] args : lines) {
            assertEquals(Optional.empty(), FastArgs.parse(args).map(c -> "accepted"), String.join(" ", args));
        }
    }

    @Test
    void acceptedBatchLinesMatchPicocli() throws Exception {
        List<String[]> lines = List.of(
                new String[] {"batch", "in", "--out", "o"},
                new String[] {"batch", "in", "more", "--dsym", "a", "--symbols", "b", "--format", "json", "--out", "o"},
                new String[] {"batch", "--out", "o", "in", "--format", "TEXT", "--cache-dir", "c", "--jobs", "3"},
                new String[] {"batch", "in", "--out", "o", "-j", "1", "--fail-on-missing", "--no-cache", "-v"},
                new String[] {"batch", "in", "--out", "o", "--no-symcache", "--build-symcache", "--verbose",
                    "--demangle", "full", "--module-cache-mb", "256"},
                new String[] {"batch", "in", "--out", "o", "--format", "same", "--demangle", "None", "--jobs", "12"});
        for (String[] args : lines) {
            BatchCommand fast = FastBatchArgs.parse(args).orElseThrow(() -> new AssertionError(String.join(" ", args)));
            CommandLine cl = Main.commandLine();
            CommandLine.ParseResult parsed = cl.parseArgs(args);
            BatchCommand slow = (BatchCommand) parsed.subcommand().commandSpec().userObject();
            int compared = compare(slow, fast, String.join(" ", args));
            assertTrue(compared >= 15, "fields compared: " + compared);
        }
    }

    @Test
    void otherBatchLinesAreLeftToPicocli() {
        List<String[]> lines = List.of(new String[] {"batch"}, new String[] {"batch", "--help"},
                new String[] {"batch", "in"}, new String[] {"batch", "--out", "o"},
                new String[] {"batch", "in", "--out", "o", "--out", "p"}, new String[] {"batch", "in", "--out=o"},
                new String[] {"batch", "in", "--out", "o", "--jobs", "0"}, new String[] {"batch", "in", "--out", "o", "-j", "-1"},
                new String[] {"batch", "in", "--out", "o", "--jobs", "99999999999"},
                new String[] {"batch", "in", "--out", "o", "--jobs", "two"},
                new String[] {"batch", "in", "--out", "o", "--jobs", "012"},
                new String[] {"batch", "in", "--out", "o", "--module-cache-mb", "1e3"},
                new String[] {"batch", "in", "--out", "o", "--format", "yaml"},
                new String[] {"batch", "in", "--out", "o", "--max-frames", "10"},
                new String[] {"batch", "in", "--out", "o", "--symbol-server", "x"},
                new String[] {"batch", "in", "--out", "--dsym"}, new String[] {"batch", "@args.txt", "--out", "o"},
                new String[] {"batch", "in", "--out", "o", "--"}, new String[] {"batch", "in", "", "--out", "o"},
                new String[] {"batch", "in", "--out", "o", "--no-cache", "--no-cache"},
                new String[] {"batch", "in\0x", "--out", "o"},
                new String[] {"in", "--out", "o"});
        for (String[] args : lines) {
            assertEquals(Optional.empty(), FastBatchArgs.parse(args).map(c -> "accepted"), String.join(" ", args));
        }
    }

    /** Compares every picocli-annotated field of two command objects, descending into mixins. */
    private static int compare(Object want, Object got, String line) throws IllegalAccessException {
        int n = 0;
        List<Field> fields = new ArrayList<>(List.of(want.getClass().getDeclaredFields()));
        for (Field f : fields) {
            f.setAccessible(true);
            if (f.isAnnotationPresent(CommandLine.Mixin.class)) {
                n += compare(f.get(want), f.get(got), line);
            } else if (f.isAnnotationPresent(CommandLine.Option.class)
                    || f.isAnnotationPresent(CommandLine.Parameters.class)) {
                assertEquals(f.get(want), f.get(got), line + ": field " + f.getName());
                n++;
            }
        }
        return n;
    }
}
