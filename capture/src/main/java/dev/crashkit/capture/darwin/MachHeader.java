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
    private static final int MH_MAGIC_64 = DarwinLayout.MH_MAGIC_64;
    private static final int LC_SEGMENT_64 = DarwinLayout.LC_SEGMENT_64;
    private static final int LC_UUID = DarwinLayout.LC_UUID;
    private static final int HEADER = DarwinLayout.MACH_HEADER_64_SIZE;
    private static final int MAX_COMMANDS_BYTES = 1 << 20;

    /** Reads the header at {@code address}; empty when it is not a readable 64-bit Mach-O header. */
    public static Optional<MachHeader> read(Memory memory, long address) {
        byte[] h = new byte[HEADER];
        if (memory.read(address, h, 0, HEADER) != HEADER || i32(h, 0) != MH_MAGIC_64) {
            return Optional.empty();
        }
        int cpu = i32(h, DarwinLayout.MH_CPUTYPE);
        int subtype = i32(h, DarwinLayout.MH_CPUSUBTYPE);
        int fileType = i32(h, DarwinLayout.MH_FILETYPE);
        int ncmds = i32(h, DarwinLayout.MH_NCMDS);
        int size = i32(h, DarwinLayout.MH_SIZEOFCMDS);
        if (size < 0 || size > MAX_COMMANDS_BYTES) {
            return Optional.empty();
        }
        byte[] cmds = new byte[size];
        if (memory.read(address + HEADER, cmds, 0, size) != size) {
            return Optional.empty();
        }
        Optional<DebugId> uuid = Optional.empty();
        long textVmaddr = 0;
        long textVmsize = 0;
        int at = 0;
        for (int i = 0; i < ncmds && at + DarwinLayout.LOAD_COMMAND_SIZE <= size; i++) {
            int cmd = i32(cmds, at);
            int len = i32(cmds, at + DarwinLayout.LC_CMDSIZE);
            if (len < DarwinLayout.LOAD_COMMAND_SIZE || at + len > size) {
                break;
            }
            if (cmd == LC_UUID && len >= DarwinLayout.UUID_COMMAND_SIZE) {
                int u = at + DarwinLayout.UUID_OFFSET;
                uuid = Optional.of(DebugId.uuid(java.util.Arrays.copyOfRange(cmds, u, u + DarwinLayout.UUID_BYTES)));
            } else if (cmd == LC_SEGMENT_64 && len >= DarwinLayout.SEGMENT_COMMAND_64_SIZE
                    && segname(cmds, at + DarwinLayout.SEG_SEGNAME).equals("__TEXT")) {
                textVmaddr = ThreadState.le(cmds, at + DarwinLayout.SEG_VMADDR);
                textVmsize = ThreadState.le(cmds, at + DarwinLayout.SEG_VMSIZE);
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
        while (end < at + DarwinLayout.SEG_SEGNAME_BYTES && b[end] != 0) {
            end++;
        }
        return new String(b, at, end - at, java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static int i32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
