package dev.crashkit.symbolicate.format.macho.names;

import dev.crashkit.symbolicate.format.kaitai.SwiftContextDescriptor;
import dev.crashkit.symbolicate.format.macho.fixups.Pointers;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Names each Swift nominal type's metadata accessor from {@code __swift5_types}
 * (ksy/swift_context_descriptor.ksy): the accessor of struct {@code Shapes.Canvas.Layer} is
 * {@code $s6Shapes6CanvasC5LayerVMa} ("type metadata accessor for Shapes.Canvas.Layer").
 *
 * <p>Cheap by design: only types whose parents are modules and other nominal types (no
 * extensions, anonymous contexts or non-ASCII names), and the mangling is rebuilt without the
 * compiler's word substitutions, so it demangles to the right text but may differ in bytes from
 * swiftc's symbol. Anything else is skipped silently: it is simply not named.
 */
final class SwiftTypes {
    private static final int KIND_MODULE = 0;
    private static final int KIND_CLASS = 16;
    private static final int KIND_STRUCT = 17;
    private static final int KIND_ENUM = 18;
    private static final int MAX_DEPTH = 16;
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** One accessor: its reconstructed mangled name and link-time address. */
    record Accessor(String name, long address) {
    }

    private SwiftTypes() {
    }

    static List<Accessor> read(VmMemory memory, Pointers pointers, Consumer<String> warn) {
        List<Accessor> out = new ArrayList<>();
        for (ImageLayout.SectionRange s : memory.layout().sections()) {
            if (!s.name().equals("__swift5_types")) {
                continue;
            }
            for (long a = s.addr(); a + 4 <= s.addr() + s.size(); a += 4) {
                try {
                    int rel = memory.s32(a);
                    long target = a + (rel & ~3);
                    long descriptor = switch (rel & 3) {
                        case 0 -> target;
                        case 1 -> pointers.read(target); // indirect: a pointer slot
                        default -> 0; // Objective-C class name references: not a descriptor here
                    };
                    if (descriptor != 0) {
                        accessor(memory, descriptor).ifPresent(out::add);
                    }
                } catch (MalformedImageException e) {
                    warn.accept(e.getMessage() + " (a __swift5_types entry)");
                    return out;
                } catch (RuntimeException e) { // a Kaitai read cut short: VmMemory checks ranges first, so a second line of defence
                    warn.accept(memory.layout().file() + ": __swift5_types entry at 0x" + Long.toHexString(a)
                            + " is malformed (" + e.getClass().getSimpleName() + ")");
                    return out;
                }
            }
        }
        return out;
    }

    private static java.util.Optional<Accessor> accessor(VmMemory memory, long descriptor)
            throws MalformedImageException {
        SwiftContextDescriptor.NominalType type = new SwiftContextDescriptor.NominalType(memory.stream(descriptor, 20));
        int kind = (int) (type.flags() & 0x1f);
        if (kindCode(kind) == null || type.accessFunction() == 0) {
            return java.util.Optional.empty();
        }
        long accessFunction = descriptor + 12 + type.accessFunction();
        Deque<String> parts = new ArrayDeque<>();
        long at = descriptor;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            SwiftContextDescriptor.Header h = new SwiftContextDescriptor.Header(memory.stream(at, 8));
            int k = h.kind();
            if (k == KIND_MODULE) {
                SwiftContextDescriptor.Module m = new SwiftContextDescriptor.Module(memory.stream(at, 12));
                String module = memory.cString(at + 8 + m.name());
                String code = switch (module) {
                    case "Swift" -> "s";
                    case "__C" -> "So";
                    default -> identifier(module);
                };
                if (code == null) {
                    return java.util.Optional.empty();
                }
                parts.push(code);
                return java.util.Optional.of(new Accessor("$s" + String.join("", parts) + "Ma", accessFunction));
            }
            if (kindCode(k) == null) {
                return java.util.Optional.empty(); // extension, anonymous context, protocol...
            }
            SwiftContextDescriptor.NominalType t = new SwiftContextDescriptor.NominalType(memory.stream(at, 20));
            String name = identifier(memory.cString(at + 8 + t.name()));
            if (name == null || h.parent() == 0 || (h.parent() & 1) != 0) {
                return java.util.Optional.empty(); // no parent, or one in another image
            }
            parts.push(name + kindCode(k));
            at = at + 4 + h.parent();
        }
        return java.util.Optional.empty();
    }

    private static String kindCode(int kind) {
        return switch (kind) {
            case KIND_CLASS -> "C";
            case KIND_STRUCT -> "V";
            case KIND_ENUM -> "O";
            default -> null;
        };
    }

    /** {@code <length><name>} for plain ASCII identifiers; null for those needing punycode. */
    private static String identifier(String s) {
        return IDENTIFIER.matcher(s).matches() ? s.length() + s : null;
    }
}
