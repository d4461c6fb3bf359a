package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link BatchJournal#jsonLine}: the line Jackson's compact generator wrote, for any text. */
class BatchJournalLineTest {
    private static final JsonFactory JSON = new JsonFactory();

    @Test
    void linesAreJacksonsForEveryKindOfCharacter() throws IOException {
        Random random = new Random(20261127);
        for (int n = 0; n < 3_000; n++) {
            String report = text(random);
            Optional<String> output = random.nextBoolean() ? Optional.of(text(random)) : Optional.empty();
            Optional<String> error = random.nextBoolean() ? Optional.of(text(random)) : Optional.empty();
            String status = random.nextBoolean() ? "ok" : text(random);
            assertEquals(jackson(report, status, output, error), BatchJournal.jsonLine(report, status, output, error));
        }
        for (char c = 0; c < 0x3000; c++) {
            String s = "a" + c + "b";
            assertEquals(jackson(s, "ok", Optional.of(s), Optional.empty()),
                    BatchJournal.jsonLine(s, "ok", Optional.of(s), Optional.empty()), "char " + (int) c);
        }
    }

    /** Text with control characters, quotes, backslashes, non-ASCII, surrogates (paired or not). */
    private static String text(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(40);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0 -> b.append((char) r.nextInt(0x20));
                case 1 -> b.append("\"\\/\u007f".charAt(r.nextInt(4)));
                case 2 -> b.append((char) (0x80 + r.nextInt(0x800)));
                case 3 -> b.append((char) (0xd800 + r.nextInt(0x800)));
                case 4 -> b.append("\ud83d\ude00\u2028\u2029");
                default -> b.append((char) (0x20 + r.nextInt(0x60)));
            }
        }
        return b.toString();
    }

    /** What the journal wrote before: a Jackson generator per line. */
    private static String jackson(String report, String status, Optional<String> output, Optional<String> error)
            throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("report", report);
            g.writeStringField("status", status);
            if (output.isPresent()) {
                g.writeStringField("output", output.get());
            }
            if (error.isPresent()) {
                g.writeStringField("error", error.get());
            }
            g.writeEndObject();
        }
        return w.toString();
    }
}
