package dev.crashkit.symbolicate.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JSON writer whose output is byte for byte Jackson's generator with its default pretty printer,
 * encoded as UTF-8 (objects one entry per line, indented two spaces per enclosing object; arrays
 * inline, {@code [ a, b ]}; {@code "name" : value}; {@code { }} and {@code [ ]} when empty;
 * Jackson's escapes: {@code \" \\ \b \t \n \f \r}, other control characters as {@code \\u00XX},
 * everything else as is; a surrogate without its pair becomes {@code ?}, as
 * {@code String.getBytes(UTF_8)} makes it).
 *
 * <p>It writes UTF-8 bytes into its own buffer, numbers and hex digits without temporary strings,
 * and hands the buffer to the stream only between whole characters (so every flushed chunk is
 * valid UTF-8 on its own). The batch runs on C1, which has none of the JDK's intrinsics for
 * {@code String} encoding: a writer of chars followed by the JDK's UTF-8 encoder cost a third of
 * a warm batch (BENCHMARKS.md, batch). It loads none of Jackson's classes. Made for C1, it is kept
 * because it wins on C2 as well (a quarter to a half of the CPU of Jackson's generator with a
 * pretty printer whose line ends are encoded once; BENCHMARKS.md, symbolicated/1 JSON on C2).
 */
