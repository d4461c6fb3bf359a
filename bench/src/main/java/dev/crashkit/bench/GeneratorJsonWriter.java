package dev.crashkit.bench;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The {@code symbolicated/1} document written through Jackson's {@link JsonGenerator}, byte for byte what
 * the library's hand-written {@link JsonReportWriter} writes: the alternative {@link JsonRenderPairs}
 * measures it against (BENCHMARKS.md, symbolicated/1 JSON on C2: the hand-written one stayed). Written as
 * Jackson is meant to be used fast: entry names as {@link SerializedString}s, addresses from a char
 * buffer, and the default pretty printer's layout with its line ends encoded once ({@link PrettyLayout}).
 *
 * <p>The bytes are those of the generator writing characters that the JDK encodes as UTF-8, what the
 * library writes too: Jackson's UTF-8 generator (2.17) writes each half of a surrogate pair as a
 * {@code \\uXXXX} escape, so a string holding a surrogate is encoded by the JDK first (a pair as its 4
 * bytes, a lone half as {@code ?}) and handed over as UTF-8.
 */
public final class GeneratorJsonWriter {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET) // the caller's stream stays open
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM) // and is not flushed
            .build();

    private static final SerializableString SCHEMA = name("schema");
    private static final SerializableString IMAGES = name("images");
    private static final SerializableString NAME = name("name");
    private static final SerializableString UUID = name("uuid");
    private static final SerializableString ARCH = name("arch");
    private static final SerializableString LOAD_ADDRESS = name("load_address");
    private static final SerializableString DEBUG_FILE = name("debug_file");
    private static final SerializableString STATUS = name("status");
    private static final SerializableString DETAIL = name("detail");
    private static final SerializableString THREADS = name("threads");
    private static final SerializableString ID = name("id");
    private static final SerializableString CRASHED = name("crashed");
    private static final SerializableString FRAMES = name("frames");
    private static final SerializableString INDEX = name("index");
    private static final SerializableString ADDRESS = name("address");
    private static final SerializableString IMAGE = name("image");
    private static final SerializableString IMAGE_UUID = name("image_uuid");
    private static final SerializableString SYMBOL = name("symbol");
    private static final SerializableString MANGLED = name("mangled");
    private static final SerializableString SYMBOL_ADDRESS = name("symbol_address");
    private static final SerializableString OFFSET = name("offset");
    private static final SerializableString FILE = name("file");
    private static final SerializableString LINE = name("line");
    private static final SerializableString COLUMN = name("column");
    private static final SerializableString INLINED = name("inlined");
    private static final SerializableString SOURCE = name("source");
    private static final SerializableString TRUST = name("trust");
    private static final SerializableString SYMBOL_VERSION = name("symbol_version");
    private static final SerializableString REPORTED = name("reported");
    private static final SerializableString IMAGE_LOAD_ADDRESS = name("image_load_address");
    private static final SerializableString KEPT_FROM_CAPTURE = name("kept_from_capture");
    private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

    private final JsonGenerator g;
    /** Whether {@link #g} encodes UTF-8 itself (a stream), or writes characters (a {@code Writer}). */
    private final boolean bytes;
    /** {@code "0x"} and up to 16 hex digits: addresses are written without a string each. */
    private final char[] hex = new char[18];

    private GeneratorJsonWriter(JsonGenerator g, boolean bytes) {
        this.g = g;
        this.bytes = bytes;
        g.setPrettyPrinter(new PrettyLayout());
        hex[0] = '0';
        hex[1] = 'x';
    }

    /** Writes the document's UTF-8 bytes to {@code out} (not flushed). */
    public static void write(SymbolicatedReport r, OutputStream out) throws IOException {
        new GeneratorJsonWriter(FACTORY.createGenerator(out, JsonEncoding.UTF8), true).document(r);
        out.write('\n');
    }

    /** Writes the document's characters to {@code out} (not flushed). */
    public static void write(SymbolicatedReport r, Writer out) throws IOException {
        new GeneratorJsonWriter(FACTORY.createGenerator(out), false).document(r);
        out.write('\n');
    }

    /** The whole document; the generator is closed (its buffer handed to the target) only when it succeeded. */
    private void document(SymbolicatedReport r) throws IOException {
        g.writeStartObject();
        g.writeFieldName(SCHEMA);
        g.writeString(JsonReportWriter.SCHEMA);
        g.writeFieldName(IMAGES);
        g.writeStartArray();
        for (ImageStatus s : r.images()) {
            image(s);
        }
        g.writeEndArray();
        g.writeFieldName(THREADS);
        g.writeStartArray();
        for (SymbolicatedThread t : r.threads()) {
            thread(t);
        }
        g.writeEndArray();
        g.writeEndObject();
        g.close();
    }

    private void image(ImageStatus s) throws IOException {
        Image img = s.image();
        g.writeStartObject();
        g.writeFieldName(NAME);
        string(img.name());
        g.writeFieldName(UUID);
        if (img.id().isPresent()) {
            string(img.id().get().toString());
        } else {
            g.writeNull();
        }
        g.writeFieldName(ARCH);
        if (img.arch().isPresent()) {
            string(img.arch().get().label());
        } else {
            g.writeNull();
        }
        g.writeFieldName(LOAD_ADDRESS);
        hex(img.loadAddress());
        g.writeFieldName(DEBUG_FILE);
        if (s.debugFile().isPresent()) {
            string(s.debugFile().get().toString());
        } else {
            g.writeNull();
        }
        g.writeFieldName(STATUS);
        string(s.status().jsonName());
        g.writeFieldName(DETAIL);
        optional(s.detail());
        g.writeEndObject();
    }

    private void thread(SymbolicatedThread t) throws IOException {
        g.writeStartObject();
        g.writeFieldName(ID);
        g.writeNumber(t.thread().id());
        g.writeFieldName(NAME);
        optional(t.thread().name());
        g.writeFieldName(CRASHED);
        g.writeBoolean(t.thread().crashed());
        g.writeFieldName(FRAMES);
        g.writeStartArray();
        for (SymbolicatedFrame f : t.frames()) {
            frame(f);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void frame(SymbolicatedFrame f) throws IOException {
        g.writeStartObject();
        g.writeFieldName(INDEX);
        g.writeNumber(f.index());
        g.writeFieldName(ADDRESS);
        hex(f.address());
        g.writeFieldName(IMAGE);
        optional(f.image());
        g.writeFieldName(IMAGE_UUID);
        if (f.imageId().isPresent()) {
            string(f.imageId().get().toString());
        } else {
            g.writeNull();
        }
        g.writeFieldName(SYMBOL);
        optional(f.symbol());
        g.writeFieldName(MANGLED);
        optional(f.mangled());
        g.writeFieldName(SYMBOL_ADDRESS);
        optionalHex(f.symbolAddress());
        g.writeFieldName(OFFSET);
        g.writeNumber(f.offset());
        g.writeFieldName(FILE);
        optional(f.file());
        g.writeFieldName(LINE);
        optional(f.line());
        g.writeFieldName(COLUMN);
        optional(f.column());
        g.writeFieldName(INLINED);
        g.writeBoolean(f.inlined());
        g.writeFieldName(STATUS);
        string(f.status().jsonName());
        g.writeFieldName(SOURCE);
        optional(f.source());
        if (f.trust().isPresent()) {
            g.writeFieldName(TRUST);
            string(f.trust().get().label());
        }
        if (f.symbolVersion().isPresent()) {
            g.writeFieldName(SYMBOL_VERSION);
            string(f.symbolVersion().get());
        }
        if (f.reportedFallback().isPresent()) {
            reported(f.reportedFallback().get());
        }
        if (f.keptFromCapture()) {
            g.writeFieldName(KEPT_FROM_CAPTURE);
            g.writeBoolean(true);
        }
        g.writeEndObject();
    }

    /** What the report said of a frame we could not name: only the fields it gave. */
    private void reported(ReportedFrame r) throws IOException {
        g.writeFieldName(REPORTED);
        g.writeStartObject();
        if (r.image().isPresent()) {
            g.writeFieldName(IMAGE);
            string(r.image().get());
        }
        if (r.imageLoadAddress().isPresent()) {
            g.writeFieldName(IMAGE_LOAD_ADDRESS);
            hex(r.imageLoadAddress().getAsLong());
        }
        if (r.symbol().isPresent()) {
            g.writeFieldName(SYMBOL);
            string(r.symbol().get());
        }
        if (r.offset().isPresent()) {
            g.writeFieldName(OFFSET);
            g.writeNumber(r.offset().getAsLong());
        }
        if (r.file().isPresent()) {
            g.writeFieldName(FILE);
            string(r.file().get());
        }
        if (r.line().isPresent()) {
            g.writeFieldName(LINE);
            g.writeNumber(r.line().getAsInt());
        }
        g.writeEndObject();
    }

    private void optional(Optional<String> v) throws IOException {
        if (v.isPresent()) {
            string(v.get());
        } else {
            g.writeNull();
        }
    }

    private void optional(OptionalInt v) throws IOException {
        if (v.isPresent()) {
            g.writeNumber(v.getAsInt());
        } else {
            g.writeNull();
        }
    }

    private void optionalHex(OptionalLong v) throws IOException {
        if (v.isPresent()) {
            hex(v.getAsLong());
        } else {
            g.writeNull();
        }
    }

    /** {@code "0x…"} of {@code v}'s lowercase hex digits (what {@code Long.toHexString} gives). */
    private void hex(long v) throws IOException {
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) >> 2);
        for (int i = digits + 1; i >= 2; i--) {
            hex[i] = HEX_DIGITS[(int) (v & 0xf)];
            v >>>= 4;
        }
        g.writeString(hex, 0, digits + 2);
    }

    /** A string value; one holding a surrogate as the JDK encodes it (see the class comment). */
    private void string(String s) throws IOException {
        if (!hasSurrogate(s)) {
            g.writeString(s);
            return;
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (bytes) {
            g.writeUTF8String(utf8, 0, utf8.length);
        } else {
            g.writeString(new String(utf8, StandardCharsets.UTF_8)); // lone halves become '?', pairs stay
        }
    }

    private static boolean hasSurrogate(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static SerializableString name(String n) {
        return new SerializedString(n);
    }
}
