package dev.crashkit.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ArchTest {

    /** Names as {@code lipo -info} / {@code llvm-objdump --macho --private-header} print them (mach/machine.h). */
    @ParameterizedTest
    @CsvSource({
        "16777228, 0, arm64", "16777228, 2, arm64e", "16777228, -2147483646, arm64e", "16777228, 1, arm64v8",
        "33554444, 1, arm64_32", "16777223, 3, x86_64", "16777223, 8, x86_64h", "7, 3, i386",
        "12, 9, armv7", "12, 11, armv7s", "12, 12, armv7k", "12, 6, armv6", "12, 0, arm", "12, 99, arm",
        "18, 0, ppc", "16777234, 0, ppc64"})
    void machONames(long type, long subtype, String name) {
        assertEquals(name, Arch.machO(type, subtype).label());
        assertTrue(Arch.machO(type, subtype).isKnown());
    }

    @Test
    void unknownMachOKeepsItsNumbers() {
        Arch a = Arch.machO(99, 5);
        assertEquals("cpu99/5", a.toString());
        Arch.Other o = (Arch.Other) a;
        assertEquals(OptionalLong.of(99), o.machOCpuType());
        assertEquals(OptionalLong.of(5), o.machOSubtype());
        assertFalse(a.isKnown());
        assertEquals(-1L, a.addressMask());
    }

    @ParameterizedTest
    @CsvSource({"3, i386", "62, x86_64", "183, arm64", "40, arm", "243, riscv", "8, mips", "20, ppc", "21, ppc64",
        "4242, em4242"})
    void elfNames(int machine, String name) {
        assertEquals(name, Arch.elf(machine).label());
    }

    @Test
    void reportStringsAndMasks() {
        assertEquals(Arch.Known.ARM64E, Arch.parse("arm64e"));
        assertEquals(0x7fff_ffff_ffffL, Arch.parse("arm64e").addressMask());
        assertEquals(0xffff_ffffL, Arch.parse("armv7k").addressMask());
        assertEquals(-1L, Arch.parse("sparc").addressMask());
        assertEquals("ARM64", Arch.parse("ARM64").label(), "unknown spellings are kept as written");
        assertEquals(Arch.Known.ARM64, Arch.fromAppleCodeType("ARM-64 (Native)"));
        assertEquals(Arch.Known.X86_64, Arch.fromAppleCodeType("X86-64"));
        assertEquals("PowerPC-Whatever", Arch.fromAppleCodeType(" PowerPC-Whatever ").label());
        assertTrue(Arch.parse("armv8m").is32Bit());
        assertFalse(Arch.Known.ARM64_32.addressMask() == -1L);
        assertTrue(Arch.sameFamily(Arch.Known.ARM64, Arch.Known.ARM64E));
        assertFalse(Arch.sameFamily(Arch.Known.ARM64, Arch.Known.ARM64_32));
    }
}
