package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged DWARF (random byte flips, truncation) must give either answers or a one-line
 * DwarfException naming the file — never another exception, a stack overflow or a hang.
 */
public class DwarfCorruptionTest {
    private static final Path MACHO = Path.of("testdata/dwarf/macho/Inline5.dSYM/Contents/Resources/DWARF/Inline5");
    private static final Path ELF = Path.of("testdata/elf/debug/app-gcc.debug");

    @ParameterizedTest
    @EnumSource(value = DwarfSection.class, names = {"DEBUG_INFO", "DEBUG_ABBREV", "DEBUG_LINE", "DEBUG_STR_OFFSETS",
            "DEBUG_ADDR", "DEBUG_RNGLISTS", "DEBUG_ARANGES", "DEBUG_LINE_STR"})
    void damagedSectionsFailCleanly(DwarfSection damaged) throws IOException {
        DwarfSections macho = MachOTestSections.read(MACHO, MachOTestSections.CPU_ARM64);
        DwarfSections elf = DwarfSections.of(ElfFile.open(ELF));
        long[] addresses = Files.readAllLines(Path.of("testdata/dwarf/macho/Inline5.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        long[] elfAddresses = Files.readAllLines(Path.of("testdata/elf/golden/app-gcc.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int errors = 0;
            for (int seed = 0; seed < 60; seed++) {
                errors += run(mutate(macho, damaged, seed), addresses);
                errors += run(mutate(elf, damaged, seed), elfAddresses);
            }
            System.out.println(damaged + ": " + errors + " clean errors in 120 damaged images");
        });
    }

