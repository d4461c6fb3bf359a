package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Usage errors are found before a Spark session starts: one line and exit code 2. */
class JobCommandTest {

    private static String[] run(int expected, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(expected, JobCommand.execute(new PrintWriter(out), new PrintWriter(err), args), err.toString());
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void missingOutIsAUsageError() {
        String err = run(ExitCodes.USAGE, "--input", "x")[1];
        assertTrue(err.startsWith("error: Missing required option: '--out=DIR'"), err);
    }

    @Test
    void unknownFormatAndDemangleStyleAreUsageErrors() {
        assertTrue(run(ExitCodes.USAGE, "--input", "x", "--out", "o", "--format", "csv")[1].contains("--format"));
        assertTrue(run(ExitCodes.USAGE, "--input", "x", "--out", "o", "--demangle", "pretty")[1]
                .contains("--demangle must be simplified, full or none"));
        assertTrue(run(ExitCodes.USAGE, "--input", "x", "--out", "o", "--partitions", "0")[1]
                .contains("--partitions must be at least 1"));
    }

    @Test
    void badSymbolServerIsAUsageError() {
        assertTrue(run(ExitCodes.USAGE, "--input", "x", "--out", "o", "--symbol-server", "nolayout")[1]
                .startsWith("error: --symbol-server: "));
        assertTrue(run(ExitCodes.USAGE, "--input", "x", "--out", "o", "--symbol-server", "lldb=file:///s/",
                "--symbol-server-header", "gdb=file:///t/", "Authorization: Bearer x")[1]
                .contains("no such --symbol-server"));
    }

    @Test
    void helpListsTheOptions() {
        String out = run(0, "--help")[0];
        assertTrue(out.contains("--input") && out.contains("--dsym") && out.contains("--no-group-by-image"), out);
    }

    @Test
    void imageGroupingIsAutomaticUnlessAskedAndBothAsksAreRefused() throws Exception {
        assertEquals(JobConfig.ImageGrouping.AUTO, JobCommand.parse("--input", "x", "--out", "o").grouping);
        assertEquals(JobConfig.ImageGrouping.ALWAYS, JobCommand.parse("--input", "x", "--out", "o", "--group-by-image").grouping);
        assertEquals(JobConfig.ImageGrouping.NEVER, JobCommand.parse("--input", "x", "--out", "o", "--no-group-by-image").grouping);
        assertTrue(run(2, "--input", "x", "--out", "o", "--group-by-image", "--no-group-by-image")[1]
                .contains("--group-by-image and --no-group-by-image exclude each other"));
        assertTrue(JobConfig.ImageGrouping.AUTO.groups(false) && !JobConfig.ImageGrouping.AUTO.groups(true));
        assertTrue(JobConfig.ImageGrouping.ALWAYS.groups(true) && !JobConfig.ImageGrouping.NEVER.groups(false));
    }

    @Test
    void symbolCachesAreOnWithACacheDirUnlessTurnedOff() throws Exception {
        JobCommand on = JobCommand.parse("--input", "x", "--out", "o", "--cache-dir", "/c");
        assertTrue(on.symbolSettings().symbolCache());
        JobCommand off = JobCommand.parse("--input", "x", "--out", "o", "--cache-dir", "/c", "--no-symcache");
        assertEquals(new SymbolSettings(java.util.List.of(), java.util.List.of(), java.util.List.of(), "/c",
                "simplified", false), off.symbolSettings());
    }

    @Test
    void listOptionsTakeValuesUpToTheNextOption() throws Exception {
        JobCommand c = JobCommand.parse("--input", "a", "b*.json", "--dsym", "x.dSYM", "hdfs://n/y", "--out=o",
                "--symbol-server-header", "lldb=file:///s/", "X-Team: crash", "--format", "json", "--partitions", "8");
        assertEquals(java.util.List.of("a", "b*.json"), c.inputs);
        assertEquals(java.util.List.of("x.dSYM", "hdfs://n/y"), c.dsyms);
        assertEquals("o", c.out);
        assertEquals(java.util.List.of("lldb=file:///s/", "X-Team: crash"), c.serverHeaders);
        assertEquals(JobConfig.OutputFormat.json, c.format);
        assertEquals(8, c.partitions);
        assertTrue(run(ExitCodes.USAGE, "--input", "x", "--out", "o", "--bogus")[1].startsWith("error: Unknown option"));
        assertTrue(run(ExitCodes.USAGE, "--input", "--out", "o")[1].contains("--input"));
    }

    /** The one-line messages as the hand parser had them; a header (a secret) is never repeated. */
    @Test
    void usageErrorsKeepTheirWording() {
        java.util.Map<java.util.List<String>, String> expected = new java.util.LinkedHashMap<>();
        expected.put(java.util.List.of("--input", "x", "--out", "o", "--bogus"), "Unknown option: '--bogus'");
        expected.put(java.util.List.of("--input", "x", "--out", "o", "--bogus=1"), "Unknown option: '--bogus=1'");
        expected.put(java.util.List.of("--out", "o", "--input", "x", "--format", "json", "stray"),
                "Unmatched argument: 'stray'");
        expected.put(java.util.List.of("--input", "--out", "o"), "Missing required parameter for option '--input'");
        expected.put(java.util.List.of("--input", "x", "--out"), "Missing required parameter for option '--out'");
        expected.put(java.util.List.of("--input", "x", "--out", "o", "--format", "csv"),
                "Invalid value for option '--format': expected one of [parquet, json], not 'csv'");
        expected.put(java.util.List.of("--input", "x", "--out", "o", "--partitions=many"),
                "Invalid value for option '--partitions': 'many' is not a number");
        expected.put(java.util.List.of("--input", "x", "--out", "o", "--symbol-server-header", "Authorization: Bearer s3"),
                "--symbol-server-header takes two values: LAYOUT=URL HEADER");
        expected.put(java.util.List.of("--out", "o"), "Missing required option: '--input=PATH_OR_GLOB'");
        expected.forEach((args, message) -> assertEquals("error: " + message + "\nusage: crashkit-spark --help\n",
                run(ExitCodes.USAGE, args.toArray(String[]::new))[1], String.join(" ", args)));
    }

    @Test
    void helpAndVersionNeedNoOtherOption() {
        String help = run(0, "-h")[0];
        for (String line : java.util.List.of("Usage: crashkit-spark", "      --dsym, --symbols=PATH...",
                "      --symbol-server-header=LAYOUT=URL HEADER", "      --group-by-image", "Exit codes:",
                "  4   the Spark job failed")) {
            assertTrue(help.contains(line), line + " in\n" + help);
        }
        assertEquals("crashkit-spark 0.1\n", run(0, "--version")[0]);
    }

    @Test
    void equalsValuesAndRepeatedOptions() throws Exception {
        JobCommand c = JobCommand.parse("--input=a", "--out=o", "--out=p", "--symbol-server=lldb=file:///s/",
                "--symbol-server", "gdb=file:///t/", "--dsym=d", "--master=local[2]", "--demangle=full",
                "--group-by-image", "--group-by-image");
        assertEquals(java.util.List.of("a"), c.inputs);
        assertEquals("p", c.out, "the last value counts");
        assertEquals(java.util.List.of("lldb=file:///s/", "gdb=file:///t/"), c.symbolServers);
        assertEquals(java.util.List.of("d"), c.dsyms);
        assertEquals("local[2]", c.master);
        assertEquals("full", c.demangle);
        assertEquals(JobConfig.ImageGrouping.ALWAYS, c.grouping);
        assertTrue(c.runsJob());
        assertTrue(!JobCommand.parse("--help").runsJob() && !JobCommand.parse("-V").runsJob());
    }

    @Test
    void longSparkMessagesAreCutToOneLine() {
        assertEquals("first", JobCommand.firstLine("first\nsecond"));
        assertEquals(502, JobCommand.firstLine("x".repeat(2000)).length());
    }
}
