package dev.crashkit.symbolicate.output;

import java.io.IOException;
import java.io.Writer;

/**
 * A JSON writer whose output is byte for byte what Jackson's generator writes with its default
 * pretty printer (objects one entry per line, indented two spaces per enclosing object; arrays
 * inline, {@code [ a, b ]}; {@code "name" : value}; {@code { }} and {@code [ ]} when empty;
 * Jackson's escapes: {@code \" \\ \b \t \n \f \r}, other control characters as {@code \\u00XX},
 * everything else as is). A few times faster than the generator for the symbolicated/1 document,
 * whose size grows with every frame of every thread, and it loads none of Jackson's classes.
 * Buffered; {@link #flush} hands the text to the writer.
 */
final class PrettyJson {
    private static final String EOL = System.lineSeparator();
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final Writer out;
    private final char[] buf = new char[1 << 14];
    private int pos;
    /** Per open container: entries written so far; negative for arrays (-1 - count). */
    private int[] counts = new int[16];
    private int depth;
    /** Enclosing objects: the indentation level. */
    private int objects;

    PrettyJson(Writer out) {
        this.out = out;
    }

    void startObject() throws IOException {
        beforeValue();
        raw('{');
        push(0);
        objects++;
    }

    void endObject() throws IOException {
        int n = counts[--depth];
        objects--;
        if (n > 0) {
            indent();
        } else {
            raw(' ');
        }
        raw('}');
    }

    void startArray() throws IOException {
        beforeValue();
        raw('[');
        push(-1);
    }

    void endArray() throws IOException {
        int n = -1 - counts[--depth];
        raw(' ');
        raw(']');
        if (n < 0) {
            throw new IllegalStateException("not in an array");
        }
    }

    /** An entry name written out once: {@code "name" : } (for names a document repeats for every item). */
    static final class Name {
        private final char[] text;

        Name(String name) throws IOException {
            java.io.CharArrayWriter w = new java.io.CharArrayWriter();
            PrettyJson p = new PrettyJson(w);
            p.quoted(name);
            p.raw(" : ");
            p.flush();
            text = w.toCharArray();
        }
    }

    /** The name of the next object entry. */
    void name(String name) throws IOException {
        beforeName();
        quoted(name);
        raw(" : ");
    }

    /** The name of the next object entry, prepared. */
    void name(Name name) throws IOException {
        beforeName();
        raw(name.text);
    }

    private void beforeName() throws IOException {
        int n = counts[depth - 1];
        if (n > 0) {
            raw(',');
        }
        indent();
        counts[depth - 1] = n + 1;
    }

    void string(String s) throws IOException {
        beforeValue();
        quoted(s);
    }

    void number(long v) throws IOException {
        beforeValue();
        raw(Long.toString(v));
    }

    void bool(boolean v) throws IOException {
        beforeValue();
        raw(v ? "true" : "false");
    }

    void nullValue() throws IOException {
        beforeValue();
        raw("null");
    }

    void flush() throws IOException {
        out.write(buf, 0, pos);
        pos = 0;
    }

    /** Array values are separated by ", " and the first follows "[ "; object values follow their name. */
    private void beforeValue() throws IOException {
        if (depth > 0 && counts[depth - 1] < 0) {
            int n = -1 - counts[depth - 1];
            raw(n > 0 ? ", " : " ");
            counts[depth - 1] = -1 - (n + 1);
        }
    }

    private void push(int c) {
        if (depth == counts.length) {
            counts = java.util.Arrays.copyOf(counts, depth * 2);
        }
        counts[depth++] = c;
    }

    /** Line ends followed by the indentation of each depth. */
    private static final char[][] INDENTS = new char[16][];

    static {
        for (int d = 0; d < INDENTS.length; d++) {
            INDENTS[d] = (EOL + "  ".repeat(d)).toCharArray();
        }
    }

    private void indent() throws IOException {
        if (objects < INDENTS.length) {
            raw(INDENTS[objects]);
            return;
        }
        raw(EOL);
        for (int i = 0; i < objects; i++) {
            raw("  ");
        }
    }

    private void raw(char[] chars) throws IOException {
        if (pos + chars.length > buf.length) {
            flush();
        }
        System.arraycopy(chars, 0, buf, pos, chars.length);
        pos += chars.length;
    }

    private void quoted(String s) throws IOException {
        raw('"');
        int n = s.length();
        if (n < buf.length) {
            // Most strings need no escape: copy them in bulk and look at the copy.
            if (pos + n > buf.length) {
                flush();
            }
            s.getChars(0, n, buf, pos);
            boolean plain = true;
            for (int i = pos, end = pos + n; i < end; i++) {
                char c = buf[i];
                if (c < 0x20 || c == '"' || c == '\\') {
                    plain = false;
                    break;
                }
            }
            if (plain) {
                pos += n;
                raw('"');
                return;
            }
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                if (pos == buf.length) {
                    flush();
                }
                buf[pos++] = c;
                continue;
            }
            switch (c) {
                case '"' -> raw("\\\"");
                case '\\' -> raw("\\\\");
                case '\b' -> raw("\\b");
                case '\t' -> raw("\\t");
                case '\n' -> raw("\\n");
                case '\f' -> raw("\\f");
                case '\r' -> raw("\\r");
                default -> {
                    raw("\\u00");
                    raw(HEX[c >> 4]);
                    raw(HEX[c & 0xf]);
                }
            }
        }
        raw('"');
    }

    private void raw(char c) throws IOException {
        if (pos == buf.length) {
            flush();
        }
        buf[pos++] = c;
    }

    private void raw(String s) throws IOException {
        int n = s.length();
        if (pos + n > buf.length) {
            flush();
            if (n > buf.length) {
                out.write(s);
                return;
            }
        }
        s.getChars(0, n, buf, pos);
        pos += n;
    }
}
