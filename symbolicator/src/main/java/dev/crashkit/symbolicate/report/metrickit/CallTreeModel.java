package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.PresetSymbol;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The model side of one {@code MXCallStackTree}: its images and its threads, each thread's frames
 * with the JSON frame object each came from. Every walk is a loop over an explicit stack or a
 * descent, never recursion, so the depth of the tree costs no Java stack.
 *
 * @param images     one per distinct (binaryUUID, binaryName), in order of first appearance
 * @param threads    one per call stack (per-thread trees) or per heaviest sampled path (aggregated)
 * @param frameNodes per thread, per frame: the JSON frame object it came from
 * @param aggregated the tree is {@code callStackPerThread: false}
 * @param jsonFrames every frame object in the tree, on a model path or not
 * @param warnings   what was kept although inconsistent (at most {@value #MAX_WARNINGS}, then a count)
 */
record CallTreeModel(List<Image> images, List<ThreadTrace> threads, List<List<ObjectNode>> frameNodes,
                     boolean aggregated, long jsonFrames, List<String> warnings) {

    /** An aggregated tree becomes at most this many threads, its heaviest paths. */
    static final int MAX_SAMPLED_PATHS = 16;
    static final int MAX_WARNINGS = 20;

    static CallTreeModel of(JsonNode tree, Optional<Arch> arch) {
        List<String> warnings = new ArrayList<>();
        long[] dropped = new long[1];
        Images images = Images.walk(tree, arch, warnings, dropped);
        boolean aggregated = tree.has("callStackPerThread") && !JsonTrees.bool(tree, "callStackPerThread");
        List<JsonNode> stacks = JsonTrees.array(tree, "callStacks");
        List<Path> paths = new ArrayList<>();
        for (int s = 0; s < stacks.size(); s++) {
            JsonNode stack = stacks.get(s);
            boolean attributed = JsonTrees.bool(stack, "threadAttributed");
            List<ObjectNode> roots = objects(stack.path("callStackRootFrames"));
            if (!aggregated) {
                // A per-thread stack is normally one chain; a hang's may branch (samples of one thread):
                // its heaviest path stands for it, as Sentry's "most sampled stack" does.
                paths.add(new Path(s, attributed, heaviestPath(roots)));
            } else {
                for (ObjectNode root : roots) {
                    paths.add(new Path(s, attributed, heaviestPath(List.of(root))));
                }
            }
        }
        if (aggregated) {
            paths = heaviestDistinct(paths);
        }
        List<ThreadTrace> threads = new ArrayList<>();
        List<List<ObjectNode>> nodes = new ArrayList<>();
        Set<Integer> attributedSeen = new HashSet<>();
        for (int t = 0; t < paths.size(); t++) {
            Path p = paths.get(t);
            List<Frame> frames = new ArrayList<>(p.nodes().size());
            for (int f = 0; f < p.nodes().size(); f++) {
                frames.add(frame(p.nodes().get(f), f > 0, images));
            }
            Optional<String> name = aggregated
                    ? Optional.of(String.format(Locale.ROOT, "sampled path %d (%s samples)", t + 1,
                            Long.toUnsignedString(p.samples())))
                    : Optional.empty();
            // Aggregated: only the heaviest path of an attributed stack is marked, so one thread is.
            boolean crashed = p.attributed() && (!aggregated || attributedSeen.add(p.stack()));
            threads.add(new ThreadTrace(aggregated ? t : p.stack(), name, crashed, frames));
            nodes.add(p.nodes());
        }
        if (dropped[0] > 0) {
            warnings.add(dropped[0] + " more inconsistent frames");
        }
        return new CallTreeModel(images.list(), threads, nodes, aggregated, images.frames(), warnings);
    }

    /** A path from a root frame (the innermost) outwards, and how many samples its root has. */
    private record Path(int stack, boolean attributed, List<ObjectNode> nodes) {
        long samples() {
            return nodes.isEmpty() ? 0 : sampleCount(nodes.get(0));
        }
    }

    /** From the heaviest of {@code level}, the heaviest subframe at each step (ties: the first). */
    static List<ObjectNode> heaviestPath(List<ObjectNode> level) {
        List<ObjectNode> path = new ArrayList<>();
        Optional<ObjectNode> next = heaviest(level);
        while (next.isPresent()) {
            path.add(next.get());
            next = heaviest(objects(next.get().path("subFrames")));
        }
        return path;
    }

    private static Optional<ObjectNode> heaviest(List<ObjectNode> level) {
        ObjectNode best = null;
        for (ObjectNode n : level) {
            if (best == null || Long.compareUnsigned(sampleCount(n), sampleCount(best)) > 0) {
                best = n;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Distinct paths (by addresses), heaviest first (stable), at most {@link #MAX_SAMPLED_PATHS}. */
    private static List<Path> heaviestDistinct(List<Path> paths) {
        List<Path> sorted = new ArrayList<>(paths);
        sorted.sort(Comparator.comparing(Path::samples, Long::compareUnsigned).reversed());
        Set<List<Long>> seen = new HashSet<>();
        List<Path> out = new ArrayList<>();
        for (Path p : sorted) {
            if (out.size() == MAX_SAMPLED_PATHS) {
                break;
            }
            if (!p.nodes().isEmpty() && seen.add(addresses(p.nodes()))) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<Long> addresses(List<ObjectNode> nodes) {
        Long[] a = new Long[nodes.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = JsonTrees.unsigned(nodes.get(i), "address").orElse(0);
        }
        return Arrays.asList(a);
    }

    static long sampleCount(JsonNode frame) {
        return JsonTrees.unsigned(frame, "sampleCount").orElse(0);
    }

    /** The objects of a frame array (anything else in it is not a frame). */
    static List<ObjectNode> objects(JsonNode array) {
        List<ObjectNode> out = new ArrayList<>();
        if (array.isArray()) {
            for (JsonNode n : array) {
                if (n instanceof ObjectNode o) {
                    out.add(o);
                }
            }
        }
        return out;
    }

    /**
     * The root frame of a path is where the thread was (exact PC); the frames after it are callers,
     * return addresses.
     */
    private static Frame frame(ObjectNode n, boolean returnAddress, Images images) {
        long address = JsonTrees.unsigned(n, "address").orElse(0);
        Optional<Image> image = images.of(n);
        return new Frame(address, returnAddress, Optional.empty(),
                PresetSymbol.reported(image.map(Image::name),
                        image.isPresent() ? OptionalLong.of(image.get().loadAddress()) : OptionalLong.empty(),
                        MetricKitDocument.symbolOf(n)));
    }

    /** Images by (binaryUUID, binaryName), with load address = address - offsetIntoBinaryTextSegment. */
    private static final class Images {
        private final Map<String, Image> byKey = new LinkedHashMap<>();
        private long frames;

        static Images walk(JsonNode tree, Optional<Arch> arch, List<String> warnings, long[] dropped) {
            Images images = new Images();
            Deque<JsonNode> todo = new ArrayDeque<>();
            for (JsonNode stack : JsonTrees.array(tree, "callStacks")) {
                objects(stack.path("callStackRootFrames")).forEach(todo::push);
            }
            while (!todo.isEmpty()) {
                JsonNode n = todo.pop();
                images.frames++;
                objects(n.path("subFrames")).forEach(todo::push);
                images.add(n, arch, warnings, dropped);
            }
            return images;
        }

        private void add(JsonNode n, Optional<Arch> arch, List<String> warnings, long[] dropped) {
            Optional<String> uuid = JsonTrees.text(n, "binaryUUID");
            if (uuid.isEmpty() && !n.has("binaryName")) {
                return; // no image named: the frame stays without one
            }
            String key = key(n);
            OptionalLong address = JsonTrees.unsigned(n, "address");
            OptionalLong offset = JsonTrees.unsigned(n, "offsetIntoBinaryTextSegment");
            if (address.isEmpty() || offset.isEmpty()
                    || Long.compareUnsigned(offset.getAsLong(), address.getAsLong()) > 0) {
                warn(warnings, dropped, "frame " + where(n) + ": offsetIntoBinaryTextSegment "
                        + offset.stream().mapToObj(Long::toUnsignedString).findFirst().orElse("absent")
                        + " does not fit address " + address.stream().mapToObj(a -> "0x" + Long.toHexString(a))
                        .findFirst().orElse("absent") + "; its image load address is not taken from it");
                return;
            }
            long load = address.getAsLong() - offset.getAsLong();
            Image known = byKey.get(key);
            if (known == null) {
                String name = JsonTrees.text(n, "binaryName").or(() -> uuid).orElse("???");
                byKey.put(key, new Image(name, Optional.empty(), uuid.flatMap(DebugId::parse), arch, load,
                        OptionalLong.empty(), OptionalLong.empty()));
            } else if (known.loadAddress() != load) {
                warn(warnings, dropped, "frame " + where(n) + ": load address 0x" + Long.toHexString(load)
                        + " (address - offsetIntoBinaryTextSegment) disagrees with image " + known.name() + " at 0x"
                        + Long.toHexString(known.loadAddress()) + "; frame kept");
            }
        }

        Optional<Image> of(JsonNode n) {
            return Optional.ofNullable(byKey.get(key(n)));
        }

        List<Image> list() {
            return List.copyOf(byKey.values());
        }

        long frames() {
            return frames;
        }

        private static String key(JsonNode n) {
            return JsonTrees.text(n, "binaryUUID").map(u -> u.toUpperCase(Locale.ROOT)).orElse("") + "\n"
                    + JsonTrees.text(n, "binaryName").orElse("");
        }

        private static String where(JsonNode n) {
            return JsonTrees.text(n, "binaryName").orElse("?") + " 0x"
                    + Long.toHexString(JsonTrees.unsigned(n, "address").orElse(0));
        }

        private static void warn(List<String> warnings, long[] dropped, String message) {
            if (warnings.size() < MAX_WARNINGS) {
                warnings.add(message);
            } else {
                dropped[0]++;
            }
        }
    }
}
