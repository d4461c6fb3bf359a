#!/usr/bin/env python3
"""Builds walk.c as macOS dylibs (arm64 and x86-64, with and without frame pointers: compact unwind
in frame, frameless immediate and indirect, and DWARF modes), runs each one's `entry` in the Unicorn
CPU emulator (pip unicorn 2.1.4) until the trap in its leaf, and writes what the emulated CPU then
held as a macOS minidump, byte by byte (independently of crashkit's reader): the registers as the
crashed thread's context, the stack, and the dylib as its one module (CodeView RSDS with the
dylib's UUID, as Crashpad writes Mach-O modules).

The expected walk (golden/NAME.expected.txt) is derived from the program, not from any walker: the
call chain is entry -> saves_regs -> big_frame -> frameless_mid -> crash_leaf, each function calling
the next exactly once; each caller's return address is the address after its call instruction to
the callee in `llvm-objdump -d`; the first frame is the trap's PC, checked to lie in crash_leaf.
Needs clang-19, ld64.lld-19, llvm-objdump-19, llvm-nm-19."""
import os
import re
import struct
import subprocess
import sys
import uuid

import unicorn
from unicorn import arm64_const, x86_const

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = 0x104000000            # where the dylib is loaded (its link address is 0)
STACK_TOP = 0x7ff7b0000000    # one past the stack's highest byte
STACK_SIZE = 0x100000
END = 0x1000                  # the return address entry is called with: no code there
CHAIN = ["crash_leaf", "frameless_mid", "big_frame", "saves_regs", "entry"]


def build(arch, fp):
    out = os.path.join(HERE, f"walk-{arch}-{fp}.dylib")
    flag = "-fno-omit-frame-pointer" if fp == "fp" else "-fomit-frame-pointer"
    subprocess.run(["clang-19", "-target", f"{arch}-apple-macos11", "-O2", flag, "-funwind-tables",
                    "-fno-stack-protector", "-ffreestanding", "-nostdlib", "-fuse-ld=lld",
                    "-Wl,-undefined,dynamic_lookup", "-shared", "-o", out, os.path.join(HERE, "walk.c")], check=True)
    return out


def macho(path):
    """Segments (vmaddr, vmsize, fileoff, filesize), the UUID and the total vm size of a thin Mach-O."""
    d = open(path, "rb").read()
    ncmds = struct.unpack_from("<I", d, 16)[0]
    at, segs, uid = 32, [], None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", d, at)
        if cmd == 0x19:
            name = d[at + 8:at + 24].rstrip(b"\0")
            vmaddr, vmsize, fileoff, filesize = struct.unpack_from("<QQQQ", d, at + 24)
            if name != b"__PAGEZERO":
                segs.append((vmaddr, vmsize, fileoff, filesize))
        elif cmd == 0x1b:
            uid = d[at + 8:at + 24]
        at += size
    return d, segs, uid, max(v + s for v, s, _, _ in segs)


def symbols(path):
    out = subprocess.run(["llvm-nm-19", "--defined-only", path], capture_output=True, text=True, check=True).stdout
    return {m.group(2): int(m.group(1), 16) for m in re.finditer(r"^([0-9a-f]+) T _(\w+)$", out, re.M)}


def return_addresses(path):
    """For each caller in the chain, the address after its one call to the next function in."""
    dis = subprocess.run(["llvm-objdump-19", "-d", "--no-show-raw-insn", path], capture_output=True, text=True,
                         check=True).stdout
    func, lines = None, []
    for l in dis.splitlines():
        m = re.match(r"^([0-9a-f]+) <_(\w+)>:$", l)
        if m:
            func = m.group(2)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", l)
        if m and func:
            lines.append((func, int(m.group(1), 16), m.group(2), m.group(3)))
    ras = {}
    for callee, caller in zip(CHAIN, CHAIN[1:]):
        calls = [i for i, (f, _a, op, args) in enumerate(lines)
                 if f == caller and op in ("callq", "call", "bl") and args.endswith(f"<_{callee}>")]
        assert len(calls) == 1, f"{path}: {caller} calls {callee} {len(calls)} times"
        ras[caller] = lines[calls[0] + 1][1]
    return ras


