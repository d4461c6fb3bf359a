package dev.crashkit.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;

/**
 * The layout of Jackson's {@code DefaultPrettyPrinter} (objects one entry per line indented two spaces per
 * enclosing object, the system's line end; arrays inline, {@code [ a, b ]}; {@code "name" : value};
 * {@code { }} and {@code [ ]} when empty), its line ends and separators encoded once: the default printer
 * writes them as characters the UTF-8 generator encodes again for every entry, which was most of the
 * generator's time for a frame on C2 (a third fewer CPU seconds per document without it; BENCHMARKS.md,
 * symbolicated/1 JSON on C2). One per generator: it counts
 * the nesting.
 */
final class PrettyLayout implements PrettyPrinter {
    /** Line end and indentation per level (deeper levels are written in steps). */
    private static final SerializableString[] INDENTS = new SerializableString[16];
    private static final SerializableString NAME_END = new SerializedString(" : ");

    static {
        for (int level = 0; level < INDENTS.length; level++) {
            INDENTS[level] = new SerializedString(System.lineSeparator() + "  ".repeat(level));
        }
    }

    /** Enclosing objects. */
    private int nesting;

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(' ');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        nesting++;
        g.writeRaw('{');
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
        indent(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(NAME_END);
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
        g.writeRaw(',');
        indent(g);
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
        nesting--;
        if (entries > 0) {
            indent(g);
        } else {
            g.writeRaw(' ');
        }
        g.writeRaw('}');
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
        g.writeRaw(' ');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(',');
        g.writeRaw(' ');
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
        g.writeRaw(' ');
        g.writeRaw(']');
    }

    private void indent(JsonGenerator g) throws IOException {
        int last = INDENTS.length - 1;
        if (nesting <= last) {
            g.writeRaw(INDENTS[nesting]);
            return;
        }
        g.writeRaw(INDENTS[last]);
        for (int level = last; level < nesting; level++) {
            g.writeRaw("  ");
        }
    }
}
