package dev.crashkit.capture.darwin;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.unwind.Memory;
import java.util.Optional;

/**
 * What capture needs from a Mach-O header mapped in memory: the CPU type and subtype, LC_UUID and the
 * {@code __TEXT} segment (for the slide and the image's extent). Only the 64-bit header.
 *
 * @param textVmaddr link-time address of {@code __TEXT}; header address minus it is the slide
 */
public record MachHeader(int cpuType, int cpuSubtype, int fileType, Optional<DebugId> uuid, long textVmaddr, long textVmsize) {
    private static final int MH_MAGIC_64 = 0xfeedfacf;
    private static final int LC_SEGMENT_64 = 0x19;
    private static final int LC_UUID = 0x1b;
    private static final int MAX_COMMANDS_BYTES = 1 << 20;

    /** Reads the header at {@code address}; empty when it is not a readable 64-bit Mach-O header. */
    public static Optional<MachHeader> read(Memory memory, long address) {
        byte[] h = new byte[32];
        if (memory.read(address, h, 0, 32) != 32 || i32(h, 0) != MH_MAGIC_64) {
            return Optional.empty();
        }
        int cpu = i32(h, 4);
        int subtype = i32(h, 8);
        int fileType = i32(h, 12);
        int ncmds = i32(h, 16);
        int size = i32(h, 20);
        if (size < 0 || size > MAX_COMMANDS_BYTES) {
            return Optional.empty();
        }
        byte[] cmds = new byte[size];
        if (memory.read(address + 32, cmds, 0, size) != size) {
            return Optional.empty();
        }
        Optional<DebugId> uuid = Optional.empty();
        long textVmaddr = 0;
        long textVmsize = 0;
        int at = 0;
        for (int i = 0; i < ncmds && at + 8 <= size; i++) {
            int cmd = i32(cmds, at);
            int len = i32(cmds, at + 4);
            if (len < 8 || at + len > size) {
                break;
            }
            if (cmd == LC_UUID && len >= 24) {
                uuid = Optional.of(DebugId.uuid(java.util.Arrays.copyOfRange(cmds, at + 8, at + 24)));
            } else if (cmd == LC_SEGMENT_64 && len >= 72 && segname(cmds, at + 8).equals("__TEXT")) {
                textVmaddr = ThreadState.le(cmds, at + 24);
                textVmsize = ThreadState.le(cmds, at + 32);
            }
            at += len;
        }
        return Optional.of(new MachHeader(cpu, subtype, fileType, uuid, textVmaddr, textVmsize));
    }

    /** The architecture the header names ({@code arm64e} keeps its subtype). */
    public Arch arch() {
        return Arch.machO(cpuType, cpuSubtype);
    }

    private static String segname(byte[] b, int at) {
        int end = at;
        while (end < at + 16 && b[end] != 0) {
            end++;
        }
        return new String(b, at, end - at, java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static int i32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
