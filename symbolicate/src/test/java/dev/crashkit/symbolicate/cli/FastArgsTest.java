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
