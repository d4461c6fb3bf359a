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

    /** The demangling both swiftlang/swift tests below expect (test/Demangle/usr.swift and stdin.swift). */
    private static final String LAMBDA_KIT = "(extension in LambdaKit):__C.UIGestureRecognizer.init(handler: "
            + "(__C.UIGestureRecognizer, __C.UIGestureRecognizerState) -> ()) -> __C.UIGestureRecognizer";

    /** swiftlang/swift test/Demangle/usr.swift: a USR argument prints as its $s spelling. */
    @Test
    void usrArgumentIsNormalisedToDollarS() {
        assertEquals("$sSo19UIGestureRecognizerC9LambdaKitE7handlerAByAB_So0aB5StateVtc_tcfc ---> " + LAMBDA_KIT + "\n",
                run("s:So19UIGestureRecognizerC9LambdaKitE7handlerAByAB_So0aB5StateVtc_tcfc"));
    }

    /** swiftlang/swift test/Demangle/stdin.swift: an argument, or a line of input, without its "$". */
    @Test
    void nameWithoutDollarIsNormalisedAsArgumentAndOnStandardInput() {
        assertEquals("$sSo19UIGestureRecognizerC9LambdaKitE7handlerAByAB_So0aB5StateVtc_tcfc ---> " + LAMBDA_KIT + "\n",
                run("sSo19UIGestureRecognizerC9LambdaKitE7handlerAByAB_So0aB5StateVtc_tcfc"));
        assertEquals(LAMBDA_KIT + "\n", filter("sSo19UIGestureRecognizerC9LambdaKitE7handlerAByAB_So0aB5StateVtc_tcfc\n"));
        // A plain word that is no Swift name keeps its spelling.
        assertEquals("strlen ---> strlen\n", run("strlen"));
    }

    /** Regression: "_T0_" at the end of a C++ name was taken for an old Swift symbol (llvm-cxxfilt-19 output). */
    @Test
    void filterKeepsCppNamesWhole() {
        assertEquals("void llvm::stable_sort<llvm::SmallVector<llvm::ValueDFS, 16u>&, llvm::ValueDFS_Compare>"
                        + "(llvm::SmallVector<llvm::ValueDFS, 16u>&, llvm::ValueDFS_Compare) + 4\n",
                filter("_ZN4llvm11stable_sortIRNS_11SmallVectorINS_8ValueDFSELj16EEENS_16ValueDFS_CompareEEEvOT_T0_ + 4\n"));
    }

    /** A line longer than the filter's buffer without a newline is passed on in pieces, names intact. */
    @Test
    void veryLongLineKeepsItsNames() {
        String chunk = "_TtSi ";
        String in = chunk.repeat(DemangleCommand.MAX_PENDING / chunk.length() + 1000);
        String out = filter(in);
        assertEquals("Swift.Int ".repeat(DemangleCommand.MAX_PENDING / chunk.length() + 1000), out);
    }

    private static String filter(String input) {
        InputStream oldIn = System.in;
        StringWriter sw = new StringWriter();
        try {
            System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            assertEquals(0, Main.run(new PrintWriter(sw), new PrintWriter(new StringWriter()), "demangle"));
        } finally {
            System.setIn(oldIn);
        }
        return sw.toString();
    }
}
