package dev.crashkit.core.crashreport;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import java.io.IOException;
import java.io.Writer;
import java.util.Optional;

/**
 * Our own {@code crashreport/1} JSON (documented in the README): recognise, read, write. Reading
 * what {@link #write} wrote gives back an equal report.
 */
public final class CrashReportJson {
    /** The value of a document's {@code schema} key. */
    public static final String SCHEMA = "crashreport/1";

    private CrashReportJson() {
    }

    /**
     * A cheap test, without parsing.
     *
     * @param text the whole input
     * @return true when the text looks like a crashreport/1 document (a JSON object naming the schema)
     */
    public static boolean matches(String text) {
        String t = text.stripLeading();
        return t.startsWith("{") && t.contains("\"" + SCHEMA + "\"");
    }

    /**
     * Parses a document.
     *
     * @param text the document
     * @param source names the input in error messages
     * @return the report
     * @throws ReportException naming the source and the JSON path of the first bad value
     */
    public static CrashReport read(String text, String source) throws ReportException {
        return CrashReportReader.read(text, source);
    }

    /**
     * The document parsed once, when it is valid JSON for this reader (strict: no trailing commas,
     * no duplicate keys) and an object; empty otherwise. A format detector reads its top-level keys
     * and {@link #read(Document, String)} reads the report from it without parsing the text again.
     *
     * @param text the whole input
     * @return the parsed object, or empty
     */
    public static Optional<Document> tryParse(String text) {
        try {
            JsonTree.Node root = JsonTree.parse(text);
            return root.kind() == JsonTree.Kind.OBJECT ? Optional.of(new Document(root)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the caller's usual path reads it again and reports what is wrong
        }
    }

    /**
     * {@link #tryParse(String)} of {@code text}; {@code ascii} is null or the bytes {@code text} was
     * decoded from when every one of them is ASCII (the caller checked: then {@code text} holds the
     * same chars). Those are parsed with Jackson's byte parser, which copies no chars of the text (the
     * String parser copies them through a reader; BENCHMARKS.md, reading crashreport/1); anything the
     * byte parser refuses is tried on the text as before.
     *
     * @param ascii the bytes {@code text} was decoded from if all are ASCII, else null
     * @param text the whole input
     * @return the parsed object, or empty
     */
    public static Optional<Document> tryParse(byte[] ascii, String text) {
        // Not when one of the first four bytes is zero: Jackson would take the bytes for UTF-16 or UTF-32.
        if (ascii != null && ascii.length >= 4 && ascii[0] != 0 && ascii[1] != 0 && ascii[2] != 0 && ascii[3] != 0) {
            try {
                JsonTree.Node root = JsonTree.parseAscii(ascii);
                return root.kind() == JsonTree.Kind.OBJECT ? Optional.of(new Document(root)) : Optional.empty();
            } catch (IOException | RuntimeException e) {
                // the text's parse decides, as before
            }
        }
        return tryParse(text);
    }

    /**
     * Reads a document from {@link #tryParse}: the same report, or the same error, as {@link #read(String, String)}.
     *
     * @param document the parsed object
     * @param source names the input in error messages
     * @return the report
     * @throws ReportException naming the source and the JSON path of the first bad value
     */
    public static CrashReport read(Document document, String source) throws ReportException {
        return CrashReportReader.read(document.root, source);
    }

    /** A parsed JSON object (see {@link #tryParse}). */
    public static final class Document {
        private final JsonTree.Node root;

        private Document(JsonTree.Node root) {
            this.root = root;
        }

        /**
         * Whether the object has a top-level key.
         *
         * @param key the key
         * @return true when the object has this top-level key
         */
        public boolean has(String key) {
            return root.fields().containsKey(key);
        }

        /**
         * A top-level string value.
         *
         * @param key the key
         * @return the value; empty when absent or not a string
         */
        public Optional<String> text(String key) {
            JsonTree.Node v = root.fields().get(key);
            return v != null && v.kind() == JsonTree.Kind.STRING ? Optional.of(v.text()) : Optional.empty();
        }

        /**
         * A top-level object value, as a document of its own.
         *
         * @param key the key
         * @return the object; empty when absent or not an object
         */
        public Optional<Document> object(String key) {
            JsonTree.Node v = root.fields().get(key);
            return v != null && v.kind() == JsonTree.Kind.OBJECT ? Optional.of(new Document(v)) : Optional.empty();
        }

        /**
         * A top-level integer value that fits a {@code long}.
         *
         * @param key the key
         * @return the value; empty when absent, not an integer or out of range
         */
        public java.util.OptionalLong integer(String key) {
            JsonTree.Node v = root.fields().get(key);
            if (v == null || v.kind() != JsonTree.Kind.INTEGER || v.integer().bitLength() > 63) {
                return java.util.OptionalLong.empty();
            }
            return java.util.OptionalLong.of(v.integer().longValue());
        }

        /**
         * A top-level boolean value.
         *
         * @param key the key
         * @return the value; empty when absent or not a boolean
         */
        public Optional<Boolean> bool(String key) {
            JsonTree.Node v = root.fields().get(key);
            return v != null && v.kind() == JsonTree.Kind.BOOLEAN ? Optional.of((Boolean) v.value()) : Optional.empty();
        }
    }

    /**
     * Writes {@code report} (addresses as hex strings), followed by a newline.
     *
     * @param report the report
     * @param out where the document goes
     * @throws IOException if writing fails
     */
    public static void write(CrashReport report, Writer out) throws IOException {
        CrashReportWriter.write(report, out, Extras.NONE);
    }

    /**
     * Writes {@code report} with a producer's own fields added (see {@link Extras}).
     *
     * @param report the report
     * @param out where the document goes
     * @param extras the producer's fields
     * @throws IOException if writing fails
     */
    public static void write(CrashReport report, Writer out, Extras extras) throws IOException {
        CrashReportWriter.write(report, out, extras);
    }

    /**
     * Fields a producer adds beyond the schema, written at the end of the object they belong to
     * (readers of the schema ignore them). Indexes are positions in the report's lists. Frames
     * are objects only when they carry a trust label, {@code exact_pc}, reported names or the
     * kept-from-capture mark; only those get {@link #frame}.
     */
    public interface Extras {
        /** Adds nothing. */
        Extras NONE = new Extras() { };

        /**
         * Fields of the root object.
         *
         * @param g the generator, inside the object; write fields only
         * @throws IOException if writing fails
         */
        default void root(JsonGenerator g) throws IOException {
        }

        /**
         * Fields of {@code images[image]}.
         *
         * @param image the image's index
         * @param g the generator, inside the object; write fields only
         * @throws IOException if writing fails
         */
        default void image(int image, JsonGenerator g) throws IOException {
        }

        /**
         * Fields of {@code threads[thread]}.
         *
         * @param thread the thread's index
         * @param g the generator, inside the object; write fields only
         * @throws IOException if writing fails
         */
        default void thread(int thread, JsonGenerator g) throws IOException {
        }

        /**
         * Fields of {@code threads[thread].frames[frame]}.
         *
         * @param thread the thread's index
         * @param frame the frame's index in that thread
         * @param g the generator, inside the object; write fields only
         * @throws IOException if writing fails
         */
        default void frame(int thread, int frame, JsonGenerator g) throws IOException {
        }
    }
}
