package dev.crashkit.symbolicate.dumpsyms;

import dev.crashkit.symbolicate.dwarf.BreakpadUnits;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The records of Breakpad's {@code Module::Write} shared by the ELF and Mach-O writers: FILE (the files lines
 * cite, numbered in name order), FUNC with their lines, PUBLIC, and STACK CFI; addresses relative to the load
 * address.
 */
final class ModuleText {
    /** One FUNC (all its ranges, as start/end pairs) with its lines and inlined calls. */
    record Function(String name, long[] ranges, List<BreakpadUnits.Line> lines, List<BreakpadUnits.Inline> inlines) {
        Function(String name, long[] ranges, List<BreakpadUnits.Line> lines) {
            this(name, ranges, lines, List.of());
        }

        long address() {
            return ranges[0];
        }
    }

    /** One STACK CFI INIT entry with the rule changes after its start. */
    record CfiEntry(long address, long size, Map<String, String> initial, Map<Long, Map<String, String>> changes) {
    }

    private ModuleText() {
    }

    /** Breakpad's FunctionSet: ordered by address then name; a second function with both equal is dropped. */
    static TreeSet<Function> functionSet() {
        return new TreeSet<>((a, b) -> {
            int c = Long.compareUnsigned(a.address(), b.address());
            return c != 0 ? c : a.name().compareTo(b.name());
        });
    }

    /** Breakpad's ExternSet: one name per address, the first one added kept. */
    static TreeMap<Long, String> externSet() {
        return new TreeMap<>(Long::compareUnsigned);
    }

    static void writeSymbols(Writer out, TreeSet<Function> functions, TreeMap<Long, String> externs,
            long loadAddress) throws IOException {
        // FILE ids in name order (byte order, as std::string compares), for the files lines and inlined
        // calls cite (Module::AssignSourceIds).
        TreeMap<String, Integer> files = new TreeMap<>(ModuleText::compareBytes);
        // INLINE_ORIGIN ids: the origins inlined calls cite, one per name, in name order
        // (Module::CreateInlineOrigins' set ordered by name).
        TreeMap<String, Integer> origins = new TreeMap<>(ModuleText::compareBytes);
        for (Function f : functions) {
            for (BreakpadUnits.Line l : f.lines()) {
                files.put(l.file(), 0);
            }
            forEachInline(f.inlines(), in -> {
                in.callFile().ifPresent(file -> files.put(file, 0));
                origins.put(in.origin().name(), 0);
            });
        }
        int next = 0;
        for (Map.Entry<String, Integer> e : files.entrySet()) {
            e.setValue(next++);
            out.write("FILE " + e.getValue() + " " + e.getKey() + "\n");
        }
        next = 0;
        for (Map.Entry<String, Integer> e : origins.entrySet()) {
            e.setValue(next++);
            out.write("INLINE_ORIGIN " + e.getValue() + " " + e.getKey() + "\n");
        }
        StringBuilder b = new StringBuilder(256);
        for (Function f : functions) {
            int line = 0;
            List<BreakpadUnits.Line> lines = f.lines();
            for (int i = 0; i + 1 < f.ranges().length; i += 2) {
                long start = f.ranges()[i];
                long size = f.ranges()[i + 1] - start;
                b.setLength(0);
                b.append("FUNC ").append(Long.toHexString(start - loadAddress)).append(' ')
                        .append(Long.toHexString(size)).append(" 0 ").append(f.name()).append('\n');
                out.append(b);
                // Module::Write repeats every inlined call after each of the function's FUNC records.
                b.setLength(0);
                forEachInline(f.inlines(), in -> {
                    b.append("INLINE ").append(in.depth()).append(' ').append(in.callLine()).append(' ')
                            .append(in.callFile().map(files::get).orElse(-1)).append(' ')
                            .append(origins.get(in.origin().name()));
                    for (int r = 0; r + 1 < in.ranges().length; r += 2) {
                        b.append(' ').append(Long.toHexString(in.ranges()[r] - loadAddress)).append(' ')
                                .append(Long.toHexString(in.ranges()[r + 1] - in.ranges()[r]));
                    }
                    b.append('\n');
                });
                out.append(b);
                // Module::Write: one cursor over the lines for all ranges, as Breakpad advances it.
                while (line < lines.size() && Long.compareUnsigned(lines.get(line).address(), start) >= 0
                        && Long.compareUnsigned(lines.get(line).address() - start, size) < 0) {
                    BreakpadUnits.Line l = lines.get(line++);
                    b.setLength(0);
                    b.append(Long.toHexString(l.address() - loadAddress)).append(' ')
                            .append(Long.toHexString(l.size())).append(' ').append(l.line()).append(' ')
                            .append(files.get(l.file())).append('\n');
                    out.append(b);
                }
            }
        }
        for (Map.Entry<Long, String> e : externs.entrySet()) {
            out.write("PUBLIC " + Long.toHexString(e.getKey() - loadAddress) + " 0 " + e.getValue() + "\n");
        }
    }

