package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the debug file of an image the report gives no identity (an hs_err log names libraries by path
 * only): an indexed file with the image's file name ({@code libx.so}, or {@code libx.so.debug} as
 * {@code objcopy --only-keep-debug} output is usually named) gives the build-id, and the module is then
 * loaded by that build-id as for any image, so a stripped binary's separate debug file (Debian's
 * {@code /usr/lib/debug/.build-id/xx/yyyy.debug}) is found by its id. Nothing checks that the named file
 * is the one the process ran: the status says so. Several files of that name with different ids are not
 * guessed between.
 */
final class NameMatch {

    /** What the name gave. */
    sealed interface Result permits Found, NotFound {
    }

    /**
     * The identity the name gave and the file that gave it; {@code verified} when another given file
     * (a separate debug file) carries the same build-id.
     */
    record Found(DebugId id, DebugFileIndex.Entry named, boolean verified) implements Result {
    }

    /** No identity: {@code reason} says why (no file of that name, or several with different ids). */
    record NotFound(String reason) implements Result {
    }

    private NameMatch() {
    }

    /**
     * The one identity the indexed files named like {@code img} carry (on {@code img}'s arch when known), or a
     * reason why there is none.
     *
     * @return the match, or why there is none
     */
    static Result find(DebugFileIndex index, Image img) {
        List<DebugFileIndex.Entry> named = new ArrayList<>(index.findByName(img.name()));
        named.addAll(index.findByName(img.name() + ".debug"));
        Set<DebugId> ids = new LinkedHashSet<>();
        DebugFileIndex.Entry first = null;
        for (DebugFileIndex.Entry e : named) {
            if (img.arch().isPresent() && !Arch.sameFamily(img.arch().get(), e.arch())) {
                continue; // another slice of a universal file, or a build for another CPU
            }
            if (ids.add(e.id()) && first == null) {
                first = e;
            }
        }
        if (ids.isEmpty()) {
            return new NotFound("the report gives no build-id for this image and no given file is named "
                    + img.name());
        }
        if (ids.size() > 1) {
            return new NotFound("the report gives no build-id for this image and " + ids.size()
                    + " given files named " + img.name() + " have different ones (" + join(ids) + "): not guessed between");
        }
        DebugId id = first.id();
        // Verified: another given file carries the same build-id (a separate debug file, found by it).
        boolean verified = false;
        for (DebugFileIndex.Entry e : index.find(id)) {
            verified |= !e.location().equals(first.location());
        }
        return new Found(id, first, verified);
    }

    /** The image status detail of a module found through {@code found}. */
    static String detail(Found found, Optional<java.nio.file.Path> debugFile) {
        if (found.verified()) {
            return "matched by file name: " + found.named().location() + ", whose build-id " + found.id()
                    + " the debug file " + debugFile.map(Object::toString).orElse("?") + " has too";
        }
        return "matched by file name only: " + found.named().location() + " (build-id " + found.id()
                + "); the report gives no build-id to check it against";
    }

    private static String join(Set<DebugId> ids) {
        StringBuilder sb = new StringBuilder();
        for (DebugId id : ids) {
            sb.append(sb.length() == 0 ? "" : ", ").append(id);
        }
        return sb.toString();
    }
}
