package dev.crashkit.symbolicate.format.macho.fixups;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.layout.LinkeditCommands;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import java.util.function.Consumer;

/** Entry point: the {@link Pointers} of an image, from whichever fixup information it carries. */
public final class Fixups {
    private Fixups() {
    }

    /**
     * Chained fixups when the image has them, else LC_DYLD_INFO binds, else raw words. A payload
     * that cannot be read at all is a warning, and pointers are then read raw (in a chained image
     * that means "no pointer": names from metadata are simply not found).
     */
    public static Pointers of(VmMemory memory, LinkeditCommands commands, Consumer<String> warn) {
        try {
            if (commands.chainedFixups().isPresent()) {
                return ChainedFixups.read(memory, commands.chainedFixups().get(), warn);
            }
            if (!commands.usesChainedFixups() && commands.binds().isPresent()) {
                return DyldInfoBinds.read(memory, commands.binds().get(), warn);
            }
        } catch (ObjectFormatException e) {
            warn.accept(e.getMessage());
        }
        // Unreadable chained fixups (already reported): raw words would be encodings, not
        // addresses, so no slot is followed at all.
        return commands.usesChainedFixups()
                ? new Pointers(memory, new long[0], new long[0], new int[0], java.util.List.of(), true)
                : Pointers.raw(memory);
    }
}
