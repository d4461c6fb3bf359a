package dev.crashkit.symbolicate.breakpad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The record rules of Breakpad's {@code BasicSourceLineResolver}, one case each, on small hand-written files. */
class BreakpadSymbolsTest {
    private static final String HEAD = "MODULE Linux x86_64 0E1AFF4172E2F8D9EED2378AA112749B0 app\n";

    private final List<String> warnings = new ArrayList<>();

    private BreakpadSymbols read(String text) throws BadSymbolFileException {
        return BreakpadSymbols.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.sym",
                warnings::add);
    }

    /** "name file:line" per frame, innermost first; the symbol table's name when no FUNC covers it. */
    private static List<String> at(BreakpadSymbols s, long address) {
        List<String> out = new ArrayList<>();
        for (SourceFrame f : s.lookup(address)) {
            out.add(f.functionName().orElse("?") + " " + f.file().orElse("") + ":" + f.line()
                    + (f.inlined() ? " inlined@" + Long.toHexString(f.startAddress().orElseThrow()) : ""));
        }
        if (out.isEmpty()) {
            SymbolTable t = s.symbolTable();
            int i = t.indexOf(address);
            if (i >= 0) {
                out.add(t.name(i) + " @" + Long.toHexString(t.start(i)));
            }
        }
        return out;
    }

    @Test
    void functionLineAndInlineChainAsBreakpadBuildsIt() throws Exception {
        BreakpadSymbols s = read(HEAD + """
                INFO CODE_ID 41FF1A0EE272D9F8EED2378AA112749BBC65CDB1
                FILE 0 a.c
                FILE 1 b.h
                INLINE_ORIGIN 0 outer_inline
                INLINE_ORIGIN 1 inner_inline
                FUNC 1000 40 0 f(int)
                INLINE 0 10 0 0 1008 20
                INLINE 1 20 1 1 1010 8 1020 4
                1000 8 5 0
                1008 8 11 0
                1010 10 30 1
                1020 20 6 0
                """);
        assertEquals(List.of("f(int) a.c:5"), at(s, 0x1000));
        assertEquals(List.of("outer_inline a.c:11 inlined@1008", "f(int) a.c:10"), at(s, 0x1009));
        // innermost: the line record; each outer frame: the call site of the inline inside it.
        assertEquals(List.of("inner_inline b.h:30 inlined@1010", "outer_inline b.h:20 inlined@1008", "f(int) a.c:10"),
                at(s, 0x1012));
        assertEquals(List.of("inner_inline a.c:6 inlined@1020", "outer_inline b.h:20 inlined@1008", "f(int) a.c:10"),
                at(s, 0x1023));
        assertEquals(List.of("outer_inline a.c:6 inlined@1008", "f(int) a.c:10"), at(s, 0x1024));
        assertEquals(List.of(), at(s, 0x1040));
        assertEquals(Optional.of("41FF1A0EE272D9F8EED2378AA112749BBC65CDB1"), s.module().codeId());
        assertEquals(Optional.of(DebugId.parse("41ff1a0ee272d9f8eed2378aa112749bbc65cdb1").orElseThrow()),
                s.module().debugId());
        assertEquals(List.of(), warnings);
    }

    @Test
    void oldInlineRecordsWithoutCallFileAndOldOriginsWithAFileNumber() throws Exception {
        BreakpadSymbols s = read(HEAD + """
                FILE 0 a.c
                INLINE_ORIGIN 0 0 helper
                INLINE_ORIGIN 1 -1 artificial one
                FUNC 1000 10 0 f
                INLINE 0 7 0 1000 8
                INLINE 0 9 1 1008 8
                1000 10 3 0
                """);
        // No call-site file: Breakpad leaves the line record's file on the call site.
        assertEquals(List.of("helper a.c:3 inlined@1000", "f a.c:7"), at(s, 0x1001));
        assertEquals(List.of("artificial one a.c:3 inlined@1008", "f a.c:9"), at(s, 0x1009));
    }

    @Test
    void publicAnswersUpToTheNextSymbolUnlessAFunctionStartsBetween() throws Exception {
        BreakpadSymbols s = read(HEAD + """
                PUBLIC 900 0 before
                FUNC 1000 10 0 f
                PUBLIC 1008 0 inside_f
                PUBLIC 1000 0 at_f_start
                PUBLIC 2000 0 last
                PUBLIC 0 0 at_zero_ignored
                """);
        assertEquals(List.of("before @900"), at(s, 0x950));
        assertEquals(List.of("before @900"), at(s, 0xfff));
        assertEquals(List.of("f :0"), at(s, 0x100f), "FUNC wins inside its range");
        // Past f's end the nearest PUBLIC below is inside_f, above f's start: Breakpad answers it,
        // with its own address as the function start.
        List<SourceFrame> tail = s.lookup(0x1010);
        assertEquals(Optional.of("inside_f"), tail.get(0).functionName());
        assertEquals(OptionalLong.of(0x1008), tail.get(0).startAddress());
        assertEquals(List.of("last @2000"), at(s, 0x7fff_ffffL), "the last PUBLIC never ends");
        assertEquals(List.of(), at(s, 0x10), "below every symbol");
        assertEquals(4, s.publicCount());
        assertEquals(0x2001, s.extent());
    }

    @Test
    void publicAtAFunctionStartNeverAnswersPastItsEnd() throws Exception {
        BreakpadSymbols s = read(HEAD + "FUNC 1000 10 0 f\nPUBLIC 1000 0 f_public\nFUNC 1100 10 0 g\n");
        assertEquals(List.of(), at(s, 0x1050), "public_address > function_base fails: nothing, as Breakpad");
    }

    @Test
    void emptyWrappingAndOverlappingRangesAreDroppedAsBreakpadsRangeMapDropsThem() throws Exception {
        BreakpadSymbols s = read(HEAD + """
                FUNC 1000 0 0 empty
                1000 4 1 0
                FUNC ffffffffffffff00 200 0 wraps
                FUNC 2000 20 0 kept
                2000 0 7 0
                2000 10 8 0
                2008 10 9 0
                2010 10 10 0
                FUNC 2010 20 0 overlaps_kept
                """);
        assertEquals(1, s.functionCount());
        assertEquals(List.of("kept :8"), at(s, 0x2009), "the later, overlapping line record is dropped");
        assertEquals(List.of("kept :10"), at(s, 0x2011));
        assertEquals(List.of(), warnings, "Breakpad drops these silently");
    }

    @Test
    void outOfOrderRecordsAreSorted() throws Exception {
        BreakpadSymbols s = read(HEAD + "FUNC 3000 10 0 c\n3008 8 2 0\n3000 8 1 0\nFUNC 1000 10 0 a\nFILE 0 x.c\n");
        assertEquals(List.of("c x.c:1"), at(s, 0x3001));
        assertEquals(List.of("c x.c:2"), at(s, 0x3009));
        assertEquals(List.of("a :0"), at(s, 0x1001));
    }

    @Test
    void malformedLinesAreSkippedAndToldWithFileAndLine() throws Exception {
        BreakpadSymbols s = read(HEAD + """
                FILE x a.c
                FUNC zz 10 0 bad
                FUNC 1000 10 0 f
                1000 10 -1 0
                1000 10 3 0
                PUBLIC 2000 0
                STACK FOO 1
                """);
        assertEquals(List.of("f :3"), at(s, 0x1000));
        assertEquals(List.of(
                "t.sym:2: file number is not a number: 'x' (line skipped)",
                "t.sym:3: address is not hex: 'zz' (line skipped)",
                "t.sym:5: line number out of range: '-1' (line skipped)",
                "t.sym:7: missing public symbol name (line skipped)",
                "t.sym:8: unknown STACK record 'FOO' (line skipped)"), warnings);
    }

    @Test
    void lineRecordsOutsideAFunctionAreMalformed() throws Exception {
        read(HEAD + "1000 10 3 0\nPUBLIC 1000 0 p\n1010 4 4 0\n");
        assertEquals(List.of("t.sym:2: line record outside a FUNC (or unknown record) (line skipped)",
                "t.sym:4: line record outside a FUNC (or unknown record) (line skipped)"), warnings);
    }

    @Test
    void moreThanAHundredMalformedLinesRefuseTheFile() {
        String text = HEAD + "garbage\n".repeat(101);
        BadSymbolFileException e = assertThrows(BadSymbolFileException.class, () -> read(text));
        assertEquals("t.sym:102: more than 100 malformed lines (this one: line record outside a FUNC (or unknown record))",
                e.getMessage());
        assertEquals(5, warnings.size(), "only the first five are told");
    }

    @Test
    void aFileThatDoesNotStartWithModuleIsRefused() {
        assertEquals("t.sym:1: first line is not MODULE, not a Breakpad symbol file",
                assertThrows(BadSymbolFileException.class, () -> read("FUNC 1000 10 0 f\n")).getMessage());
        assertEquals("t.sym:1: module id is not 33 to 40 hex digits: 'XYZ'",
                assertThrows(BadSymbolFileException.class, () -> read("MODULE Linux x86_64 XYZ app\n")).getMessage());
        assertEquals("t.sym: empty, not a Breakpad symbol file",
                assertThrows(BadSymbolFileException.class, () -> read("\n\n")).getMessage());
    }

    @Test
    void aLineOver16MegabytesIsRefusedNamingIt() {
        String text = HEAD + "FUNC 1000 10 0 " + "x".repeat(LineSource.MAX_LINE) + "\n";
        assertEquals("t.sym:2: line longer than 16777216 bytes",
                assertThrows(BadSymbolFileException.class, () -> read(text)).getMessage());
    }

    @Test
    void numbersAreCheckedLikeStrtoullButStrictly() throws Exception {
        read(HEAD + "FUNC 10000000000000000 1 0 over64\nFUNC ffffffffffffffff 1 0 allOnes\nFUNC 1000 1 0 ok\n");
        assertEquals(2, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("address over 64 bits"), warnings::toString);
        assertTrue(warnings.get(1).contains("address is 2^64-1"), warnings::toString);
    }

    @Test
    void cfiRulesAtAnAddressAreTheInitRulesThenEveryDeltaUpToIt() throws Exception {
        BreakpadSymbols s = read(HEAD + """
                STACK CFI INIT 1000 20 .cfa: $rsp 8 + .ra: .cfa -8 + ^
                STACK CFI 1001 .cfa: $rsp 16 + $rbp: .cfa -16 + ^
                STACK CFI 1004 .cfa: $rbp 16 +
                STACK CFI INIT 2000 10 .cfa: $rsp 8 + .ra: .cfa -8 + ^
                STACK WIN 4 1000 10 0 0 0 0 0 0 1 $T0 .raSearch =
                """);
        assertEquals(Map.of(".cfa", "$rsp 8 +", ".ra", ".cfa -8 + ^"), s.cfiRulesAt(0x1000).orElseThrow().rules());
        assertEquals(Map.of(".cfa", "$rsp 16 +", ".ra", ".cfa -8 + ^", "$rbp", ".cfa -16 + ^"),
                s.cfiRulesAt(0x1003).orElseThrow().rules());
        assertEquals(Optional.of("$rbp 16 +"), s.cfiRulesAt(0x101f).orElseThrow().rule(".cfa"));
        assertEquals(Map.of(".cfa", "$rsp 8 +", ".ra", ".cfa -8 + ^"), s.cfiRulesAt(0x2008).orElseThrow().rules(),
                "deltas of another range do not apply");
        assertEquals(Optional.empty(), s.cfiRulesAt(0x1020));
        assertEquals(2, s.cfiInitCount());
        assertEquals(2, s.cfiDeltaCount());
        assertEquals(List.of(), warnings);
    }

    @Test
    void crLfLinesAndNamesWithSpacesAndUtf8() throws Exception {
        BreakpadSymbols s = read(HEAD.replace("\n", "\r\n") + "FILE 0 C:\\src\\dir with space\\ü.cc\r\n"
                + "FUNC 1000 10 0 operator<<(std::ostream&, int const&)\r\n1000 10 42 0\r\n");
        assertEquals(List.of("operator<<(std::ostream&, int const&) C:\\src\\dir with space\\ü.cc:42"), at(s, 0x1000));
    }

    @Test
    void breakpadIdsOfElfAndMachOIdentities() {
        DebugId buildId = DebugId.parse("41ff1a0ee272d9f8eed2378aa112749bbc65cdb1").orElseThrow();
        // Breakpad's FileID: the first 16 bytes as a GUID, its first three fields byte-swapped; age 0.
        assertEquals("0E1AFF4172E2F8D9EED2378AA112749B0", BreakpadIds.breakpadId(buildId));
        DebugId uuid = DebugId.parse("4C4C44F2-5555-3144-A157-E368F8FB0F1A").orElseThrow();
        assertEquals("4C4C44F255553144A157E368F8FB0F1A0", BreakpadIds.breakpadId(uuid));
        DebugId shortId = DebugId.parse("0102030405060708").orElseThrow();
        assertEquals("0403020106050807000000000000000000".substring(0, 32) + "0", BreakpadIds.breakpadId(shortId));
        BreakpadModule mac = new BreakpadModule("mac", "arm64", "4C4C44F255553144A157E368F8FB0F1A0", "App", Optional.empty());
        assertEquals(Optional.of(uuid), mac.debugId());
        BreakpadModule linux = new BreakpadModule("Linux", "x86_64", "0E1AFF4172E2F8D9EED2378AA112749B0", "app",
                Optional.empty());
        assertEquals(Optional.of(DebugId.buildId(java.util.Arrays.copyOf(buildId.bytes(), 16))), linux.debugId(),
                "without a code id: the 16 bytes the GUID holds");
        BreakpadModule pdb = new BreakpadModule("windows", "x86", "5A9832E5287241C1838ED98914E9B7FF1", "xul.pdb",
                Optional.empty());
        assertEquals(Optional.empty(), pdb.debugId());
    }
}