    private static int compareBytes(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /** INLINE lines a file may make us write, beyond 64 per inlined call: the output stays linear in the input. */
    private static final long INLINE_LINES_SLACK = 1_000_000;

    /**
     * Breakpad writes a function's INLINE records again after each of its FUNC records (one per range), so a
     * forged function with many ranges and many inlined calls would need their product in lines: refused.
     */
    static void checkInlineOutput(String file, TreeSet<Function> functions) throws DumpSymsException {
        long calls = 0;
        long lines = 0;
        for (Function f : functions) {
            long n = countInlines(f.inlines());
            calls += n;
            lines += n * (f.ranges().length / 2);
        }
        if (lines > 64 * calls + INLINE_LINES_SLACK) {
            throw new DumpSymsException(file + ": " + calls + " inlined calls in functions of many ranges would"
                    + " take " + lines + " INLINE lines (written after each range); refusing such DWARF");
        }
    }

    /** The inlined calls in {@code inlines}, nested ones included. */
    static long countInlines(List<BreakpadUnits.Inline> inlines) {
        long[] n = new long[1];
        forEachInline(inlines, in -> n[0]++);
        return n[0];
    }

    /** Breakpad's Inline::InlineDFS: each call, then the calls inlined into it. */
    private static void forEachInline(List<BreakpadUnits.Inline> inlines,
            java.util.function.Consumer<BreakpadUnits.Inline> action) {
        java.util.ArrayDeque<BreakpadUnits.Inline> stack = new java.util.ArrayDeque<>();
        for (int i = inlines.size() - 1; i >= 0; i--) {
            stack.push(inlines.get(i));
        }
        while (!stack.isEmpty()) {
            BreakpadUnits.Inline in = stack.pop();
            action.accept(in);
            for (int i = in.children().size() - 1; i >= 0; i--) {
                stack.push(in.children().get(i));
            }
        }
    }

    /** Appends one entry's STACK CFI INIT and STACK CFI lines to {@code b}. */
    static void appendCfi(StringBuilder b, long address, long size, Map<String, String> initial,
            Map<Long, Map<String, String>> changes, long loadAddress) {
        b.append("STACK CFI INIT ").append(Long.toHexString(address - loadAddress)).append(' ')
                .append(Long.toHexString(size)).append(' ');
        rules(b, initial);
        for (Map.Entry<Long, Map<String, String>> c : changes.entrySet()) {
            b.append("STACK CFI ").append(Long.toHexString(c.getKey() - loadAddress)).append(' ');
            rules(b, c.getValue());
        }
    }

    private static void rules(StringBuilder b, Map<String, String> rules) {
        boolean first = true;
        for (Map.Entry<String, String> r : rules.entrySet()) {
            if (!first) {
                b.append(' ');
            }
            first = false;
            b.append(r.getKey()).append(": ").append(r.getValue());
        }
        b.append('\n');
    }
}