def emulate(arch, path):
    d, segs, _uid, _size = macho(path)
    x86 = arch == "x86_64"
    uc = unicorn.Uc(unicorn.UC_ARCH_X86, unicorn.UC_MODE_64) if x86 else unicorn.Uc(unicorn.UC_ARCH_ARM64,
                                                                                      unicorn.UC_MODE_ARM)
    uc.mem_map(BASE, (max(v + s for v, s, _, _ in segs) + 0x3fff) & ~0x3fff)
    for vmaddr, _vmsize, fileoff, filesize in segs:
        uc.mem_write(BASE + vmaddr, d[fileoff:fileoff + filesize])
    uc.mem_map(STACK_TOP - STACK_SIZE, STACK_SIZE)
    entry = BASE + symbols(path)["entry"]
    sp = STACK_TOP - 0x100
    if x86:
        sp -= 8
        uc.mem_write(sp, struct.pack("<Q", END))
        uc.reg_write(x86_const.UC_X86_REG_RSP, sp)
        uc.reg_write(x86_const.UC_X86_REG_RBP, 0)
        uc.reg_write(x86_const.UC_X86_REG_RDI, 42)
    else:
        uc.reg_write(arm64_const.UC_ARM64_REG_SP, sp)
        uc.reg_write(arm64_const.UC_ARM64_REG_X29, 0)
        uc.reg_write(arm64_const.UC_ARM64_REG_X30, END)
        uc.reg_write(arm64_const.UC_ARM64_REG_X0, 42)
    stopped = []
    if not x86:
        # brk raises an exception interrupt: stop there, the PC still at the brk.
        uc.hook_add(unicorn.UC_HOOK_INTR, lambda u, intno, _: (stopped.append(intno), u.emu_stop()))
    try:
        uc.emu_start(entry, END, count=100000)
    except unicorn.UcError as e:
        stopped.append(str(e))
    assert stopped, f"{path}: entry returned without reaching the trap"
    if x86:
        names = ["RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI"] + [f"R{i}" for i in range(8, 16)] + ["RIP"]
        regs = {n: uc.reg_read(getattr(x86_const, "UC_X86_REG_" + n)) for n in names}
        pc, sp = regs["RIP"], regs["RSP"]
    else:
        regs = [uc.reg_read(getattr(arm64_const, f"UC_ARM64_REG_X{i}")) for i in range(29)]
        regs += [uc.reg_read(arm64_const.UC_ARM64_REG_X29), uc.reg_read(arm64_const.UC_ARM64_REG_X30),
                 uc.reg_read(arm64_const.UC_ARM64_REG_SP), uc.reg_read(arm64_const.UC_ARM64_REG_PC)]
        pc, sp = regs[32], regs[31]
    stack = bytes(uc.mem_read(sp, STACK_TOP - sp))
    return regs, pc, sp, stack


def amd64_context(r):
    """MDRawContextAMD64 (1232 bytes): home slots, flags, segments, debug registers, integer registers, rip."""
    body = bytes(48) + struct.pack("<II", 0x0010000f, 0) + struct.pack("<HHHHHHI", 0x2b, 0, 0, 0, 0, 0, 0x246)
    body += bytes(48)
    body += struct.pack("<16Q", r["RAX"], r["RCX"], r["RDX"], r["RBX"], r["RSP"], r["RBP"], r["RSI"], r["RDI"],
                        *[r[f"R{i}"] for i in range(8, 16)])
    body += struct.pack("<Q", r["RIP"])
    return body + bytes(1232 - len(body))


def arm64_context(regs):
    """MDRawContextARM64 (Breakpad/Crashpad's current layout), as testdata/minidump/arm64/make_dumps.py."""
    body = struct.pack("<II", 0x00400003, 0) + struct.pack("<33Q", *regs) + bytes(512) + struct.pack("<II", 0, 0)
    return body + bytes(8 * 4) + bytes(8 * 8) + bytes(2 * 4) + bytes(2 * 8)


