package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The {@code demangle} command; expected texts are lines of swift-demangle's conformance lists. */
class DemangleCommandTest {

    private static String run(String... args) {
        StringWriter sw = new StringWriter();
        CommandLine cl = new CommandLine(new DemangleCommand());
        cl.setOut(new PrintWriter(sw));
        assertEquals(0, cl.execute(args));
        return sw.toString().replace(System.lineSeparator(), "\n");
    }

    @Test
    void namesPrintLikeSwiftDemangle() {
        assertEquals("_TtSi ---> Swift.Int\n_TtSb ---> Swift.Bool\n", run("_TtSi", "_TtSb"));
        assertEquals("Int\n", run("--simplified", "--compact", "_TtSi"));
        assertEquals("_TwalC3foo3bar ---> {C} allocateBuffer value witness for foo.bar\n",
                run("--classify", "_TwalC3foo3bar"));
    }

    @Test
    void withoutNamesFiltersStandardInput() {
        InputStream oldIn = System.in;
        StringWriter sw = new StringWriter();
        try {
            System.setIn(new ByteArrayInputStream("0 x _TtSi + 4\nplain\n_TtSS".getBytes(StandardCharsets.UTF_8)));
            assertEquals(0, Main.run(new PrintWriter(sw), new PrintWriter(new StringWriter()), "demangle",
                    "--simplified"));
        } finally {
            System.setIn(oldIn);
        }
        assertEquals("0 x Int + 4\nplain\nString", sw.toString());
    }
}
