package dev.crashkit.core.crashreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.core.model.Trust;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CrashReportJsonTest {
    private static final String FULL = """
            {"schema":"crashreport/1",
             "process":{"name":"App","pid":123,"arch":"arm64","os":"iOS 17.1","timestamp":"2026-11-21T10:00:00Z"},
             "crash":{"signal":"SIGSEGV","code":"SEGV_MAPERR","address":"0x0","thread":1,"reason":"bad"},
             "images":[{"name":"App","path":"/private/var/App","uuid":"8f3c2a10b0b14c5e9d7a0011223344ff","arch":"arm64",
                        "load_address":"0x1000a4000","slide":"0xa4000","size":"0x24000"},
                       {"path":"/usr/lib/libfoo.so","build_id":"0123456789abcdef0123456789abcdef01234567","load_address":"0x7f0000000000"}],
             "threads":[{"id":1,"name":"main","crashed":true,"frames":["0xfffffffffffffff0",{"address":"0x1000a8110","extra":1,"trust":"scan"},
                                                                   {"address":"0x1000a8200","exact_pc":true},{"address":"0x1000a8300","exact_pc":false}]},
                        {"frames":[],"registers":{"rip":"0x401000","rsp":"0x7ffc0000"},
                         "stack":{"base":"0x7ffc0000","bytes_base64":"AAECAw=="}}]}
            """;

    /**
     * A frame given as a string is read by a direct hex reader when it is plain {@code 0x…}; every
     * other spelling goes through the general parser: same value (or same error) as the general
     * parser gives for the same text as an object's address.
     */
    @ParameterizedTest
    @ValueSource(strings = {"0x0", "0x1f", "0X1F", "0xABCdef", "0x100628d7c", "0xfffffffffffffff", "0xffffffffffffffff",
        "0x8000000000000000", " 0x1f", "0x1f ", "0x+1f", "0x-1", "4096", "0x", "0xZZ", "0x11112222333344445", "0x1_0"})
    void stringFramesReadAsTheirObjectSpelling(String address) {
        String asString = "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x1\",\""
                + address + "\"]}]}";
        String asObject = "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x1\",{\"address\":\""
                + address + "\"}]}]}";
        long expected;
        try {
            expected = CrashReportJson.read(asObject, "t.json").threads().get(0).frames().get(1).address();
        } catch (ReportException e) {
            ReportException got = assertThrows(ReportException.class, () -> CrashReportJson.read(asString, "t.json"));
            assertEquals(e.getMessage().replace("frames[1].address", "frames[1]"), got.getMessage());
            return;
        }
        try {
            assertEquals(new Frame(expected, true), CrashReportJson.read(asString, "t.json").threads().get(0).frames().get(1));
        } catch (ReportException e) {
            throw new AssertionError(address + ": " + e.getMessage(), e);
        }
    }

    /** A digit of another script in a UUID is a bad UUID (it was a NumberFormatException out of the reader). */
    @Test
    void otherScriptsDigitsInAUuidAreABadUuid() {
        String uuid = "4C4C447D-5555-3144-A1C5-5335E981ED0\u0660";
        ReportException e = assertThrows(ReportException.class, () -> CrashReportJson.read(
                "{\"schema\":\"crashreport/1\",\"images\":[{\"name\":\"a\",\"uuid\":\"" + uuid
                        + "\",\"load_address\":\"0x1000\"}],\"threads\":[]}", "t.json"));
        assertEquals("t.json: $.images[0].uuid: \"" + uuid + "\" is not a UUID or hex build-id", e.getMessage());
    }

    @Test
    void readsEveryField() throws Exception {
        CrashReport r = CrashReportJson.read(FULL, "t.json");
        assertEquals("App", r.process().name().orElseThrow());
        assertEquals(123, r.process().pid().getAsLong());
        assertEquals("SEGV_MAPERR", r.crash().orElseThrow().code().orElseThrow());
        assertEquals(2, r.images().size());
        assertEquals(0x1000a4000L, r.images().get(0).loadAddress());
        assertEquals(0x24000L, r.images().get(0).size().getAsLong());
        assertEquals("8F3C2A10-B0B1-4C5E-9D7A-0011223344FF", r.images().get(0).id().orElseThrow().toString());
        assertEquals("libfoo.so", r.images().get(1).name());
        assertEquals(DebugId.Kind.BUILD_ID, r.images().get(1).id().orElseThrow().kind());
        assertTrue(r.images().get(1).size().isEmpty());
        // Full 64-bit addresses survive (JSON numbers would lose them past 2^53).
        assertEquals(0xfffffffffffffff0L, r.threads().get(0).frames().get(0).address());
        assertFalse(r.threads().get(0).frames().get(0).returnAddress());
        assertTrue(r.threads().get(0).frames().get(1).returnAddress());
        assertEquals(Trust.SCAN, r.threads().get(0).frames().get(1).trust().orElseThrow());
        assertTrue(r.threads().get(0).frames().get(0).trust().isEmpty());
        // exact_pc (a signal trampoline or the frame it interrupted) is looked up without the -1.
        assertFalse(r.threads().get(0).frames().get(2).returnAddress());
        assertTrue(r.threads().get(0).frames().get(2).trust().isEmpty());
        assertTrue(r.threads().get(0).frames().get(3).returnAddress());
        assertEquals(1, r.threads().get(1).id(), "a thread without id takes its position");
        var state = r.threads().get(1).state().orElseThrow();
        assertEquals(0x401000L, state.registers().get("rip"));
        assertEquals(0x7ffc0000L, state.stackBase().getAsLong());
        assertTrue(state.unwindable());
        assertTrue(r.threads().get(0).state().isEmpty());
    }

    @Test
    void writeThenReadGivesTheSameReport() throws Exception {
        CrashReport r = CrashReportJson.read(FULL, "t.json");
        java.io.StringWriter w = new java.io.StringWriter();
        CrashReportJson.write(r, w);
        assertEquals(r, CrashReportJson.read(w.toString(), "round-trip.json"));
    }

    private static final String REPORTED = """
            {"schema":"crashreport/1","images":[],
             "threads":[{"frames":[{"address":"0x1000","reported":{"image":"libsystem_kernel.dylib",
                                    "image_load_address":"0xf00","symbol":"a_function_here","offset":64,
                                    "file":"main.m","line":16}},
                                   {"address":"0x2000","trust":"scan","kept_from_capture":true},
                                   {"address":"0x3000","reported":{"image":"???"}},
                                   "0x4000",
                                   {"address":"0x5000","trust":"scan","jit":"LBusy;spin(J)J"}]}]}
            """;

    @Test
    void readsWhatTheReportSaidOfAFrame() throws Exception {
        CrashReport r = CrashReportJson.read(REPORTED, "t.json");
        List<Frame> f = r.threads().get(0).frames();
        ReportedFrame said = f.get(0).reported().orElseThrow();
        assertEquals(Optional.of("libsystem_kernel.dylib"), said.image());
        assertEquals(0xf00L, said.imageLoadAddress().getAsLong());
        assertEquals(Optional.of("a_function_here"), said.symbol());
        assertEquals(64, said.offset().getAsLong());
        assertEquals(Optional.of("main.m"), said.file());
        assertEquals(16, said.line().getAsInt());
        assertFalse(f.get(0).keptFromCapture());
        assertTrue(f.get(1).keptFromCapture());
        assertEquals(Trust.SCAN, f.get(1).trust().orElseThrow());
        assertTrue(f.get(2).reported().isEmpty(), "Apple's ??? names no image");
        assertEquals(new Frame(0x4000, true), f.get(3));
        assertEquals(Optional.of("LBusy;spin(J)J"), f.get(4).reported().orElseThrow().symbol(),
                "a capture's JIT name is what the report says of the frame");
    }

    @Test
    void reportedNamesAndKeptFramesRoundTrip() throws Exception {
        CrashReport r = CrashReportJson.read(REPORTED, "t.json");
        java.io.StringWriter w = new java.io.StringWriter();
        CrashReportJson.write(r, w);
        assertEquals(r, CrashReportJson.read(w.toString(), "round-trip.json"));
    }

    /** A document without the new fields reads as before: plain frames, nothing reported, nothing kept. */
    @Test
    void documentsWithoutReportedNamesReadAsBefore() throws Exception {
        CrashReport r = CrashReportJson.read(FULL, "t.json");
        assertEquals(List.of(new Frame(0xfffffffffffffff0L, false), new Frame(0x1000a8110L, true,
                Optional.of(Trust.SCAN)), new Frame(0x1000a8200L, false), new Frame(0x1000a8300L, true)),
                r.threads().get(0).frames());
        java.io.StringWriter w = new java.io.StringWriter();
        CrashReportJson.write(r, w);
        assertFalse(w.toString().contains("reported"), w.toString());
        assertFalse(w.toString().contains("kept_from_capture"), w.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[{\"address\":\"0x1\",\"reported\":\"x\"}]}]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[{\"address\":\"0x1\",\"reported\":{\"line\":-1}}]}]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[{\"address\":\"0x1\",\"reported\":{\"symbol\":1}}]}]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[{\"address\":\"0x1\",\"kept_from_capture\":1}]}]}",
    })
    void rejectsBadReportedFieldsNamingThePath(String text) {
        ReportException e = assertThrows(ReportException.class, () -> CrashReportJson.read(text, "bad.json"));
        assertTrue(e.getMessage().startsWith("bad.json: $.threads[0].frames[0]."), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "not json", "[1,2]", "{\"schema\":\"crashreport/2\",\"images\":[],\"threads\":[]}",
        "{\"schema\":\"crashreport/1\",\"threads\":[]}",
        "{\"schema\":\"crashreport/1\",\"images\":[{\"name\":\"a\"}],\"threads\":[]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0xZZ\"]}]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x11112222333344445\"]}]}",
        "{\"schema\":\"crashreport/1\",\"images\":[{\"name\":\"a\",\"load_address\":\"0x1\",\"uuid\":\"xyz\"}],\"threads\":[]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[true]}]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[{\"address\":\"0x1\",\"exact_pc\":1}]}]}",
        "{\"schema\":\"crashreport/1\",\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[]}",
        "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[123456789012345678901234567890]}]}",
    })
    void rejectsBadInputWithOneLineNamingTheFile(String text) {
        ReportException e = assertThrows(ReportException.class, () -> CrashReportJson.read(text, "bad.json"));
        assertTrue(e.getMessage().startsWith("bad.json: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
