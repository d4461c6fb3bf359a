package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Trust;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Pointer-authentication stripping on arm64: signed return addresses in frame records lose the
 * signature whether the process lived in Apple's 47-bit user space or in Linux's 48-bit one, and a
 * Linux address with bit 47 set is not cut.
 */
class PointerAuthTest {
    private static final long APPLE_MASK = Arch.Known.ARM64E.addressMask();

    @Test
    void appleStacksKeepFortySevenBits() {
        assertEquals(0x7fff_ffff_ffffL, APPLE_MASK);
        assertEquals(APPLE_MASK, PointerAuth.maskCovering(APPLE_MASK, 0x16fe0_0000L));
    }

    @Test
    void linuxStacksWidenToFortyEightBits() {
        assertEquals(0xffff_ffff_ffffL, PointerAuth.maskCovering(APPLE_MASK, 0xffff_ffff_efffL));
    }

    /** macOS-like: code in the 4 GiB above zero page, stack below 2^47, signature in bits 47–62. */
    @Test
    void signedReturnAddressOnApple() {
        assertEquals(List.of(0x1_0000_4800L, 0x1_0000_4120L),
                unwind(0x1_0000_4000L, 0x16fdf_f000L, 0x6e28_8000_0000_0000L));
    }

    /** Linux-like: PIE code at 0xaaaa…, which has bit 47 set; stack below 2^48; signature in bits 48–53. */
    @Test
    void signedReturnAddressOnLinux() {
        assertEquals(List.of(0xaaaa_c000_0800L, 0xaaaa_c000_0120L),
                unwind(0xaaaa_c000_0000L, 0xffff_fff0_0000L, 0x0035_0000_0000_0000L));
    }

    /** A leaf-less frame 0 at {@code code + 0x800} whose frame record holds a signed return address. */
    private static List<Long> unwind(long code, long stack, long signature) {
        long ra = code + 0x120;
        ByteBuffer text = ByteBuffer.allocate(0x1000).order(ByteOrder.LITTLE_ENDIAN);
        text.putInt((int) (ra - 4 - code), 0x94000000); // bl
        ByteBuffer words = ByteBuffer.allocate(0x100).order(ByteOrder.LITTLE_ENDIAN);
        words.putLong(0, 0).putLong(8, ra | signature);
        ByteMemory stackMemory = new ByteMemory(stack, words.array());
        CodeMap map = new CodeMap() {
            @Override
            public boolean isExecutable(long address) {
                return address >= code && address < code + 0x1000;
            }

            @Override
            public Optional<FdeIndex> cfiFor(long pc) {
                return Optional.empty();
            }
        };
        Registers regs = new Registers().set(Registers.ARM64_PC, code + 0x800).set(Registers.ARM64_SP, stack)
                .set(Registers.ARM64_FP, stack);
        List<UnwoundFrame> frames = Unwinder.forArch(Arch.Known.ARM64E, stackMemory.over(new ByteMemory(code,
                text.array())), map).orElseThrow().unwind(regs, stackMemory.end());
        assertEquals(List.of(Trust.CONTEXT, Trust.FP), frames.stream().map(UnwoundFrame::trust).toList());
        return frames.stream().map(UnwoundFrame::address).toList();
    }
}