    /**
     * A unit whose line table is damaged fails with the same error on every lookup, and the failure
     * is kept (decoded once), not recomputed: the second answer is the same message.
     */
    @org.junit.jupiter.api.Test
    void aDamagedUnitKeepsItsError() throws IOException {
        DwarfSections elf = DwarfSections.of(ElfFile.open(ELF));
        long[] addresses = Files.readAllLines(Path.of("testdata/elf/golden/app-gcc.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        for (int seed = 1; seed < 60; seed += 2) {
            DwarfContext ctx;
            try {
                ctx = DwarfContext.open("damaged", mutate(elf, DwarfSection.DEBUG_LINE, seed));
            } catch (DwarfException e) {
                continue;
            }
            for (long a : addresses) {
                String first;
                try {
                    ctx.lookup(a);
                    continue;
                } catch (DwarfException e) {
                    first = e.getMessage();
                }
                DwarfException again = org.junit.jupiter.api.Assertions.assertThrows(DwarfException.class,
                        () -> ctx.lookup(a));
                org.junit.jupiter.api.Assertions.assertEquals(first, again.getMessage());
                return;
            }
        }
        org.junit.jupiter.api.Assertions.fail("no truncated .debug_line made a lookup fail");
    }

    /**
     * An extended opcode whose length (2^32 - 16) wraps the position around to before the opcode made
     * the line program loop forever, re-reading the same rows and growing its tables without bound.
     */
    @org.junit.jupiter.api.Test
    void extendedOpcodeLengthThatJumpsBackwardsIsAnError() throws IOException {
        DwarfSections elf = DwarfSections.of(ElfFile.open(ELF));
        Map<DwarfSection, ByteBuffer> map = new EnumMap<>(DwarfSection.class);
        int patched = 0;
        for (DwarfSection s : DwarfSection.values()) {
            if (elf.section(s).isEmpty()) {
                continue;
            }
            ByteBuffer b = elf.section(s).get();
            byte[] bytes = new byte[b.remaining()];
            b.duplicate().get(bytes);
            if (s == DwarfSection.DEBUG_LINE) {
                // DW_LNE_set_address: 00 09 02 <8-byte address>, rewritten in place (same 11 bytes) as
                // 00 <uleb 0xfffffff0> 80 (a vendor opcode) and padding.
                for (int i = 0; i + 11 <= bytes.length; i++) {
                    if (bytes[i] == 0 && bytes[i + 1] == 9 && bytes[i + 2] == 2) {
                        byte[] evil = {0, (byte) 0xf0, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f, (byte) 0x80,
                            1, 1, 1, 1};
                        System.arraycopy(evil, 0, bytes, i, evil.length);
                        patched++;
                    }
                }
            }
            map.put(s, ByteBuffer.wrap(bytes));
        }
        assertTrue(patched > 0, "no DW_LNE_set_address found");
        DwarfSections evil = new MapDwarfSections(map, elf.order(), elf.addressSize());
        long[] addresses = Files.readAllLines(Path.of("testdata/elf/golden/app-gcc.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            DwarfContext ctx = DwarfContext.open("damaged", evil);
            int refused = 0;
            for (long a : addresses) {
                try {
                    ctx.lookup(a);
                } catch (DwarfException e) {
                    check(e);
                    refused += e.getMessage().contains("runs past the program's end") ? 1 : 0;
                }
            }
            assertTrue(refused > 0, "no lookup reached the damaged line program");
        });
    }

    /**
     * Issue 32: a DWARF 5 directory or file entry count of 2^63 or more passed a signed check against
     * the section size; {@code (int) count} was then negative (NegativeArraySizeException) or 2^31 - 1
     * (OutOfMemoryError). Counts are compared unsigned with the bytes left. The same patch, on the
     * whole file, is {@code ObjectFilesFuzzTestInputs/dwarf/findings/dwarf5-line-*-count-2pow63-*}.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "directories, 8000000080000000", // (int) is Integer.MIN_VALUE
        "directories, 800000007fffffff", // (int) is Integer.MAX_VALUE
        "files, 8000000080000000",
        "files, ffffffffffffffff"})
    void v5EntryCountOf2To63OrMoreIsAnError(String table, String hexCount) throws IOException {
        long count = Long.parseUnsignedLong(hexCount, 16);
        DwarfSections elf = DwarfSections.of(ElfFile.open(ELF));
        Map<DwarfSection, ByteBuffer> map = new EnumMap<>(DwarfSection.class);
        for (DwarfSection s : DwarfSection.values()) {
            if (elf.section(s).isPresent()) {
                ByteBuffer b = elf.section(s).get();
                byte[] bytes = new byte[b.remaining()];
                b.duplicate().get(bytes);
                if (s == DwarfSection.DEBUG_LINE) {
                    patchV5Count(bytes, table.equals("files"), count);
                }
                map.put(s, ByteBuffer.wrap(bytes));
            }
        }
        DwarfSections evil = new MapDwarfSections(map, elf.order(), elf.addressSize());
        long[] addresses = Files.readAllLines(Path.of("testdata/elf/golden/app-gcc.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        DwarfContext ctx = DwarfContext.open("damaged", evil);
        int refused = 0;
        for (long a : addresses) {
            // The unit's line table fails; its function still comes from the DIEs, with the reason.
            for (SourceFrame f : ctx.lookup(a)) {
                if (f.lineProblem().isPresent()) {
                    String why = f.lineProblem().get();
                    assertTrue(why.contains("impossible entry count " + Long.toUnsignedString(count)), why);
                    assertFalse(why.contains("\n"), why);
                    refused++;
                }
            }
        }
        assertTrue(refused > 0, "no lookup reached the damaged line table");
    }

    /**
     * Issue 32 audit: a DWARF64 unit length of 2^63 or more in .debug_info (or .debug_aranges) passed a
     * signed check against the bytes left; the unit's end wrapped around.
     */
    @ParameterizedTest
    @EnumSource(value = DwarfSection.class, names = {"DEBUG_INFO", "DEBUG_ARANGES"})
    void dwarf64UnitLengthOf2To63OrMoreIsRefused(DwarfSection patchedSection) throws IOException {
        DwarfSections elf = DwarfSections.of(ElfFile.open(ELF));
        Map<DwarfSection, ByteBuffer> map = new EnumMap<>(DwarfSection.class);
        for (DwarfSection s : DwarfSection.values()) {
            if (elf.section(s).isPresent()) {
                ByteBuffer b = elf.section(s).get();
                byte[] bytes = new byte[b.remaining()];
                b.duplicate().get(bytes);
                if (s == patchedSection) {
                    // 0xffffffff, then a 64-bit length of 2^63 + 16, over the first 12 bytes of the first unit.
                    ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(0, -1).putLong(4, Long.MIN_VALUE + 16);
                }
                map.put(s, ByteBuffer.wrap(bytes));
            }
        }
        DwarfSections evil = new MapDwarfSections(map, elf.order(), elf.addressSize());
        long[] addresses = Files.readAllLines(Path.of("testdata/elf/golden/app-gcc.addrs")).stream()
                .mapToLong(s -> Long.parseUnsignedLong(s.substring(2), 16)).toArray();
        if (patchedSection == DwarfSection.DEBUG_INFO) {
            DwarfException e = org.junit.jupiter.api.Assertions.assertThrows(DwarfException.class,
                    () -> DwarfContext.open("damaged", evil));
            check(e);
            assertTrue(e.getMessage().contains("extends past the end of .debug_info"), e.getMessage());
        } else {
            // The damaged set of aranges ends at the section's end; the units' own ranges still answer.
            DwarfContext ctx = DwarfContext.open("damaged", evil);
            for (long a : addresses) {
                ctx.lookup(a);
            }
        }
    }

    /** Issue 32 audit: a file index of 2^32 + k (DW_AT_decl_file, DW_LNS_set_file) was cast to int and named file k. */
    @org.junit.jupiter.api.Test
    void aFileIndexBeyondIntIsNoFile() {
        FileTable five = new FileTable(5, new String[] {"/src"}, new String[] {"a.c", "b.c"}, new long[] {0, 0}, "");
        assertTrue(five.path(1).orElseThrow().equals("/src/b.c"));
        assertTrue(five.path((1L << 32) + 1).isEmpty());
        assertTrue(five.path(Long.MIN_VALUE + 1).isEmpty());
        FileTable four = new FileTable(4, new String[0], new String[] {"/a.c"}, new long[] {0}, "");
        assertTrue(four.path(1).orElseThrow().equals("/a.c"));
        assertTrue(four.path((1L << 32) + 1).isEmpty());
    }

    @org.junit.jupiter.api.Test
    void indexedSlotsCompareAHugeIndexAsACount() {
        assertTrue(Unit.slot(8, 3, 8, 64) == 32);
        assertTrue(Unit.slot(8, 6, 8, 64) == 56);
        assertTrue(Unit.slot(8, 7, 8, 64) == -1); // would end at 72
        assertTrue(Unit.slot(8, (1L << 61) + 1, 8, 64) == -1); // 8 + index * 8 wraps around to 16
        assertTrue(Unit.slot(8, -1, 8, 64) == -1);
        assertTrue(Unit.slot(72, 0, 8, 64) == -1);
        assertTrue(Unit.slot(0, 0, 0, 64) == -1); // an address size of 0 in a damaged unit header
    }

    /**
     * Overwrites, in place, the directory (or file) entry count of the first line program (DWARF 5,
     * 32-bit) with a 10-byte ULEB128 of {@code count}; the entries after it are overwritten too.
     */
    static void patchV5Count(byte[] line, boolean files, long count) {
        int opcodeBase = line[17] & 0xff; // after length 4, version 2, sizes 2, header length 4, five u8
        int pos = 18 + opcodeBase - 1;
        if (files) {
            pos = skipFormatsAndEntries(line, pos);
        }
        int formats = line[pos++];
        for (int i = 0; i < 2 * formats; i++) {
            pos = skipUleb(line, pos);
        }
        for (int i = 0; i < 10; i++) {
            line[pos + i] = (byte) (i == 9 ? count >>> 63 : ((count >>> (7 * i)) & 0x7f) | 0x80);
        }
    }

    /** Skips the directory table of app-gcc.debug (entries of DW_FORM_line_strp, 4 bytes each). */
    private static int skipFormatsAndEntries(byte[] line, int pos) {
        int formats = line[pos++];
        for (int i = 0; i < 2 * formats; i++) {
            pos = skipUleb(line, pos);
        }
        int entries = line[pos++];
        return pos + entries * formats * 4;
    }

    private static int skipUleb(byte[] b, int pos) {
        while ((b[pos++] & 0x80) != 0) {
            // continuation bit
        }
        return pos;
    }

    /** Damaged sections for other packages' tests: even seeds flip bytes, odd seeds truncate. */
    public static DwarfSections damaged(DwarfSections original, DwarfSection section, int seed) {
        return mutate(original, section, seed);
    }

    private static int run(DwarfSections sections, long[] addresses) {
        int errors = 0;
        DwarfContext ctx;
        try {
            ctx = DwarfContext.open("damaged", sections);
        } catch (DwarfException e) {
            check(e);
            return 1;
        }
        for (int i = 0; i < addresses.length; i += 3) {
            try {
                List<SourceFrame> frames = ctx.lookup(addresses[i]);
                assertTrue(frames.size() < 1000);
            } catch (DwarfException e) {
                check(e);
                errors++;
            }
        }
        return errors;
    }

    private static void check(DwarfException e) {
        assertTrue(e.getMessage().startsWith("damaged: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** Even seeds flip a few bytes, odd seeds truncate; other sections stay intact. */
    private static DwarfSections mutate(DwarfSections original, DwarfSection damaged, int seed) {
        Random random = new Random(seed * 31L + damaged.ordinal());
        Map<DwarfSection, ByteBuffer> map = new EnumMap<>(DwarfSection.class);
        for (DwarfSection s : DwarfSection.values()) {
            original.section(s).ifPresent(b -> {
                byte[] bytes = new byte[b.remaining()];
                b.duplicate().get(bytes);
                if (s == damaged && bytes.length > 0) {
                    if (seed % 2 == 0) {
                        for (int k = 0; k < 1 + random.nextInt(8); k++) {
                            bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                        }
                    } else {
                        bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
                    }
                }
                map.put(s, ByteBuffer.wrap(bytes));
            });
        }
        return new MapDwarfSections(map, original.order(), original.addressSize());
    }
}
