package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfCorruptionTest;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.DwarfSection;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A damaged DWARF unit is reported to Diagnostics once however many frames land in it, and the
 * symbol table still names those frames.
 */
class DebugModuleDiagnosticsTest {
    private static final Path ELF = Path.of("testdata/elf/debug/app-gcc.debug");

    @Test
    void damagedUnitIsReportedOnceAndTheSymbolTableAnswers() throws Exception {
        ObjectFile object = ObjectFiles.open(ELF).get(0);
        long[] addresses = Files.readAllLines(Path.of("testdata/elf/golden/app-gcc.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        for (int seed = 1; seed < 60; seed += 2) {
            DwarfContext ctx;
            try {
                ctx = DwarfContext.open("damaged", DwarfCorruptionTest.damaged(DwarfSections.of(object),
                        DwarfSection.DEBUG_LINE, seed));
            } catch (DwarfException e) {
                continue;
            }
            List<String> warnings = new ArrayList<>();
            DebugModule m = DebugModule.of(object, SymbolTables.build(object), Optional.of(ctx), warnings::add);
            for (long a : addresses) {
                m.lookup(a);
                m.lookup(a);
            }
            if (warnings.isEmpty()) {
                continue; // this damage spared every unit the addresses use
            }
            assertEquals(warnings.stream().distinct().count(), warnings.size(), "each problem once: " + warnings);
            assertTrue(warnings.get(0).startsWith("damaged: "), warnings.get(0));
            long named = java.util.Arrays.stream(addresses).filter(a -> !m.lookup(a).isEmpty()).count();
            assertFalse(named == 0, "the symbol table still names frames");
            return;
        }
        fail("no truncated .debug_line made a lookup fail");
    }
}