def minidump(arch, path, regs, sp, stack):
    _d, _segs, uid, vmsize = macho(path)
    blocks = bytearray()
    nstreams = 5
    base = 32 + nstreams * 12

    def put(data):
        rva = base + len(blocks)
        blocks.extend(data)
        while len(blocks) % 8:
            blocks.append(0)
        return rva

    ctx = amd64_context(regs) if arch == "x86_64" else arm64_context(regs)
    ctx_rva = put(ctx)
    stack_rva = put(stack)
    name = ("/usr/local/lib/" + os.path.basename(path)).encode("utf-16-le")
    name_rva = put(struct.pack("<I", len(name)) + name + b"\0\0")
    cv = b"RSDS" + uuid.UUID(bytes=uid).bytes_le + struct.pack("<I", 0) + os.path.basename(path).encode() + b"\0"
    cv_rva = put(cv)
    streams = []
    cpu = 9 if arch == "x86_64" else 12
    sysinfo = struct.pack("<HHHBBIIIII", cpu, 6, 0, 8, 1, 11, 0, 0, 0x8101, 0) + struct.pack("<HH", 0, 0) + bytes(24)
    streams.append((7, put(sysinfo), len(sysinfo)))
    thread = struct.pack("<IIIIQ", 259, 0, 0, 0, 0) + struct.pack("<QII", sp, len(stack), stack_rva) \
        + struct.pack("<II", len(ctx), ctx_rva)
    streams.append((3, put(struct.pack("<I", 1) + thread), 4 + len(thread)))
    module = struct.pack("<QIIII", BASE, vmsize, 0, 0, name_rva) + bytes(52) \
        + struct.pack("<II", len(cv), cv_rva) + struct.pack("<II", 0, 0) + bytes(16)
    streams.append((4, put(struct.pack("<I", 1) + module), 4 + len(module)))
    memory = struct.pack("<I", 1) + struct.pack("<QII", sp, len(stack), stack_rva)
    streams.append((5, put(memory), len(memory)))
    # EXC_BAD_INSTRUCTION (2), at the trap's PC.
    pc = regs["RIP"] if arch == "x86_64" else regs[32]
    exception = struct.pack("<II", 259, 0) + struct.pack("<IIQQII", 2, 0, 0, pc, 0, 0) + bytes(15 * 8) \
        + struct.pack("<II", len(ctx), ctx_rva)
    streams.append((6, put(exception), len(exception)))
    header = struct.pack("<4sIIIIIQ", b"MDMP", 0xa793, len(streams), 32, 0, 1700000000, 0)
    directory = b"".join(struct.pack("<III", t, size, rva) for t, rva, size in streams)
    return header + directory + bytes(blocks)


def main():
    os.makedirs(os.path.join(HERE, "golden"), exist_ok=True)
    for arch in ("arm64", "x86_64"):
        for fp in ("fp", "nofp"):
            name = f"walk-{arch}-{fp}"
            path = build(arch, fp)
            syms = symbols(path)
            regs, pc, sp, stack = emulate(arch, path)
            starts = sorted(syms.values())
            leaf = syms["crash_leaf"]
            assert leaf <= pc - BASE < min(s for s in starts if s > leaf), f"{name}: stopped outside crash_leaf"
            with open(os.path.join(HERE, name + ".dmp"), "wb") as f:
                f.write(minidump(arch, path, regs, sp, stack))
            ras = return_addresses(path)
            with open(os.path.join(HERE, "golden", name + ".expected.txt"), "w") as f:
                f.write("# frame|function|address (module offset): the trap's PC, then each caller's return address\n")
                f.write(f"0|crash_leaf|0x{pc - BASE:x}\n")
                for i, caller in enumerate(CHAIN[1:], 1):
                    f.write(f"{i}|{caller}|0x{ras[caller]:x}\n")


if __name__ == "__main__":
    sys.exit(main())
