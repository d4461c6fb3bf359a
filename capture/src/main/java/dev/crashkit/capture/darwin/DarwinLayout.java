package dev.crashkit.capture.darwin;

/**
 * The sizes, field offsets and constants of Apple's headers that the Darwin bindings use, in one place.
 * DarwinLayoutTest checks each against the values clang computes from xnu's and dyld's headers for
 * arm64-apple-macos11 and x86_64-apple-macos11 (testdata/third-party/apple-headers/darwin-layout.json).
 */
final class DarwinLayout {
    /** {@code KERN_SUCCESS} (mach/kern_return.h). */
    static final int KERN_SUCCESS = 0;

    /** {@code mach_port_t}, {@code natural_t}, {@code mach_msg_type_number_t}: 32-bit words. */
    static final int PORT_BYTES = 4;
    static final int NATURAL_BYTES = 4;
    /** {@code vm_size_t}, {@code vm_address_t} on 64-bit Darwin. */
    static final int VM_SIZE_BYTES = 8;

    /** {@code THREAD_IDENTIFIER_INFO} flavor of {@code thread_info} and its count of natural_t words. */
    static final int THREAD_IDENTIFIER_INFO = 4;
    static final int THREAD_IDENTIFIER_INFO_COUNT = 6;
    /** Offset of {@code thread_id} (uint64_t) in {@code struct thread_identifier_info}. */
    static final int THREAD_ID_OFFSET = 0;

    /** {@code ARM_THREAD_STATE64} flavor, its count of words, and offsets in {@code arm_thread_state64_t}. */
    static final int ARM_THREAD_STATE64 = 6;
    static final int ARM_THREAD_STATE64_COUNT = 68;
    static final int ARM64_FP = 232;
    static final int ARM64_LR = 240;
    static final int ARM64_SP = 248;
    static final int ARM64_PC = 256;

    /** {@code x86_THREAD_STATE64} flavor, its count of words, and offsets in {@code x86_thread_state64_t}. */
    static final int X86_THREAD_STATE64 = 4;
    static final int X86_THREAD_STATE64_COUNT = 42;
    static final int X86_64_RBP = 48;
    static final int X86_64_RSP = 56;
    static final int X86_64_RIP = 128;

    /** {@code struct mach_header_64} (mach-o/loader.h): magic, field offsets and size. */
    static final int MH_MAGIC_64 = 0xfeedfacf;
    static final int MH_CPUTYPE = 4;
    static final int MH_CPUSUBTYPE = 8;
    static final int MH_FILETYPE = 12;
    static final int MH_NCMDS = 16;
    static final int MH_SIZEOFCMDS = 20;
    static final int MACH_HEADER_64_SIZE = 32;

    /** {@code struct load_command}: {@code cmd} at 0, {@code cmdsize} at 4. */
    static final int LC_CMDSIZE = 4;
    static final int LOAD_COMMAND_SIZE = 8;

    /** {@code LC_SEGMENT_64} and {@code struct segment_command_64}. */
    static final int LC_SEGMENT_64 = 0x19;
    static final int SEGMENT_COMMAND_64_SIZE = 72;
    static final int SEG_SEGNAME = 8;
    static final int SEG_SEGNAME_BYTES = 16;
    static final int SEG_VMADDR = 24;
    static final int SEG_VMSIZE = 32;

    /** {@code LC_UUID} and {@code struct uuid_command}. */
    static final int LC_UUID = 0x1b;
    static final int UUID_COMMAND_SIZE = 24;
    static final int UUID_OFFSET = 8;
    static final int UUID_BYTES = 16;

    private DarwinLayout() {
    }
}
