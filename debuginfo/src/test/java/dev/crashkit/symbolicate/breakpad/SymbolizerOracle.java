package dev.crashkit.symbolicate.breakpad;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.zip.GZIPInputStream;

/**
 * llvm-symbolizer-19 JSON goldens (testdata/breakpad/oracle.py) as frames, and a comparison of
 * any answer given as frames (function, file, line per frame, innermost first) with them.
 */
final class SymbolizerOracle {
    private SymbolizerOracle() {
    }

    /** One frame as both sides can say it. */
    record Frame(String function, String file, long line) {
        @Override
        public String toString() {
            return function + " " + file + ":" + line;
        }
    }

    /** Per address, llvm-symbolizer's chain (empty when it knows nothing). */
    record Answer(long address, List<Frame> frames) {
    }

    static List<Answer> read(Path gz) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Answer> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode entry = json.readTree(line);
                long address = Long.parseUnsignedLong(entry.get("Address").asText().substring(2), 16);
                List<Frame> frames = new ArrayList<>();
                for (JsonNode s : entry.get("Symbol")) {
                    String fn = s.get("FunctionName").asText();
                    if (fn.isEmpty() && s.get("FileName").asText().isEmpty()) {
                        continue;
                    }
                    frames.add(new Frame(fn, s.get("FileName").asText(), s.get("Line").asLong()));
                }
                out.add(new Answer(address, frames));
            }
        }
        return out;
    }

    static Frame of(SourceFrame f) {
        return new Frame(f.functionName().orElse(""), f.file().orElse(""), f.line());
    }

    /** How two answers compare, counted per address. */
    static final class Tally {
        int addresses;
        int identical;
        int sameFileLines;
        int frames;
        final List<String> differences = new ArrayList<>();

        void add(long address, List<Frame> ours, List<Frame> theirs) {
            addresses++;
            frames += theirs.size();
            if (ours.equals(theirs)) {
                identical++;
                sameFileLines++;
                return;
            }
            boolean locations = ours.size() == theirs.size();
            for (int i = 0; locations && i < ours.size(); i++) {
                locations = ours.get(i).file().equals(theirs.get(i).file()) && ours.get(i).line() == theirs.get(i).line();
            }
            if (locations) {
                sameFileLines++;
            }
            differences.add("0x" + Long.toHexString(address) + ": ours " + ours + " vs " + theirs);
        }

        @Override
        public String toString() {
            return addresses + " addresses (" + frames + " frames): " + identical + " identical, " + sameFileLines
                    + " with every file:line and chain length equal";
        }
    }

    static Tally compare(List<Answer> golden, LongFunction<List<Frame>> ours) {
        Tally t = new Tally();
        for (Answer a : golden) {
            t.add(a.address(), ours.apply(a.address()), a.frames());
        }
        return t;
    }
}
