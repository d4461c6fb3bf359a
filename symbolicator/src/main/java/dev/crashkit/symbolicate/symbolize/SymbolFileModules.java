package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The images whose binary is not among the debug files but whose Breakpad symbol file is: found by
 * the image's id through the module cache, the very module the symbolizer names their frames with.
 */
final class SymbolFileModules {
    private SymbolFileModules() {
    }

    /**
     * @param withBinary the images whose binary was found (they keep its code and CFI)
     */
    static List<SymbolFileCodeMap.Module> find(ModuleCache modules, List<Image> images, Set<Image> withBinary) {
        List<SymbolFileCodeMap.Module> out = new ArrayList<>();
        for (Image img : images) {
            // Without an id there is no file to match; without a size, no range to claim addresses by.
            if (img.id().isEmpty() || img.size().isEmpty() || withBinary.contains(img)) {
                continue;
            }
            if (modules.get(img.id().get()) instanceof ModuleCache.Loaded loaded
                    && loaded.module().dwarf().orElse(null) instanceof BreakpadSymbols sym) {
                out.add(new SymbolFileCodeMap.Module(img, img.loadAddress(), img.size().getAsLong(), sym));
            }
        }
        return out;
    }
}
