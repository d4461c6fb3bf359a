package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard output gets the rendering as bytes ({@link Stdout}); what it gets equals what a
 * character writer gets and what {@code -o FILE} writes, in every output format.
 */
class StdoutTest {

    @Test
    void bytesOnStdoutEqualTheCharacterPathAndTheOutputFile(@TempDir Path dir) throws Exception {
        for (String format : new String[] {"json", "text", "same"}) {
            for (String report : new String[] {"testdata/reports/sample-crash.json", "testdata/reports/edge-cases.json"}) {
                String[] args = {report, "--dsym", "testdata/macho", "--no-cache", "--format", format};
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                StringWriter err = new StringWriter();
                int code = Main.run(new Stdout(bytes), new PrintWriter(err), args);
                StringWriter chars = new StringWriter();
                int again = Main.run(new PrintWriter(chars), new PrintWriter(new StringWriter()), args);
                assertEquals(again, code, err.toString());
                assertTrue(bytes.size() > 1000, format + " " + report + ": " + err);
                assertArrayEquals(chars.toString().getBytes(StandardCharsets.UTF_8), bytes.toByteArray(),
                        format + " " + report);

                Path file = dir.resolve(format + "-" + Path.of(report).getFileName());
                String[] toFile = java.util.Arrays.copyOf(args, args.length + 2);
                toFile[args.length] = "-o";
                toFile[args.length + 1] = file.toString();
                Main.run(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), toFile);
                assertArrayEquals(bytes.toByteArray(), Files.readAllBytes(file), format + " " + report + " -o");
            }
        }
    }
}
