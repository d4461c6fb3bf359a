package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.DwarfSection;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged DWARF (bytes flipped, sections cut short, as DwarfCorruptionTest damages them): a cache
 * built from it gives the same frames and the same error messages, address for address, as the
 * damaged DWARF itself. The errors must actually occur (units, inline trees and line tables that
 * fail), or the test proves nothing about them.
 */
class SymCacheDamagedDwarfTest {
    private static final List<DwarfSection> DAMAGED = List.of(DwarfSection.DEBUG_INFO, DwarfSection.DEBUG_ABBREV,
            DwarfSection.DEBUG_LINE, DwarfSection.DEBUG_STR, DwarfSection.DEBUG_ARANGES, DwarfSection.DEBUG_RANGES,
            DwarfSection.DEBUG_STR_OFFSETS, DwarfSection.DEBUG_ADDR, DwarfSection.DEBUG_RNGLISTS);

    @Test
    void damagedDwarfAnswersAlikeFromTheCache(@TempDir Path dir) throws IOException {
        List<Path> files = List.of(
                SymCacheEquivalenceTest.repo("testdata/dwarf/macho/Inline5.dSYM/Contents/Resources/DWARF/Inline5"),
                SymCacheEquivalenceTest.repo("testdata/dwarf/macho/Inline4.dSYM/Contents/Resources/DWARF/Inline4"),
                SymCacheEquivalenceTest.repo("testdata/elf/debug/app-gcc.debug"),
                SymCacheEquivalenceTest.repo("testdata/elf/debug/app-clang.debug"));
        int images = 0;
        int errorAnswers = 0;
        int frameAnswers = 0;
        for (Path file : files) {
            ObjectFile object = ObjectFiles.open(file).get(0);
            DwarfSections original = DwarfSections.of(object);
            for (DwarfSection damaged : DAMAGED) {
                if (original.section(damaged).isEmpty()) {
                    continue;
                }
                for (int round = 0; round < 12; round++) {
                    int seed = round;
                    DwarfSections sections = mutate(original, damaged, seed);
                    DwarfContext live;
                    FlatDwarf flat;
                    try {
                        live = DwarfContext.open("damaged", sections);
                        flat = DwarfContext.open("damaged", sections).flatten(2);
                    } catch (DwarfException e) {
                        continue; // no DWARF for the module, hence no cache
                    }
                    images++;
                    SymCacheKey key = SymCacheKey.builder("d").field("seed", file + " " + damaged + " " + seed).build();
                    SymCache cache = SymCacheStore.in(dir).build(key, new ModuleLayout("x", Arch.parse("arm64"), 0,
                            List.of()), SymbolTable.empty(), flat, "damaged").cache();
                    List<Long> addresses = new ArrayList<>();
                    for (int i = 0; i < flat.rangeCount(); i++) {
                        addresses.add(flat.rangeStart(i));
                        addresses.add(flat.rangeStart(i) - 1);
                    }
                    for (long a : addresses) {
                        String want = SymCacheEquivalenceTest.answer(live, a);
                        assertEquals(want, SymCacheEquivalenceTest.answer(cache, a),
                                () -> file + " " + damaged + " seed " + seed + " at 0x" + Long.toHexString(a));
                        if (want.startsWith("error: ")) {
                            errorAnswers++;
                        } else if (!want.equals("[]")) {
                            frameAnswers++;
                        }
                    }
                }
            }
        }
        assertTrue(images > 100, "damaged images flattened: " + images);
        assertTrue(errorAnswers > 50, "addresses answered with an error: " + errorAnswers);
        assertTrue(frameAnswers > 1000, "addresses answered with frames: " + frameAnswers);
    }

    /** Even seeds flip a few bytes, odd seeds truncate; other sections stay intact. */
    static DwarfSections mutate(DwarfSections original, DwarfSection damaged, int seed) {
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
        ByteOrder order = original.order();
        int addressSize = original.addressSize();
        return new DwarfSections() {
            @Override
            public Optional<ByteBuffer> section(DwarfSection which) {
                return Optional.ofNullable(map.get(which)).map(ByteBuffer::duplicate);
            }

            @Override
            public ByteOrder order() {
                return order;
            }

            @Override
            public int addressSize() {
                return addressSize;
            }
        };
    }
}