final class PrettyJson {
    private static final byte[] EOL = System.lineSeparator().getBytes(StandardCharsets.UTF_8);
    private static final byte[] HEX_UPPER = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX_LOWER = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = bytes("true");
    private static final byte[] FALSE = bytes("false");
    private static final byte[] NULL = bytes("null");
    private static final byte[] NAME_END = bytes(" : ");
    private static final byte[] MIN_LONG = bytes(Long.toString(Long.MIN_VALUE));
    /** 10^i: how many digits an int has, without dividing. */
    private static final int[] TENS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000};
    /** The longest a char can take: 6 bytes of {@code \\u00XX}; a surrogate pair takes 4 for two chars. */
    static final int MAX_CHAR_BYTES = 6;
    /** The longest a number or {@code "0x…"} can take: {@code -9223372036854775808}, or 16 digits and 4 more. */
    static final int MAX_NUMBER_BYTES = 20;
    /** Indentation levels whose line ends and entry names are prepared (deeper ones are written as they go). */
    static final int MAX_LEVEL = 16;

    /**
     * Per ASCII character, what it is written as: 0 = itself, a letter = backslash and that letter,
     * 'u' = {@code \\u00XX}.
     */
    private static final byte[] ESCAPE = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPE[c] = 'u';
        }
        ESCAPE['"'] = '"';
        ESCAPE['\\'] = '\\';
        ESCAPE['\b'] = 'b';
        ESCAPE['\t'] = 't';
        ESCAPE['\n'] = 'n';
        ESCAPE['\f'] = 'f';
        ESCAPE['\r'] = 'r';
    }

    private final OutputStream out;
    private static final int BUFFER_BYTES = 1 << 15;
    /**
     * A buffer left by the last document written on this thread ({@link #document}, {@link #release}): a
     * batch writes a thousand documents per worker, and a fresh 32 KB each was 4% of what its workers
     * allocate. Taken out while in use, so a writer made meanwhile on the same thread makes its own.
     */
    private static final ThreadLocal<byte[]> SPARE = new ThreadLocal<>();

    /** Replaced when it is handed over whole to {@link ByteChunks} (see {@link #flush}). */
    private byte[] buf;
    private int pos;
    /** Per open container: entries written so far; negative for arrays (-1 - count). */
    private int[] counts = new int[16];
    private int depth;
    /** Enclosing objects: the indentation level. */
    private int objects;

    PrettyJson(OutputStream out) {
        this(out, new byte[BUFFER_BYTES]);
    }

    private PrettyJson(OutputStream out, byte[] buf) {
        this.out = out;
        this.buf = buf;
    }

    /** A writer of a whole document on this thread's spare buffer; {@link #release} it after its last flush. */
    static PrettyJson document(OutputStream out) {
        byte[] spare = SPARE.get();
        if (spare == null) {
            return new PrettyJson(out);
        }
        SPARE.set(null);
        return new PrettyJson(out, spare);
    }

    /** Gives the buffer back as this thread's spare: nothing may be written with this writer afterwards. */
    void release() {
        SPARE.set(buf);
    }

    /**
     * A writer of values {@code firstIndex}, {@code firstIndex + 1}, ... of an array that is open
     * inside {@code objects} objects of another writer: what it writes is byte for byte what that
     * writer would write for them there, so the two can be rendered on two threads and joined
     * with {@link #elements}.
     */
    static PrettyJson elementsOf(OutputStream out, int objects, int firstIndex) {
        PrettyJson p = new PrettyJson(out);
        p.push(-1 - firstIndex);
        p.objects = objects;
        return p;
    }

    /** Indentation level: the number of enclosing objects (what {@link #elementsOf} takes). */
    int objects() {
        return objects;
    }

    /** Values the open array has so far. */
    int elementCount() {
        int c = counts[depth - 1];
        if (c >= 0) {
            throw new IllegalStateException("not in an array");
        }
        return -1 - c;
    }

    /** Writes {@code n} values of the open array rendered by an {@link #elementsOf} writer. */
    void elements(ByteChunks rendered, int n) throws IOException {
        int had = elementCount();
        flush();
        rendered.writeTo(out);
        counts[depth - 1] = -1 - (had + n);
    }

    void startObject() throws IOException {
        beforeValue();
        raw((byte) '{');
        push(0);
        objects++;
    }

    void endObject() throws IOException {
        int n = counts[--depth];
        objects--;
        if (n > 0) {
            indent();
        } else {
            raw((byte) ' ');
        }
        raw((byte) '}');
    }

    void startArray() throws IOException {
        beforeValue();
        raw((byte) '[');
        push(-1);
    }

    void endArray() throws IOException {
        int n = -1 - counts[--depth];
        if (n < 0) {
            throw new IllegalStateException("not in an array");
        }
        raw((byte) ' ');
        raw((byte) ']');
    }

    /** An entry name encoded once: {@code "name" : } (for names a document repeats for every item). */
    static final class Name {
        private final byte[] bytes;
        /**
         * What precedes and is the name at each indentation level: index 2 * level for the first entry of
         * an object (line end, indentation, name), 2 * level + 1 for the next ones (a comma first).
         */
        private final byte[][] entries = new byte[2 * INDENTS.length][];

        Name(String name) {
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            PrettyJson p = new PrettyJson(b, new byte[MAX_CHAR_BYTES * name.length() + 16]); // not 32 KB per name
            try {
                p.quoted(name);
                p.raw(NAME_END);
                p.flush();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e); // writes to memory only
            }
            bytes = b.toByteArray();
            for (int level = 0; level < INDENTS.length; level++) {
                byte[] first = concat(INDENTS[level], bytes);
                entries[2 * level] = first;
                entries[2 * level + 1] = concat(new byte[] {','}, first);
            }
        }

        /** The entry's bytes at indentation {@code level} (below {@link #MAX_LEVEL}): line end, indentation, name; a comma first if not the object's first. */
        byte[] entry(int level, boolean first) {
            return entries[2 * level + (first ? 0 : 1)];
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] c = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, c, a.length, b.length);
            return c;
        }
    }

    /** A string value encoded once, quotes included (for the values a document repeats). */
    static final class Text {
        /** The JSON {@code null}, as the text of an absent value. */
        static final Text NULL = new Text(PrettyJson.NULL);

        final byte[] bytes;

        private Text(byte[] bytes) {
            this.bytes = bytes;
        }
    }

    /**
     * The encoded texts of the last few distinct keys (an image's UUID, a frame status), found by
     * identity: a frame repeats its image's objects, and a reference comparison costs less than
     * encoding the text again.
     */
    static final class Recent {
        private final Object[] keys;
        private final Text[] texts;
        private int next;
        private int lastHit;

        /** Keeps the last {@code size} keys. */
        Recent(int size) {
            keys = new Object[size];
            texts = new Text[size];
        }

        /** The text kept for {@code key}, or null. */
        Text get(Object key) {
            Object[] k = keys;
            int last = lastHit;
            if (k[last] == key) {
                return texts[last]; // the frames of an inlined chain repeat their image, file...
            }
            for (int i = 0; i < k.length; i++) {
                if (k[i] == key) {
                    lastHit = i;
                    return texts[i];
                }
            }
            return null;
        }

        void put(Object key, Text text) {
            keys[next] = key;
            texts[next] = text;
            next = next + 1 == keys.length ? 0 : next + 1;
        }
    }

    /** Writes the text {@code recent} keeps for {@code key} as the next value; false when it keeps none. */
    boolean repeat(Object key, Recent recent) throws IOException {
        Text t = recent.get(key);
        if (t == null) {
            return false;
        }
        beforeValue();
        raw(t.bytes);
        return true;
    }

    /** Writes {@code s} as the next value, by way of {@code recent} (keyed by {@code key}, which stands for {@code s}). */
    void string(Object key, String s, Recent recent) throws IOException {
        Text t = text(key, s, recent);
        if (t == null) {
            string(s); // too long to keep
            return;
        }
        beforeValue();
        raw(t.bytes);
    }

    /**
     * The encoded text {@code recent} keeps for {@code key} (which stands for {@code s}), encoded and
     * kept now if it has none; null when {@code s} is too long to keep. Nothing is written.
     */
    Text text(Object key, String s, Recent recent) throws IOException {
        Text t = recent.get(key);
        if (t == null) {
            int worst = 6 * s.length() + 8; // quotes, and the slack quoted() keeps before the end
            if (worst > buf.length / 2) {
                return null;
            }
            room(worst);
            int start = pos;
            quoted(s); // fits: no flush in between
            t = new Text(Arrays.copyOfRange(buf, start, pos));
            pos = start;
            recent.put(key, t);
        }
        return t;
    }

    /** The name of the next object entry. */
    void name(String name) throws IOException {
        beforeName();
        quoted(name);
        raw(NAME_END);
    }

    /** The name of the next object entry, prepared. */
    void name(Name name) throws IOException {
        if (objects >= INDENTS.length) {
            beforeName();
            raw(name.bytes);
            return;
        }
        // One copy for the comma, line end, indentation and name.
        int n = counts[depth - 1];
        counts[depth - 1] = n + 1;
        raw(name.entries[2 * objects + (n > 0 ? 1 : 0)]);
    }

    private void beforeName() throws IOException {
        int n = counts[depth - 1];
        if (n > 0) {
            raw((byte) ',');
        }
        indent();
        counts[depth - 1] = n + 1;
    }

    void string(String s) throws IOException {
        beforeValue();
        quoted(s);
    }

    /** The string {@code "0x…"} of {@code v}'s lowercase hex digits (what {@code Long.toHexString} gives). */
    void hexString(long v) throws IOException {
        beforeValue();
        room(MAX_NUMBER_BYTES);
        pos = hexAt(buf, pos, v);
    }

    /** Writes {@code "0x…"} of {@code v} at {@code p} of {@code b} (room for {@link #MAX_NUMBER_BYTES}); returns the end. */
    static int hexAt(byte[] b, int p, long v) {
        b[p++] = '"';
        b[p++] = '0';
        b[p++] = 'x';
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) >> 2);
        for (int i = digits - 1; i >= 0; i--) {
            b[p + i] = HEX_LOWER[(int) (v & 0xf)];
            v >>>= 4;
        }
        p += digits;
        b[p++] = '"';
        return p;
    }

    void number(long v) throws IOException {
        beforeValue();
        room(MAX_NUMBER_BYTES);
        pos = numberAt(buf, pos, v);
    }

    /** Writes the decimal digits of {@code v} at {@code p} of {@code b} (room for {@link #MAX_NUMBER_BYTES}); returns the end. */
    static int numberAt(byte[] b, int p, long v) {
        if (v == Long.MIN_VALUE) {
            System.arraycopy(MIN_LONG, 0, b, p, MIN_LONG.length);
            return p + MIN_LONG.length;
        }
        if (v < 0) {
            b[p++] = '-';
            v = -v;
        }
        if (v <= Integer.MAX_VALUE) {
            return digitsAt(b, p, (int) v); // int arithmetic: most numbers (indexes, lines, offsets) are small
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        int end = p + digits;
        p = end;
        do {
            b[--p] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        } while (v != 0);
        return end;
    }

    /** The digits of {@code v} (not negative) at {@code p}; returns the end. */
    static int digitsAt(byte[] b, int p, int v) {
        int digits = 1;
        while (digits < TENS.length && v >= TENS[digits]) {
            digits++;
        }
        int end = p + digits;
        p = end;
        do {
            // v / 10 as a multiplication (exact below 2^32): C1 divides with the processor's slow division.
            int q = (int) ((v * 0xCCCCCCCDL) >>> 35);
            b[--p] = (byte) ('0' + (v - 10 * q));
            v = q;
        } while (v != 0);
        return end;
    }

    void bool(boolean v) throws IOException {
        beforeValue();
        raw(v ? TRUE : FALSE);
    }

    void nullValue() throws IOException {
        beforeValue();
        raw(NULL);
    }

    /** A {@code \n} after the document. */
    void newLine() throws IOException {
        raw((byte) '\n');
    }

    /**
     * Hands what is buffered to the stream (it is not flushed itself). A {@link ByteChunks} keeps the
     * buffer itself, and the writer goes on in a new one: no copy.
     */
    void flush() throws IOException {
        if (out instanceof ByteChunks chunks) {
            if (pos > 0) {
                chunks.keep(buf, pos);
                buf = new byte[buf.length];
            }
        } else {
            out.write(buf, 0, pos);
        }
        pos = 0;
    }

    /**
     * The last {@link #flush}: the writer is done, and a {@link ByteChunks} it writes to keeps its
     * buffer without a new one being made. Nothing may be written with this writer afterwards.
     */
    void flushLast() throws IOException {
        if (out instanceof ByteChunks chunks) {
            chunks.keep(buf, pos);
            buf = NO_BYTES;
            pos = 0;
        } else {
            flush();
        }
    }

    private static final byte[] NO_BYTES = new byte[0];

    /*
     * For a renderer that writes the entries of an object it opened itself, with one check of the room
     * they need (a frame: FrameJson): reserve(n), the bytes written into buffer() from the position
     * it returns, then wrote(end, entries).
     */

    /** Makes room for {@code n} more bytes (at most {@link #capacity()}); returns where they go in {@link #buffer()}. */
    int reserve(int n) throws IOException {
        room(n);
        return pos;
    }

    byte[] buffer() {
        return buf;
    }

    int capacity() {
        return buf.length;
    }

    /** The reserved bytes up to {@code end} are written: {@code entries} more entries of the open object. */
    void wrote(int end, int entries) {
        pos = end;
        counts[depth - 1] += entries;
    }

    /**
     * Writes {@code "s"}, escaped and encoded, at {@code p} of the buffer, where the caller reserved room for
     * {@code MAX_CHAR_BYTES * s.length() + 2} bytes; returns the end.
     */
    int quotedAt(int p, String s) {
        byte[] b = buf;
        b[p++] = '"';
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c >= 0x80 || ESCAPE[c] != 0) {
                pos = p;
                i = special(s, i, n);
                p = pos;
            } else {
                b[p++] = (byte) c;
                i++;
            }
        }
        b[p++] = '"';
        return p;
    }

    /** Array values are separated by ", " and the first follows "[ "; object values follow their name. */
    private void beforeValue() throws IOException {
        if (depth > 0 && counts[depth - 1] < 0) {
            int n = -1 - counts[depth - 1];
            if (n > 0) {
                raw((byte) ',');
            }
            raw((byte) ' ');
            counts[depth - 1] = -1 - (n + 1);
        }
    }

    private void push(int c) {
        if (depth == counts.length) {
            counts = Arrays.copyOf(counts, depth * 2);
        }
        counts[depth++] = c;
    }

    /** Line ends followed by the indentation of each depth. */
    private static final byte[][] INDENTS = new byte[MAX_LEVEL][];

    static {
        for (int d = 0; d < INDENTS.length; d++) {
            INDENTS[d] = (System.lineSeparator() + "  ".repeat(d)).getBytes(StandardCharsets.UTF_8);
        }
    }

    private void indent() throws IOException {
        if (objects < INDENTS.length) {
            raw(INDENTS[objects]);
            return;
        }
        raw(EOL);
        for (int i = 0; i < objects; i++) {
            raw((byte) ' ');
            raw((byte) ' ');
        }
    }

    /** Makes room for {@code n} more bytes (n at most the buffer's size). */
    private void room(int n) throws IOException {
        if (pos + n > buf.length) {
            flush();
        }
    }

    private void raw(byte[] bytes) throws IOException {
        if (bytes.length > buf.length - pos) {
            flush();
            if (bytes.length > buf.length) {
                out.write(bytes);
                return;
            }
        }
        System.arraycopy(bytes, 0, buf, pos, bytes.length);
        pos += bytes.length;
    }

    private void raw(byte b) throws IOException {
        if (pos == buf.length) {
            flush();
        }
        buf[pos++] = b;
    }

    /**
     * {@code "s"}, escaped and encoded. Plain ASCII, almost every character of a report, is copied
     * one byte per char after a table look-up; the rest goes through {@link #special}.
     */
    private void quoted(String s) throws IOException {
        raw((byte) '"');
        int n = s.length();
        int i = 0;
        while (i < n) {
            // Room for a chunk of plain chars (one byte each) or one special char, checked once per chunk.
            int chunk = Math.min(n - i, buf.length - MAX_CHAR_BYTES - 1 - pos);
            if (chunk <= 0) {
                flush();
                continue;
            }
            byte[] b = buf;
            int p = pos;
            int end = i + chunk;
            while (i < end) {
                char c = s.charAt(i);
                if (c >= 0x80 || ESCAPE[c] != 0) {
                    break;
                }
                b[p++] = (byte) c;
                i++;
            }
            pos = p;
            if (i < end) {
                i = special(s, i, n);
            }
        }
        raw((byte) '"');
    }

    /** Writes the escape or the UTF-8 bytes of the char at {@code i} (two chars for a pair); returns the next index. */
    private int special(String s, int i, int n) {
        char c = s.charAt(i);
        byte[] b = buf;
        int p = pos;
        if (c < 0x80) {
            byte e = ESCAPE[c];
            b[p++] = '\\';
            if (e == 'u') {
                b[p++] = 'u';
                b[p++] = '0';
                b[p++] = '0';
                b[p++] = HEX_UPPER[c >> 4];
                b[p++] = HEX_UPPER[c & 0xf];
            } else {
                b[p++] = e;
            }
        } else if (c < 0x800) {
            b[p++] = (byte) (0xc0 | (c >> 6));
            b[p++] = (byte) (0x80 | (c & 0x3f));
        } else if (!Character.isSurrogate(c)) {
            b[p++] = (byte) (0xe0 | (c >> 12));
            b[p++] = (byte) (0x80 | ((c >> 6) & 0x3f));
            b[p++] = (byte) (0x80 | (c & 0x3f));
        } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
            int cp = Character.toCodePoint(c, s.charAt(i + 1));
            b[p++] = (byte) (0xf0 | (cp >> 18));
            b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
            b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
            b[p++] = (byte) (0x80 | (cp & 0x3f));
            i++;
        } else {
            b[p++] = '?'; // a lone surrogate: what the JDK's UTF-8 encoders write for it
        }
        pos = p;
        return i + 1;
    }

    private static byte[] bytes(String ascii) {
        return ascii.getBytes(StandardCharsets.US_ASCII);
    }
}
