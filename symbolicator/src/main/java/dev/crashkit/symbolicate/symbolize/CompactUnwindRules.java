package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import dev.crashkit.symbolicate.format.macho.unwind.CompactEncoding;
import dev.crashkit.symbolicate.format.macho.unwind.CompactUnwindInfo;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The compact unwind information of one loaded Mach-O image ({@code __TEXT,__unwind_info}) applied
 * as libunwind's {@code CompactUnwinder_arm64} and {@code CompactUnwinder_x86_64} apply it: a frame
 * function's caller from its frame record, a frameless one's from its stack size (read from the
 * function's {@code sub} instruction when indirect) and, on arm64, LR. A DWARF-mode encoding sends
 * the unwinder to {@code __eh_frame}, whose FDE for the function is the one the encoding names.
 *
 * @param info          the section
 * @param headerAddress the runtime address of the image's Mach-O header (function offsets are from it)
 * @param arm64         the image's CPU: arm64, else x86-64
 */
record CompactUnwindRules(CompactUnwindInfo info, long headerAddress, boolean arm64) {
    /** x86-64 DWARF numbers of compact unwind's register numbers 1..6 (RBX, R12..R15, RBP). */
    private static final int[] X86_REGISTER = {-1, 3, 12, 13, 14, 15, 6};
    private static final int CPU_ARM64 = 0x0100000c;
    private static final int CPU_X86_64 = 0x01000007;
    private static final int RBP = 6;
    private static final int RSP = 7;
    private static final int RIP = 16;
    private static final int X29 = 29;
    private static final int X30 = 30;
    private static final int SP = 31;

    /** What the encoding covering a PC says to do. */
    enum Kind {
        /** No compact unwind covers it (or it says nothing): the module's other CFI applies. */
        NONE,
        /** DWARF mode: the module's __eh_frame applies. */
        DWARF,
        /** A compact rule: {@link #caller} applies. */
        COMPACT
    }

    /** The section of a Mach-O image at load bias {@code bias}, when it has a readable one. */
    static Optional<CompactUnwindRules> of(ObjectFile object, long bias) {
        if (!(object instanceof MachOImage macho) || (macho.cpuType() != CPU_ARM64 && macho.cpuType() != CPU_X86_64)) {
            return Optional.empty();
        }
        try {
            Optional<Section> s = macho.section("__TEXT", "__unwind_info");
            if (s.isEmpty()) {
                return Optional.empty();
            }
            return macho.sectionBytes(s.get()).isEmpty() ? Optional.empty() : Optional.of(new CompactUnwindRules(
                    CompactUnwindInfo.parse(macho.path(), macho.sectionBytes(s.get()).get()),
                    macho.textVmaddr() + bias, macho.cpuType() == CPU_ARM64));
        } catch (ObjectFormatException e) {
            return Optional.empty(); // unreadable: __eh_frame, frame records and scanning remain
        }
    }

    private Optional<Located> locate(long pc) {
        long offset = pc - headerAddress;
        if (offset < 0) {
            return Optional.empty();
        }
        try {
            return info.find(offset).map(e -> new Located(headerAddress + e.functionOffset(),
                    arm64 ? CompactEncoding.arm64(e.encoding()) : CompactEncoding.x86_64(e.encoding())));
        } catch (ObjectFormatException e) {
            return Optional.empty(); // a malformed page: as if it had no entry
        }
    }

    private record Located(long functionStart, CompactEncoding encoding) {
    }

    /** Which rules apply at {@code pc}. */
    Kind kindAt(long pc) {
        Optional<Located> l = locate(pc);
        if (l.isEmpty() || l.get().encoding() instanceof CompactEncoding.None) {
            return Kind.NONE;
        }
        return l.get().encoding() instanceof CompactEncoding.Dwarf ? Kind.DWARF : Kind.COMPACT;
    }

    /** The __eh_frame offset of the FDE a DWARF-mode encoding at {@code pc} names. */
    OptionalLong fdeOffsetAt(long pc) {
        Optional<Located> l = locate(pc);
        return l.isPresent() && l.get().encoding() instanceof CompactEncoding.Dwarf d
                ? OptionalLong.of(d.fdeOffset()) : OptionalLong.empty();
    }

    /**
     * The caller by the compact encoding at {@code pc}; empty when it is not a compact rule or the
     * memory it reads is missing.
     */
    Optional<CodeMap.RuleCaller> caller(long pc, Registers callee, Memory memory) {
        Optional<Located> l = locate(pc);
        if (l.isEmpty()) {
            return Optional.empty();
        }
        Registers caller = callee.copy();
        CompactEncoding e = l.get().encoding();
        if (e instanceof CompactEncoding.Arm64Frame f) {
            return arm64Frame(f, callee, caller, memory);
        } else if (e instanceof CompactEncoding.Arm64Frameless f) {
            return arm64Frameless(f, callee, caller);
        } else if (e instanceof CompactEncoding.X86Frame f) {
            return x86Frame(f, callee, caller, memory);
        } else if (e instanceof CompactEncoding.X86Frameless f) {
            return x86Frameless(f, l.get().functionStart(), callee, caller, memory);
        }
        return Optional.empty();
    }

    private static Optional<CodeMap.RuleCaller> arm64Frame(CompactEncoding.Arm64Frame f, Registers callee,
                                                           Registers caller, Memory memory) {
        OptionalLong fp = callee.get(X29);
        if (fp.isEmpty()) {
            return Optional.empty();
        }
        // Callee-saved pairs lie below the record, first register of each pair higher.
        long at = fp.getAsLong() - 8;
        int reg = 19;
        for (int bit : List.of(0x1, 0x2, 0x4, 0x8, 0x10)) {
            if ((f.pairs() & bit) != 0) {
                restore(caller, reg, memory.readU64(at));
                restore(caller, reg + 1, memory.readU64(at - 8));
                at -= 16;
            }
            reg += 2;
        }
        OptionalLong callerFp = memory.readU64(fp.getAsLong());
        OptionalLong ra = memory.readU64(fp.getAsLong() + 8);
        if (callerFp.isEmpty() || ra.isEmpty()) {
            return Optional.empty();
        }
        caller.set(X29, callerFp.getAsLong());
        caller.set(X30, ra.getAsLong());
        return Optional.of(new CodeMap.RuleCaller(caller, fp.getAsLong() + 16, ra.getAsLong()));
    }

    private static Optional<CodeMap.RuleCaller> arm64Frameless(CompactEncoding.Arm64Frameless f, Registers callee,
                                                               Registers caller) {
        OptionalLong sp = callee.get(SP);
        OptionalLong lr = callee.get(X30);
        if (sp.isEmpty() || lr.isEmpty()) {
            return Optional.empty();
        }
        // The caller's LR is not known: the leaf did not save it, and the caller's own value is gone.
        caller.forget(X30);
        return Optional.of(new CodeMap.RuleCaller(caller, sp.getAsLong() + f.stackSize(), lr.getAsLong()));
    }

    private static Optional<CodeMap.RuleCaller> x86Frame(CompactEncoding.X86Frame f, Registers callee,
                                                         Registers caller, Memory memory) {
        OptionalLong rbp = callee.get(RBP);
        if (rbp.isEmpty()) {
            return Optional.empty();
        }
        long at = rbp.getAsLong() - 8L * f.savedOffset();
        for (int r : f.registers()) {
            if (r >= 1 && r <= 6) {
                restore(caller, X86_REGISTER[r], memory.readU64(at));
            }
            at += 8;
        }
        OptionalLong callerRbp = memory.readU64(rbp.getAsLong());
        OptionalLong ra = memory.readU64(rbp.getAsLong() + 8);
        if (callerRbp.isEmpty() || ra.isEmpty()) {
            return Optional.empty();
        }
        caller.set(RBP, callerRbp.getAsLong());
        caller.set(RIP, ra.getAsLong());
        return Optional.of(new CodeMap.RuleCaller(caller, rbp.getAsLong() + 16, ra.getAsLong()));
    }

    private static Optional<CodeMap.RuleCaller> x86Frameless(CompactEncoding.X86Frameless f, long functionStart,
                                                             Registers callee, Registers caller, Memory memory) {
        OptionalLong rsp = callee.get(RSP);
        if (rsp.isEmpty()) {
            return Optional.empty();
        }
        long size = f.stackSize();
        if (f.indirect()) {
            // The size is the immediate of the function's "sub rsp, imm32", plus the pushes.
            byte[] imm = new byte[4];
            if (memory.read(functionStart + f.subOffset(), imm, 0, 4) != 4) {
                return Optional.empty();
            }
            size = (Byte.toUnsignedLong(imm[0]) | Byte.toUnsignedLong(imm[1]) << 8 | Byte.toUnsignedLong(imm[2]) << 16
                    | Byte.toUnsignedLong(imm[3]) << 24) + 8L * f.adjust();
        }
        if (size < 8) {
            return Optional.empty();
        }
        long returnSlot = rsp.getAsLong() + size - 8;
        long at = returnSlot - 8L * f.registers().size();
        for (int r : f.registers()) {
            restore(caller, X86_REGISTER[r], memory.readU64(at));
            at += 8;
        }
        OptionalLong ra = memory.readU64(returnSlot);
        if (ra.isEmpty()) {
            return Optional.empty();
        }
        caller.set(RIP, ra.getAsLong());
        return Optional.of(new CodeMap.RuleCaller(caller, returnSlot + 8, ra.getAsLong()));
    }

    private static void restore(Registers regs, int reg, OptionalLong value) {
        if (value.isPresent()) {
            regs.set(reg, value.getAsLong());
        } else {
            regs.forget(reg);
        }
    }
}
