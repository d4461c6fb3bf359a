package dev.crashkit.symbolicate.report.ips;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.symbolicate.output.ReportWriter;
import dev.crashkit.symbolicate.output.SymbolicatedFrames;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * Writes an {@code .ips} report back, symbolicated as Xcode does: each named frame gets
 * {@code symbol}, {@code symbolLocation} (offset from the symbol's start) and, with line info,
 * {@code sourceFile}/{@code sourceLine} (file name only); calls inlined into a frame become frames of
 * their own marked {@code "inline": true} just before it, with the same image index and offset (the
 * shape of Apple's reports, e.g. lldb's {@code a.out.inline.ips} test input). The header line is
 * written byte for byte; the body is the same JSON tree pretty-printed (every other field kept, in order).
 */
public final class IpsWriter implements ReportWriter {

    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    /** The writer as a {@link ReportWriter} (the static methods serve callers that hold the document). */
    public IpsWriter() {
    }

    @Override
    public String extension() {
        return ".ips";
    }

    /** Writes {@code input} back; it must have been read by this format's reader. */
    @Override
    public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception) {
        if (!(input.document() instanceof IpsDocument doc)) {
            throw new IllegalArgumentException(input.format() + " report given to the .ips writer");
        }
        return write(doc, result, exception);
    }

    public static String write(IpsDocument doc, SymbolicatedReport result) {
        return write(doc, result, Optional.empty());
    }

    /**
     * Like {@link #write(IpsDocument, SymbolicatedReport)}, also rewriting {@code lastExceptionBacktrace}
     * from the symbolication of {@link IpsDocument#exceptionBacktrace()}.
     */
    public static String write(IpsDocument doc, SymbolicatedReport result, Optional<SymbolicatedThread> exception) {
        SymbolicatedFrames.requireThreads(result, doc.framePositions().size());
        ObjectNode body = doc.body().deepCopy();
        JsonNode threads = body.path("threads");
        for (int t = 0; t < doc.framePositions().size(); t++) {
            List<Integer> positions = doc.framePositions().get(t);
            List<List<SymbolicatedFrame>> names = SymbolicatedFrames.newNames(result.threads().get(t), positions.size());
            if (names.stream().anyMatch(n -> !n.isEmpty())) {
                ObjectNode thread = (ObjectNode) threads.get(t);
                thread.set("frames", rewrite((ArrayNode) thread.get("frames"), positions, names));
            }
        }
        if (exception.isPresent() && doc.lastException().isPresent()) {
            List<Integer> positions = doc.exceptionPositions();
            List<List<SymbolicatedFrame>> names = SymbolicatedFrames.newNames(exception.get(), positions.size());
            if (names.stream().anyMatch(n -> !n.isEmpty())) {
                body.set("lastExceptionBacktrace", rewrite((ArrayNode) body.get("lastExceptionBacktrace"), positions,
                        names));
            }
        }
        return doc.headerLine() + doc.separator() + pretty(body) + doc.trailer();
    }

    /** A frame array with named frames updated and their inlined calls (re)inserted before them. */
    private static ArrayNode rewrite(ArrayNode old, List<Integer> positions, List<List<SymbolicatedFrame>> names) {
        ArrayNode frames = old.arrayNode();
        int next = 0; // first JSON frame not yet copied
        for (int f = 0; f < positions.size(); f++) {
            int pos = positions.get(f);
            List<SymbolicatedFrame> entries = names.get(f);
            if (entries.isEmpty()) {
                for (; next <= pos; next++) {
                    frames.add(old.get(next));
                }
                continue;
            }
            next = pos + 1; // old inline frames of this frame are replaced by the new ones
            ObjectNode concrete = (ObjectNode) old.get(pos);
            for (SymbolicatedFrame sf : entries) {
                ObjectNode n = sf.inlined() ? inlineFrame(concrete) : concrete;
                name(n, sf);
                frames.add(n);
            }
            if (entries.stream().allMatch(SymbolicatedFrame::inlined)) {
                frames.add(concrete); // inlined calls but no concrete function: keep the frame itself
            }
        }
        for (; next < old.size(); next++) {
            frames.add(old.get(next));
        }
        return frames;
    }

    private static ObjectNode inlineFrame(ObjectNode concrete) {
        ObjectNode n = concrete.objectNode();
        for (String key : List.of("imageOffset", "imageIndex")) {
            if (concrete.has(key)) {
                n.set(key, concrete.get(key));
            }
        }
        n.put("inline", true);
        return n;
    }

    private static void name(ObjectNode n, SymbolicatedFrame sf) {
        n.put("symbol", sf.symbol().orElseThrow());
        // Inline frames carry a symbolLocation too (as in lldb's a.out.inline.ips test input).
        n.put("symbolLocation", sf.offset());
        if (sf.file().isPresent()) {
            n.put("sourceFile", SymbolicatedFrames.fileName(sf.file().get()));
            if (sf.line().isPresent()) {
                n.put("sourceLine", sf.line().getAsInt());
            } else {
                n.remove("sourceLine");
            }
        } else {
            n.remove("sourceFile");
            n.remove("sourceLine");
        }
    }

    /** The body as Apple lays it out: two-space indents, {@code "key" : value}. */
    static String pretty(JsonNode body) {
        try {
            return JsonTrees.mapper().writer(PRINTER).writeValueAsString(body);
        } catch (JsonProcessingException e) {
            // A tree that Jackson itself parsed always serialises.
            throw new UncheckedIOException(e);
        }
    }

}
