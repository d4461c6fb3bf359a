package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.SliceId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The code of a report's images rebuilt from the binaries among the debug files, matched by
 * build-id: what an offline unwinder reads return addresses' call sites and CFI from. Shared by the
 * re-unwind of captured threads and the walk of minidump threads.
 */
final class ImageBinaries {
    private ImageBinaries() {
    }

    /** The images whose binary (ELF with {@code .eh_frame}, Mach-O with it or {@code __unwind_info}) is among the debug files, each at its load bias. */
    static List<ObjectCodeMap.Module> find(ModuleCache modules, List<Image> images, Diagnostics diagnostics) {
        return new ArrayList<>(byImage(modules, images, diagnostics).values());
    }

    /** As {@link #find}, keyed by the image each binary was found for (in the report's order). */
    static Map<Image, ObjectCodeMap.Module> byImage(ModuleCache modules, List<Image> images, Diagnostics diagnostics) {
        Map<Image, ObjectCodeMap.Module> mapped = new LinkedHashMap<>();
        for (Image img : images) {
            codeFile(modules, img, diagnostics)
                    .ifPresent(object -> mapped.put(img, new ObjectCodeMap.Module(object, slide(img, object))));
        }
        return mapped;
    }

    /** The first file with this image's id that has unwind tables (debug-only copies and dSYMs have none). */
    private static Optional<ObjectFile> codeFile(ModuleCache modules, Image img, Diagnostics diagnostics) {
        if (img.id().isEmpty()) {
            return Optional.empty();
        }
        for (DebugFileIndex.Entry e : modules.index().find(img.id().get())) {
            if (e.container() == SliceId.Container.BREAKPAD) {
                continue;
            }
            try {
                Optional<ObjectFile> object = ObjectFiles.openWithId(modules.members().path(e), img.id().get());
                if (object.isPresent() && (object.get().unwindSections().stream().anyMatch(u -> !u.debugFrame())
                        || hasCompactUnwind(object.get()))) {
                    return object;
                }
            } catch (CrashkitException ex) {
                diagnostics.warn("skipping " + ex.getMessage());
            }
        }
        return Optional.empty();
    }

    /** A Mach-O binary (not a dSYM) with {@code __unwind_info}: code whose frames compact unwind describes. */
    private static boolean hasCompactUnwind(ObjectFile object) {
        return object instanceof MachOImage m && m.fileType() != MachOImage.MH_DSYM
                && m.section("__TEXT", "__unwind_info").isPresent();
    }

    /** Load bias: the report's slide, else load address minus the lowest PT_LOAD address. */
    private static long slide(Image img, ObjectFile object) {
        if (img.slide().isPresent()) {
            return img.slide().getAsLong();
        }
        return img.loadAddress() - object.linkBase();
    }
}
