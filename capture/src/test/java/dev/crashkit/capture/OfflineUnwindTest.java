package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.capture.cli.CaptureMain;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.symbolize.ObjectCodeMap;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --stacks} report carries registers and stack windows: re-unwinding them offline from
 * the image files alone (ObjectCodeMap, ELF read by the symbolicator's reader) gives the same frames
 * as the live capture did.
 */
class OfflineUnwindTest {
    private static final String[] DWARF_NAMES = {"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp", "r8", "r9",
        "r10", "r11", "r12", "r13", "r14", "r15", "rip"};

    @TempDir
    Path dir;

    private static long hex(JsonNode n) {
        return Long.parseUnsignedLong(n.asText().substring(2), 16);
    }

    @Test
    void recordedStacksReUnwindToTheSameFrames() throws Exception {
        JsonNode root = captureFixture();
        List<ObjectCodeMap.Module> modules = new ArrayList<>();
        for (JsonNode img : root.get("images")) {
            Path file = Path.of(img.get("path").asText());
            if (!Files.isRegularFile(file) || !img.has("build_id")) {
                continue;
            }
            ElfFile elf = ElfFile.open(file);
            // Only the very same binary may be used: the build-id must match.
            if (elf.buildId().map(Object::toString).orElse("").equals(img.get("build_id").asText())) {
                modules.add(new ObjectCodeMap.Module(elf, hex(img.get("slide"))));
            }
        }
        assertTrue(modules.size() >= 2, "fixture and libc found on disk");
        ObjectCodeMap code = new ObjectCodeMap(modules);
        int compared = 0;
        for (JsonNode t : root.get("threads")) {
            Registers regs = new Registers();
            for (int i = 0; i < DWARF_NAMES.length; i++) {
                regs.set(i, hex(t.get("registers").get(DWARF_NAMES[i])));
            }
            JsonNode st = t.get("stack");
            ByteMemory stack = new ByteMemory(hex(st.get("base")), Base64.getDecoder().decode(st.get("bytes_base64")
                    .asText()));
            List<UnwoundFrame> again = Unwinder.forArch(Arch.Known.X86_64, stack.over(code.memory()), code).orElseThrow().unwind(regs, stack.end());
            assertEquals(recorded(t), again.stream().map(f -> "0x" + Long.toHexString(f.address()) + " "
                    + f.trust().label()).toList(), "thread " + t.get("tid"));
            compared++;
        }
        assertEquals(7, compared);
    }

    /**
     * The symbolicate command's --reunwind: the report's frames are cut down to the PC alone, the
     * image files are given as debug files, and the output has the live capture's frames again.
     */
    @Test
    void symbolicateReunwindRestoresTheCapturedFrames() throws Exception {
        JsonNode root = captureFixture();
        ObjectMapper json = new ObjectMapper();
        ObjectNode cut = root.deepCopy();
        List<String> dsyms = new ArrayList<>();
        for (JsonNode img : root.get("images")) {
            Path file = Path.of(img.get("path").asText());
            if (Files.isRegularFile(file) && img.has("build_id") && !dsyms.contains(file.toString())) {
                dsyms.add("--dsym");
                dsyms.add(file.toString());
            }
        }
        for (JsonNode t : cut.get("threads")) {
            ArrayNode frames = (ArrayNode) t.get("frames");
            while (frames.size() > 1) {
                frames.remove(frames.size() - 1);
            }
        }
        Path in = dir.resolve("cut.json");
        Files.writeString(in, json.writeValueAsString(cut));
        List<String> args = new ArrayList<>(List.of(in.toString(), "--reunwind", "--format", "json", "--no-cache"));
        args.addAll(dsyms);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
        assertTrue(code == 0 || code == 1, err.toString());
        JsonNode result = json.readTree(out.toString());
        int compared = 0;
        for (int i = 0; i < root.get("threads").size(); i++) {
            List<String> got = new ArrayList<>();
            int lastIndex = -1;
            for (JsonNode f : result.get("threads").get(i).get("frames")) {
                if (f.get("index").asInt() != lastIndex) { // one entry per input frame (inlines expand it)
                    got.add(f.get("address").asText() + " " + f.get("trust").asText());
                    lastIndex = f.get("index").asInt();
                }
            }
            assertEquals(recorded(root.get("threads").get(i)), got, "thread " + i);
            compared++;
        }
        assertEquals(7, compared);
    }

    private static List<String> recorded(JsonNode t) {
        List<String> recorded = new ArrayList<>();
        for (JsonNode f : t.get("frames")) {
            recorded.add(f.get("address").asText() + " " + f.get("trust").asText());
        }
        return recorded;
    }

    private JsonNode captureFixture() throws Exception {
        Path exe = NativeFixture.program();
        Process sh = new ProcessBuilder("sh", "-c", "'" + exe + "' & wait").redirectErrorStream(true).start();
        ProcessHandle p = null;
        JsonNode root;
        try {
            String ready = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            p = ProcessHandle.of(Long.parseLong(ready.substring(6).strip())).orElseThrow();
            Path out = dir.resolve("r.json");
            assertEquals(0, CaptureMain.run(new String[] {"--pid", Long.toString(p.pid()), "--out", out.toString(),
                "--stacks"}, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
            root = new ObjectMapper().readTree(Files.readString(out));
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
            sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        return root;
    }
}
