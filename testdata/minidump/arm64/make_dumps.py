#!/usr/bin/env python3
"""Writes two small Linux arm64 minidumps byte by byte (independently of crashkit's reader), in
Breakpad/Crashpad's current context layout (arm64-new.dmp: 32-bit context_flags 0x00400000, CPU 12)
and Breakpad's old one (arm64-old.dmp: 64-bit context_flags 0x80000000, CPU 0x8003), then
minidump_stackwalk's walk of each (golden/NAME.stackwalk*.txt; see ../build.sh for the tools).

The crashed thread is in a leaf function that pushed no frame record: its caller is in LR, and
x29 points at the caller's record {caller's x29, return address}; the outermost record is {0, 0}.
The code page in the dump's memory holds a BL before each return address, as real code would.
"""
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CODE = 0x5500000000          # the module's base
STACK = 0x7ff0000000         # the thread's stack
SP0 = STACK
FP0 = STACK + 0x20
PC0 = CODE + 0x1100          # in the leaf, whose BL came from CODE + 0x1200
LR0 = CODE + 0x1204
RA1 = CODE + 0x1304          # the caller's return address, in its record
BUILD_ID = bytes(range(0x20, 0x34))


def bl(at, target):
    return struct.pack('<I', 0x94000000 | (((target - at) // 4) & 0x3ffffff))


def context(old):
    regs = [0x1000 + i for i in range(29)] + [FP0, LR0, SP0, PC0]
    if old:  # MDRawContextARM64_Old, #pragma pack(4): flags u64, iregs[33], cpsr, fpsr, fpcr, v[32]
        return struct.pack('<Q', 0x80000003) + struct.pack('<33Q', *regs) + struct.pack('<III', 0, 0, 0) + bytes(512)
    # MDRawContextARM64: flags u32, cpsr u32, iregs[33], v[32], fpcr, fpsr, bcr[8], bvr[8], wcr[2], wvr[2]
    body = struct.pack('<II', 0x00400003, 0) + struct.pack('<33Q', *regs) + bytes(512) + struct.pack('<II', 0, 0)
    return body + bytes(8 * 4) + bytes(8 * 8) + bytes(2 * 4) + bytes(2 * 8)


def dump(old):
    blocks = bytearray()
    base = 32 + 6 * 12

    def put(data):
        rva = base + len(blocks)
        blocks.extend(data)
        while len(blocks) % 8:
            blocks.append(0)
        return rva

    ctx = context(old)
    ctx_rva = put(ctx)
    stack = bytearray(0x100)
    struct.pack_into('<QQ', stack, 0x20, STACK + 0x40, RA1)
    struct.pack_into('<QQ', stack, 0x40, 0, 0)
    stack_rva = put(bytes(stack))
    code = bytearray(0x1000)
    code[0x200:0x204] = bl(CODE + 0x1200, CODE + 0x1000)  # the call into the leaf (which starts at 0x1000)
    code[0x300:0x304] = bl(CODE + 0x1300, CODE + 0x1180)  # the call into the leaf's caller
    code_rva = put(bytes(code))
    name = '/data/app/libfake.so'.encode('utf-16-le')
    name_rva = put(struct.pack('<I', len(name)) + name + b'\0\0')
    cv_rva = put(b'LEpB' + BUILD_ID)
    streams = []
    cpu = 0x8003 if old else 12
    sysinfo = struct.pack('<HHHBBIIIII', cpu, 8, 0, 4, 1, 5, 10, 0, 0x8201, 0) + struct.pack('<HH', 0, 0) + bytes(24)
    streams.append((7, put(sysinfo), len(sysinfo)))
    thread = struct.pack('<IIIIQ', 1234, 0, 0, 0, 0) + struct.pack('<QII', STACK, len(stack), stack_rva) \
        + struct.pack('<II', len(ctx), ctx_rva)
    streams.append((3, put(struct.pack('<I', 1) + thread), 4 + len(thread)))
    module = struct.pack('<QIIII', CODE, 0x10000, 0, 0, name_rva) + bytes(52) \
        + struct.pack('<II', 4 + len(BUILD_ID), cv_rva) + struct.pack('<II', 0, 0) + bytes(16)
    streams.append((4, put(struct.pack('<I', 1) + module), 4 + len(module)))
    memory = struct.pack('<I', 2) + struct.pack('<QII', STACK, len(stack), stack_rva) \
        + struct.pack('<QII', CODE + 0x1000, len(code), code_rva)
    streams.append((5, put(memory), len(memory)))
    exception = struct.pack('<II', 1234, 0) + struct.pack('<IIQQII', 11, 1, 0, 0x10, 0, 0) + bytes(15 * 8) \
        + struct.pack('<II', len(ctx), ctx_rva)
    streams.append((6, put(exception), len(exception)))
    header = struct.pack('<4sIIIIIQ', b'MDMP', 0xa793, len(streams), 32, 0, 1700000000, 0)
    directory = b''.join(struct.pack('<III', t, size, rva) for t, rva, size in streams)
    directory += bytes(6 * 12 - len(directory))
    return header + directory + bytes(blocks)


def main():
    stackwalk = os.path.join(os.environ.get('WORK', '/tmp/crashkit-minidump'), 'package/bin/linux-x64/minidump_stackwalk')
    os.makedirs(os.path.join(HERE, 'golden'), exist_ok=True)
    for name, old in (('arm64-new', False), ('arm64-old', True)):
        path = os.path.join(HERE, name + '.dmp')
        with open(path, 'wb') as f:
            f.write(dump(old))
        for suffix, args in (('.stackwalk-m.txt', ['-m']), ('.stackwalk.txt', [])):
            out = subprocess.run([stackwalk] + args + [path], capture_output=True, check=True).stdout
            with open(os.path.join(HERE, 'golden', name + suffix), 'wb') as f:
                f.write(out)


if __name__ == '__main__':
    sys.exit(main())
