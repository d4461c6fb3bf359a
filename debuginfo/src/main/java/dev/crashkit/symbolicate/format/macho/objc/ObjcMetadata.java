package dev.crashkit.symbolicate.format.macho.objc;

import dev.crashkit.symbolicate.format.kaitai.MachoObjc;
import dev.crashkit.symbolicate.format.macho.fixups.Pointers;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.Printable;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Walks {@code __objc_classlist} and {@code __objc_catlist} (and their +load and Swift-stub
 * twins) of a 64-bit image: each class's instance methods (class_t → class_ro_t → baseMethods),
 * its metaclass's class methods (isa → class_ro_t), and each category's instance and class
 * methods under {@code Class(Category)}, the class named by its own metadata or, for a class of
 * another image, by the bind of the category's cls slot ({@code _OBJC_CLASS_$_NSObject}).
 *
 * <p>Every pointer goes through {@link Pointers} (rebases, binds, authenticated fixups), every
 * read is bounds-checked by {@link VmMemory}; a bad class or category is one warning and the
 * others are still read.
 */
public final class ObjcMetadata {
    /** class_t field offsets (ksy/macho_objc.ksy, type class). */
    private static final int CLASS_ISA = 0;
    private static final int CLASS_DATA = 32;
    private static final int CLASS_SIZE = 40;
    /** class_ro_t: name and baseMethods (ksy type class_ro). */
    private static final int RO_NAME = 24;
    private static final int RO_METHODS = 32;
    private static final int RO_SIZE = 72;
    /** category_t (ksy type category). */
    private static final int CAT_NAME = 0;
    private static final int CAT_CLS = 8;
    private static final int CAT_INSTANCE_METHODS = 16;
    private static final int CAT_CLASS_METHODS = 24;
    private static final int CAT_SIZE = 48;
    /** class_t.data holds flags below bit 3 (Swift) and above the address (objc4 on-disk mask, dyld ObjCVisitor). */
    private static final long DATA_MASK = 0x00007ffffffffff8L;
    private static final String CLASS_SYMBOL = "_OBJC_CLASS_$_";
    /** Warnings per image: enough to see what is wrong, not a flood from one broken list. */
    private static final int MAX_WARNINGS = 5;

    private final VmMemory memory;
    private final Pointers pointers;
    private final Consumer<String> warn;
    private final MethodLists lists;
    private final List<ObjcMethod> out = new ArrayList<>();
    private int warnings;

    private ObjcMetadata(VmMemory memory, Pointers pointers, Consumer<String> warn) {
        this.memory = memory;
        this.pointers = pointers;
        this.warn = warn;
        this.lists = new MethodLists(memory, pointers);
    }

    /** All methods with an implementation in this image, in metadata order (duplicates possible). */
    public static List<ObjcMethod> read(VmMemory memory, Pointers pointers, Consumer<String> warn) {
        ObjcMetadata m = new ObjcMetadata(memory, pointers, warn);
        for (ImageLayout.SectionRange s : memory.layout().sections()) {
            if (!s.segment().startsWith("__DATA")) {
                continue;
            }
            switch (s.name()) {
                case "__objc_classlist", "__objc_nlclslist" -> m.eachSlot(s, m::readClass);
                case "__objc_catlist", "__objc_catlist2", "__objc_nlcatlist" -> m.eachSlot(s, m::readCategory);
                default -> { }
            }
        }
        if (m.warnings > MAX_WARNINGS) {
            warn.accept(memory.layout().file() + ": " + (m.warnings - MAX_WARNINGS)
                    + " more Objective-C metadata problems not shown");
        }
        return List.copyOf(m.out);
    }

    @FunctionalInterface
    private interface EntryReader {
        void read(long address) throws MalformedImageException;
    }

