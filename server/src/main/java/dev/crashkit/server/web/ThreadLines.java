package dev.crashkit.server.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.web.view.Views;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A symbolicated/1 document's threads as {@code Thread.callStackSymbols} prints them (index in 4 columns,
 * image in 35, the address as 0x%016llx, then {@code symbol + offset}, or {@code 0xLOAD + offset}
 * without a name), crashed thread first; frames in the app's own images are marked for highlighting.
 * A page shows at most {@value #PAGE_THREADS} threads and, but for the crashed thread's, {@value #PAGE_FRAMES}
 * frames of each, saying what it leaves out (the API has all that is stored), so that its size stays bounded
 * (issue 32: 108 MB for one report).
 */
final class ThreadLines {
    static final int PAGE_THREADS = 100;
    static final int PAGE_FRAMES = 100;
    private static final String NOT_STORED = " were not symbolicated or stored: past the frame budget of the server";
    private static final String IN_JSON = "GET /api/reports/{id} gives all that is stored";

    private ThreadLines() {
    }

    static List<Views.ThreadView> threads(JsonNode symbolicated, JsonNode appImages) {
        Set<String> app = new HashSet<>();
        appImages.forEach(n -> app.add(n.asText()));
        Map<String, String> loads = new HashMap<>();
        for (JsonNode img : symbolicated.path("images")) {
            loads.putIfAbsent(img.path("name").asText(), img.path("load_address").asText());
        }
        List<Views.ThreadView> crashed = new ArrayList<>();
        List<Views.ThreadView> others = new ArrayList<>();
        // A hang's stuck thread is its crashed one: shown first, saying how long it did not answer.
        boolean hang = symbolicated.path("kind").asText("").equals("hang");
        JsonNode h = symbolicated.path("hang");
        String hung = " (hung" + (h.path("duration_ms").isIntegralNumber() ? " for " + h.path("duration_ms").asLong()
                + " ms" : "") + (h.path("ongoing").asBoolean() ? ", ongoing" : "") + ")";
        Map<Integer, JsonNode> omitted = new HashMap<>();
        for (JsonNode o : symbolicated.path("omitted").path("threads")) {
            omitted.put(o.path("index").asInt(), o);
        }
        int index = -1;
        int hidden = 0;
        for (JsonNode t : symbolicated.path("threads")) {
            index++;
            boolean isCrashed = t.path("crashed").asBoolean();
            if (!isCrashed && others.size() + crashed.size() >= PAGE_THREADS) {
                hidden++;
                continue;
            }
            String name = t.path("name").isTextual() ? t.path("name").asText() : "";
            String title = "Thread " + t.path("id").asText() + (name.isEmpty() ? "" : ": " + name)
                    + (isCrashed ? (hang ? hung : " (crashed)") : "");
            List<Views.FrameLine> lines = new ArrayList<>();
            for (JsonNode f : t.path("frames")) {
                if (!isCrashed && lines.size() == PAGE_FRAMES) {
                    break;
                }
                lines.add(line(f, loads, app));
            }
            (isCrashed ? crashed : others).add(new Views.ThreadView(title, isCrashed, lines,
                    note(t.path("frames").size() - lines.size(), Optional.ofNullable(omitted.get(index)))));
        }
        crashed.addAll(others);
        if (hidden > 0) {
            long notStored = symbolicated.path("omitted").path("frames").asLong();
            crashed.add(new Views.ThreadView(hidden + " more thread(s)", false, List.of(), Optional.of(hidden
                    + " more thread(s) not shown on this page; " + IN_JSON + (notStored == 0 ? "" : "; " + notStored
                    + " frames of this report" + NOT_STORED))));
        }
        return crashed;
    }

    private static Optional<String> note(int notShown, Optional<JsonNode> omitted) {
        List<String> parts = new ArrayList<>();
        if (notShown > 0) {
            parts.add(notShown + " more frame(s) not shown on this page; " + IN_JSON);
        }
        omitted.ifPresent(o -> parts.add(o.path("frames").asLong() + " of its " + o.path("of").asLong()
                + " frames" + NOT_STORED));
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
    }

    static Views.FrameLine line(JsonNode f, Map<String, String> loads, Set<String> app) {
        String image = f.path("image").isTextual() ? f.path("image").asText() : "???";
        long address = Long.parseUnsignedLong(f.path("address").asText("0x0").substring(2), 16);
        String what;
        if (f.path("symbol").isTextual()) {
            what = f.path("symbol").asText() + " + " + f.path("offset").asLong();
        } else if (f.path("image").isTextual()) {
            what = loads.getOrDefault(image, "0x0") + " + " + f.path("offset").asLong();
        } else {
            what = "???";
        }
        String text = String.format(Locale.ROOT, "%-4d%-35s 0x%016x %s", f.path("index").asInt(), image, address, what);
        Optional<String> loc = Optional.empty();
        if (f.path("file").isTextual()) {
            String file = f.path("file").asText();
            String base = file.substring(file.lastIndexOf('/') + 1);
            loc = Optional.of(base + (f.path("line").isInt() ? ":" + f.path("line").asInt() : "")
                    + (f.path("inlined").asBoolean() ? ", inlined" : ""));
        }
        return new Views.FrameLine(text, app.contains(image), loc);
    }
}
