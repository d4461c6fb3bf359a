package dev.crashkit.bench;

import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bench command for the DWARF reader until the CLI is wired: {@code DwarfLookupCommand DEBUG_FILE
 * ADDRESS_FILE} prints, for each hex address, the inline chain in llvm-symbolizer's default
 * output style (function line, then file:line:column, per frame; a blank line after each address),
 * so the two tools do the same work and their outputs can be diffed. Used by bench/dwarf/run.sh.
 */
public final class DwarfLookupCommand {
    private DwarfLookupCommand() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: DwarfLookupCommand DEBUG_FILE ADDRESS_FILE");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        DwarfContext ctx = DwarfContext.open(file.toString(), sections(file));
        try (BufferedReader in = Files.newBufferedReader(Path.of(args[1]));
                Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            StringBuilder sb = new StringBuilder(256);
            while ((line = in.readLine()) != null) {
                String hex = line.trim();
                if (hex.isEmpty()) {
                    continue;
                }
                long address = Long.parseUnsignedLong(hex.startsWith("0x") ? hex.substring(2) : hex, 16);
                List<SourceFrame> frames = ctx.lookup(address);
                sb.setLength(0);
                if (frames.isEmpty()) {
                    sb.append("??\n??:0:0\n");
                }
                for (SourceFrame f : frames) {
                    sb.append(f.functionName().orElse("??")).append('\n');
                    sb.append(f.file().orElse("??")).append(':').append(f.line()).append(':').append(f.column())
                            .append('\n');
                }
                sb.append('\n');
                out.append(sb);
            }
        }
    }

    private static DwarfSections sections(Path file) throws IOException {
        return DwarfSections.of(ObjectFiles.open(file).get(0));
    }
}
