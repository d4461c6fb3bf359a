package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.testkit.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code --reunwind} of an arm64 report: the thread gdb-multiarch recorded under qemu-aarch64
 * (testdata/unwind/arm64, nested-cfi) written as a crashreport/1 capture of an {@code arm64} process
 * with its registers by name and its stack window, and only frame 0. The re-unwinder picks the arm64
 * unwinder and register table from the process's arch and finds the binary by build-id; the frames
 * are gdb's {@code bt}.
 */
class Arm64ReunwindTest {
    private static final Pattern REG = Pattern.compile("^(\\w+)\\s+0x([0-9a-f]+)\\s.*$");
    private static final Pattern BT = Pattern.compile("^#\\d+\\s+0x([0-9a-f]+) in .*$");

    @Test
    void arm64ThreadReunwoundAsGdb() throws Exception {
        Path binary = TestData.file("unwind/arm64/nested-cfi");
        ObjectFile elf = ObjectFiles.open(binary).get(0);
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode().put("schema", CrashReportJson.SCHEMA);
        root.putObject("process").put("name", "nested-cfi").put("arch", "arm64");
        root.putObject("crash").put("thread", 1);
        root.putArray("images").addObject().put("name", "nested-cfi").put("path", "/opt/nested-cfi")
                .put("build_id", elf.id().orElseThrow().toString()).put("arch", "arm64")
                .put("load_address", "0x" + Long.toHexString(elf.linkBase())).put("slide", "0x0");
        ObjectNode thread = root.putArray("threads").addObject().put("id", 1).put("crashed", true);
        ObjectNode regs = thread.putObject("registers");
        long sp = -1;
        long pc = -1;
        for (String line : Files.readAllLines(TestData.file("unwind/arm64/nested-cfi.regs.txt"))) {
            Matcher m = REG.matcher(line);
            if (m.matches()) {
                regs.put(m.group(1), "0x" + m.group(2));
                sp = m.group(1).equals("sp") ? Long.parseUnsignedLong(m.group(2), 16) : sp;
                pc = m.group(1).equals("pc") ? Long.parseUnsignedLong(m.group(2), 16) : pc;
            }
        }
        thread.putArray("frames").addObject().put("address", "0x" + Long.toHexString(pc)).put("trust", "context");
        byte[] stack = Files.readAllBytes(TestData.file("unwind/arm64/nested-cfi.stack.bin"));
        thread.putObject("stack").put("base", "0x" + Long.toHexString(sp))
                .put("bytes_base64", Base64.getEncoder().encodeToString(stack));
        CrashReport report = CrashReportJson.read(json.writeValueAsString(root), "arm64.json");

        DebugFileIndex index = DebugFileIndex.scan(List.of(binary), m -> { });
        List<String> warnings = new ArrayList<>();
        CrashReport again = new Reunwinder(new ModuleCache(index), warnings::add).reunwind(report);

        List<Long> gdb = new ArrayList<>();
        for (String line : Files.readAllLines(TestData.file("unwind/arm64/nested-cfi.bt.txt"))) {
            Matcher m = BT.matcher(line);
            if (m.matches()) {
                gdb.add(Long.parseUnsignedLong(m.group(1), 16));
            }
        }
        List<Frame> frames = again.threads().get(0).frames();
        assertEquals(List.of(), warnings);
        assertEquals(gdb, frames.stream().map(Frame::address).toList());
        assertEquals(List.of(Trust.CONTEXT, Trust.CFI, Trust.CFI, Trust.CFI, Trust.CFI),
                frames.stream().map(f -> f.trust().orElseThrow()).toList());
        assertFalse(frames.get(0).returnAddress(), "frame 0 is the PC");
    }
}