    private void eachSlot(ImageLayout.SectionRange list, EntryReader reader) {
        try {
            // The whole list must be in the file: its size comes from the section header, and a
            // hostile one would otherwise make this loop run for 2^60 entries (found by fuzzing).
            memory.fileOffset(list.addr(), list.size());
        } catch (MalformedImageException e) {
            problem(list.name() + ": " + detail(e));
            return;
        }
        long n = list.size() / 8;
        for (long i = 0; i < n; i++) {
            long slot = list.addr() + i * 8;
            try {
                long target = pointers.read(slot);
                if (target != 0) {
                    reader.read(target);
                }
            } catch (MalformedImageException | RuntimeException e) {
                // RuntimeException: a Kaitai read of a structure cut short by a hostile size
                // (VmMemory checks every range first, so this is a second line of defence).
                problem(list.name() + " entry " + i + ": " + detail(e));
            }
        }
    }

    private void readClass(long cls) throws MalformedImageException {
        ClassInfo info = classInfo(cls);
        MalformedImageException instanceSide = null;
        try {
            lists.read(info.methods(), '-', info.name(), out);
        } catch (MalformedImageException e) {
            instanceSide = e; // the class methods may still be fine
        }
        long meta = pointers.read(cls + CLASS_ISA);
        // The root metaclass's isa is itself; a class never is its own metaclass.
        if (meta != 0 && meta != cls) {
            lists.read(classInfo(meta).methods(), '+', info.name(), out);
        }
        if (instanceSide != null) {
            throw instanceSide;
        }
    }

    private void readCategory(long cat) throws MalformedImageException {
        MachoObjc.Category c = new MachoObjc.Category(memory.stream(cat, CAT_SIZE));
        String category = memory.cString(pointers.resolve(cat + CAT_NAME, c.name()));
        long cls = pointers.resolve(cat + CAT_CLS, c.cls());
        Optional<String> owner = cls != 0 ? Optional.of(classInfo(cls).name())
                : pointers.boundSymbol(cat + CAT_CLS).filter(s -> s.startsWith(CLASS_SYMBOL))
                        .map(s -> s.substring(CLASS_SYMBOL.length()));
        if (owner.isEmpty()) {
            throw new MalformedImageException(memory.layout().file() + ": category " + Printable.quote(category) + " at 0x"
                    + Long.toHexString(cat) + " names no class");
        }
        String qualified = owner.get() + "(" + category + ")";
        MalformedImageException instanceSide = null;
        try {
            lists.read(pointers.resolve(cat + CAT_INSTANCE_METHODS, c.instanceMethods()), '-', qualified, out);
        } catch (MalformedImageException e) {
            instanceSide = e;
        }
        lists.read(pointers.resolve(cat + CAT_CLASS_METHODS, c.classMethods()), '+', qualified, out);
        if (instanceSide != null) {
            throw instanceSide;
        }
    }

    /** A class's (or metaclass's) name and method list address, from its class_ro_t. */
    private record ClassInfo(String name, long methods) {
    }

    private ClassInfo classInfo(long cls) throws MalformedImageException {
        MachoObjc.Class c = new MachoObjc.Class(memory.stream(cls, CLASS_SIZE));
        long data = pointers.resolve(cls + CLASS_DATA, c.data()) & DATA_MASK;
        if (data == 0) {
            throw new MalformedImageException(memory.layout().file() + ": class at 0x" + Long.toHexString(cls)
                    + " has no class_ro_t");
        }
        MachoObjc.ClassRo ro = new MachoObjc.ClassRo(memory.stream(data, RO_SIZE));
        String name = SwiftClassNames.readable(memory.cString(pointers.resolve(data + RO_NAME, ro.name())));
        return new ClassInfo(name, pointers.resolve(data + RO_METHODS, ro.baseMethods()));
    }

    private void problem(String message) {
        if (++warnings <= MAX_WARNINGS) {
            warn.accept(memory.layout().file() + ": Objective-C metadata: " + message);
        }
    }

    /** An exception's message without the leading "file: " (the warning names the file once). */
    private String detail(Exception e) {
        String m = String.valueOf(e.getMessage());
        String prefix = memory.layout().file() + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }
}
