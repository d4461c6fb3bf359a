package dev.crashkit.symbolicate.dwarf;

/** The DWARF constants this reader uses (DWARF 5 standard, section 7, plus GNU/LLVM extensions). */
final class Dw {
    private Dw() {
    }

    static final int TAG_INLINED_SUBROUTINE = 0x1d;
    static final int TAG_SUBPROGRAM = 0x2e;

    static final int AT_NAME = 0x03;
    static final int AT_STMT_LIST = 0x10;
    static final int AT_LOW_PC = 0x11;
    static final int AT_HIGH_PC = 0x12;
    static final int AT_COMP_DIR = 0x1b;
    static final int AT_ABSTRACT_ORIGIN = 0x31;
    static final int AT_DECL_FILE = 0x3a;
    static final int AT_DECL_LINE = 0x3b;
    static final int AT_SPECIFICATION = 0x47;
    static final int AT_ENTRY_PC = 0x52;
    static final int AT_RANGES = 0x55;
    static final int AT_CALL_COLUMN = 0x57;
    static final int AT_CALL_FILE = 0x58;
    static final int AT_CALL_LINE = 0x59;
    static final int AT_LINKAGE_NAME = 0x6e;
    static final int AT_STR_OFFSETS_BASE = 0x72;
    static final int AT_ADDR_BASE = 0x73;
    static final int AT_RNGLISTS_BASE = 0x74;
    static final int AT_MIPS_LINKAGE_NAME = 0x2007;
    static final int AT_GNU_ADDR_BASE = 0x2133;

    static final int FORM_ADDR = 0x01;
    static final int FORM_BLOCK2 = 0x03;
    static final int FORM_BLOCK4 = 0x04;
    static final int FORM_DATA2 = 0x05;
    static final int FORM_DATA4 = 0x06;
    static final int FORM_DATA8 = 0x07;
    static final int FORM_STRING = 0x08;
    static final int FORM_BLOCK = 0x09;
    static final int FORM_BLOCK1 = 0x0a;
    static final int FORM_DATA1 = 0x0b;
    static final int FORM_FLAG = 0x0c;
    static final int FORM_SDATA = 0x0d;
    static final int FORM_STRP = 0x0e;
    static final int FORM_UDATA = 0x0f;
    static final int FORM_REF_ADDR = 0x10;
    static final int FORM_REF1 = 0x11;
    static final int FORM_REF2 = 0x12;
    static final int FORM_REF4 = 0x13;
    static final int FORM_REF8 = 0x14;
    static final int FORM_REF_UDATA = 0x15;
    static final int FORM_INDIRECT = 0x16;
    static final int FORM_SEC_OFFSET = 0x17;
    static final int FORM_EXPRLOC = 0x18;
    static final int FORM_FLAG_PRESENT = 0x19;
    static final int FORM_STRX = 0x1a;
    static final int FORM_ADDRX = 0x1b;
    static final int FORM_REF_SUP4 = 0x1c;
    static final int FORM_STRP_SUP = 0x1d;
    static final int FORM_DATA16 = 0x1e;
    static final int FORM_LINE_STRP = 0x1f;
    static final int FORM_REF_SIG8 = 0x20;
    static final int FORM_IMPLICIT_CONST = 0x21;
    static final int FORM_LOCLISTX = 0x22;
    static final int FORM_RNGLISTX = 0x23;
    static final int FORM_REF_SUP8 = 0x24;
    static final int FORM_STRX1 = 0x25;
    static final int FORM_STRX2 = 0x26;
    static final int FORM_STRX3 = 0x27;
    static final int FORM_STRX4 = 0x28;
    static final int FORM_ADDRX1 = 0x29;
    static final int FORM_ADDRX2 = 0x2a;
    static final int FORM_ADDRX3 = 0x2b;
    static final int FORM_ADDRX4 = 0x2c;
    static final int FORM_GNU_ADDR_INDEX = 0x1f01;
    static final int FORM_GNU_STR_INDEX = 0x1f02;
    static final int FORM_GNU_REF_ALT = 0x1f20;
    static final int FORM_GNU_STRP_ALT = 0x1f21;

    static final int UT_COMPILE = 0x01;
    static final int UT_TYPE = 0x02;
    static final int UT_PARTIAL = 0x03;
    static final int UT_SKELETON = 0x04;
    static final int UT_SPLIT_COMPILE = 0x05;
    static final int UT_SPLIT_TYPE = 0x06;

    static final int LNCT_PATH = 0x1;
    static final int LNCT_DIRECTORY_INDEX = 0x2;

    static final int RLE_END_OF_LIST = 0;
    static final int RLE_BASE_ADDRESSX = 1;
    static final int RLE_STARTX_ENDX = 2;
    static final int RLE_STARTX_LENGTH = 3;
    static final int RLE_OFFSET_PAIR = 4;
    static final int RLE_BASE_ADDRESS = 5;
    static final int RLE_START_END = 6;
    static final int RLE_START_LENGTH = 7;
}
