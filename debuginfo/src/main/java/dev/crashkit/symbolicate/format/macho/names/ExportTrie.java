package dev.crashkit.symbolicate.format.macho.names;

import dev.crashkit.symbolicate.format.kaitai.MachoExportTrie;
import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.Printable;
import dev.crashkit.symbolicate.format.macho.layout.BoundedStream;
import io.kaitai.struct.KaitaiStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The symbols an image exports, from its export trie (ksy/macho_export_trie.ksy): each node's
 * edges spell the next part of the names below it. Only regular exports with an address in this
 * image are returned (not re-exports, absolute or thread-local symbols).
 *
 * <p>Hostile input: each node is visited at most once (so a cycle or a shared subtree costs
 * nothing extra), a child offset must be inside the trie, names are capped in length; a bad node
 * is one warning and what was read before it is kept.
 */
final class ExportTrie {
    private static final int KIND_REGULAR = 0;
    private static final int MAX_NAME = 4096;

    /** One exported symbol: its name (leading underscore kept) and link-time address. */
    record Export(String name, long address) {
    }

    /** A node still to visit and the name spelled by the edges leading to it. */
    private record Pending(long offset, String prefix) {
    }

    private ExportTrie() {
    }

    static List<Export> read(Path file, ByteBuffer trie, long imageBase, Consumer<String> warn) {
        List<Export> out = new ArrayList<>();
        if (trie.capacity() == 0) {
            return out;
        }
        KaitaiStream in = new BoundedStream(trie.duplicate());
        BitSet visited = new BitSet(trie.capacity());
        Deque<Pending> todo = new ArrayDeque<>();
        todo.push(new Pending(0, ""));
        try {
            while (!todo.isEmpty()) {
                Pending next = todo.pop();
                long offset = next.offset();
                String prefix = next.prefix();
                if (visited.get((int) offset)) {
                    throw new MalformedImageException(file + ": export trie node at offset " + offset
                            + " is reached twice (a loop or shared subtree)");
                }
                visited.set((int) offset);
                in.seek(offset);
                MachoExportTrie.Node node = parse(file, in, offset);
                if (node.terminal() != null) {
                    MachoExportTrie.ExportInfo info = node.terminal();
                    if (!info.isReexport() && info.kind() == KIND_REGULAR) {
                        out.add(new Export(prefix, imageBase + info.address().value()));
                    }
                }
                for (MachoExportTrie.Edge e : node.children()) {
                    long child = e.childOffset().value();
                    if (child <= 0 || child >= trie.capacity()) {
                        throw new MalformedImageException(file + ": export trie edge " + Printable.quote(e.label())
                                + " points to offset " + child + ", outside the trie (" + trie.capacity() + " bytes)");
                    }
                    String name = prefix + e.label();
                    if (name.length() > MAX_NAME) {
                        throw new MalformedImageException(file + ": export trie name longer than " + MAX_NAME);
                    }
                    todo.push(new Pending(child, name));
                }
            }
        } catch (MalformedImageException e) {
            warn.accept(e.getMessage() + "; exports after it are not read");
        }
        return out;
    }

    private static MachoExportTrie.Node parse(Path file, KaitaiStream in, long offset) throws MalformedImageException {
        try {
            return new MachoExportTrie.Node(in);
        } catch (RuntimeException e) { // Kaitai reports cut-off data with unchecked exceptions
            throw new MalformedImageException(file + ": export trie node at offset " + offset + " is cut off", e);
        }
    }
}
