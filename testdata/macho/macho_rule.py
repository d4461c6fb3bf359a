"""Parsers for LLVM tool output and the symbol-table lookup rule used to compute expected answers.

Shared by goldens.py (address goldens) and ../reports/make_reports.py (crash report goldens).
Everything here reads text written by llvm-nm / llvm-objdump; no Mach-O bytes are parsed, so the
expected answers come from LLVM, not from code that mirrors ours.

THE RULE (what an Apple-style symbol-table symbolicator answers for a link-time address A):
  1. S = the section containing A, by [addr, addr+size) of the section headers. No section
     (Mach-O header, load commands, gaps between sections, beyond the segments)      -> no symbol.
  2. F = the LC_FUNCTION_STARTS entries inside S. None (S is not code: __stubs, __cstring,
     __const, __data, ...)                                                            -> no symbol.
  3. The function containing A is [F_i, F_i+1) where F_i is the greatest start <= A; the last
     function of S extends to the end of S. A before the first start of S           -> no symbol.
  4. The symbol is the defined non-stab N_SECT symbol of section S (llvm-nm -m (SEG,SECT)) with
     the greatest address in [F_i, A]. If several share that address: external before
     non-external, then llvm-nm -n order. No such symbol (e.g. stripped)              -> no symbol.
  5. Names are raw linkage names with ONE leading '_' removed when present (_main -> main,
     __Z3foov -> _Z3foov); names without '_' (ObjC -[C m:] / +[C m:]) are kept as they are.
"""
import re
import subprocess
from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    segname: str
    sectname: str
    addr: int
    size: int

    @property
    def end(self):
        return self.addr + self.size

    def contains(self, a):
        return self.addr <= a < self.end


@dataclass(frozen=True)
class Segment:
    segname: str
    vmaddr: int
    vmsize: int


@dataclass(frozen=True)
class Symbol:
    addr: int
    segname: str
    sectname: str
    external: bool
    raw: str  # exactly as llvm-nm prints it, e.g. __ZN3foo3barEv

    @property
    def name(self):
        return strip_underscore(self.raw)


@dataclass(frozen=True)
class Insn:
    addr: int
    size: int
    mnemonic: str
    text: str
    zero: bool  # every byte is 0x00 (linker zero fill between input sections)


def strip_underscore(raw):
    return raw[1:] if raw.startswith('_') else raw


def run(args, cwd=None, stdin=None):
    """Runs a tool; any failure or stderr output aborts the build (goldens must be clean)."""
    p = subprocess.run(args, cwd=cwd, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"command failed ({p.returncode}): {' '.join(args)}\n{p.stderr}")
    if p.stderr.strip():
        raise SystemExit(f"command wrote to stderr: {' '.join(args)}\n{p.stderr}")
    return p.stdout


def parse_load_commands(text):
    """Segments and sections from `llvm-objdump --macho --private-headers`."""
    segments, sections = [], []
    mode, cur = None, {}

    def flush():
        if mode == 'seg' and cur:
            segments.append(Segment(cur['segname'], int(cur['vmaddr'], 16), int(cur['vmsize'], 16)))
        elif mode == 'sect' and cur:
            sections.append(Section(cur['segname'], cur['sectname'], int(cur['addr'], 16), int(cur['size'], 16)))

    for line in text.splitlines():
        parts = line.split(None, 1)
        if not parts:
            continue
        key = parts[0]
        val = parts[1].strip() if len(parts) > 1 else ''
        if key == 'Section':
            flush()
            mode, cur = 'sect', {}
        elif key == 'Load':
            flush()
            mode, cur = None, {}
        elif key == 'cmd':
            flush()
            mode, cur = ('seg' if val == 'LC_SEGMENT_64' else None), {}
        elif mode in ('seg', 'sect') and key in ('segname', 'sectname', 'vmaddr', 'vmsize', 'addr', 'size'):
            cur[key] = val.split()[0]
    flush()
    return segments, sections


def parse_function_starts(text):
    return [int(line.split()[0], 16) for line in text.splitlines()
            if re.match(r'^[0-9a-f]{8,16}(\s|$)', line)]


_NM_M = re.compile(r'^([0-9a-f]{8,16}) \(([^,()]+),([^()]+)\) (.*)$')
_NM_ATTRS = re.compile(r'^((?:\[[^\]]*\] |weak |automatically hidden )*)(external|non-external)'
                       r'(?: \(was a private external\))? (.*)$')


def parse_nm_m(text):
    """Defined N_SECT symbols from `llvm-nm -n --defined-only -m` (lines without (SEG,SECT) skipped)."""
    syms = []
    for line in text.splitlines():
        m = _NM_M.match(line)
        if not m:
            continue
        a = _NM_ATTRS.match(m.group(4))
        if not a:
            raise SystemExit(f'unexpected llvm-nm -m line: {line!r}')
        syms.append(Symbol(int(m.group(1), 16), m.group(2), m.group(3), a.group(2) == 'external', a.group(3)))
    return syms


_SECTION_HDR = re.compile(r'^Disassembly of section ([^,]+),(.+):$')
_INSN = re.compile(r'^\s*([0-9a-f]+):\s((?:[0-9a-f]{2} )+)\s*\t?(.*)$')


def parse_disasm(text):
    """Instructions per section from `llvm-objdump -d -z` (raw bytes shown, so sizes are known)."""
    out, sect = {}, None
    for line in text.splitlines():
        h = _SECTION_HDR.match(line)
        if h:
            sect = (h.group(1), h.group(2))
            out.setdefault(sect, [])
            continue
        m = _INSN.match(line)
        if m and sect:
            raw = m.group(2).split()
            body = m.group(3).strip()
            mnemonic = body.split('\t')[0].split(' ')[0] if body else ''
            out[sect].append(Insn(int(m.group(1), 16), len(raw), mnemonic, body, all(x == '00' for x in raw)))
    return out


PADDING_MNEMONICS = {'nop', 'nopw', 'nopl', 'int3', 'udf', '<unknown>', '.long', 'hlt'}
CALL_MNEMONICS = {'bl', 'blr', 'blraa', 'blraaz', 'blrab', 'blrabz', 'call', 'callq'}


class Image:
    """One thin Mach-O (or one slice) described by LLVM tool output."""

    def __init__(self, load_commands_txt, function_starts_txt, nm_m_txt, disasm_txt=None):
        self.segments, self.sections = parse_load_commands(load_commands_txt)
        self.starts = sorted(set(parse_function_starts(function_starts_txt)))
        self.symbols = parse_nm_m(nm_m_txt)
        self.insns = parse_disasm(disasm_txt) if disasm_txt is not None else {}

    @property
    def text_vmaddr(self):
        return next(s.vmaddr for s in self.segments if s.segname == '__TEXT')

    @property
    def text_vmsize(self):
        return next(s.vmsize for s in self.segments if s.segname == '__TEXT')

    def section_at(self, a):
        for s in self.sections:
            if s.size and s.contains(a):
                return s
        return None

    def section(self, seg, sect):
        return next((s for s in self.sections if s.segname == seg and s.sectname == sect), None)

    def starts_in(self, sec):
        return [f for f in self.starts if sec.contains(f)]

    def function_range(self, a):
        """[start, end) of the function containing a per LC_FUNCTION_STARTS, or None."""
        sec = self.section_at(a)
        if sec is None:
            return None
        fs = self.starts_in(sec)
        before = [f for f in fs if f <= a]
        if not before:
            return None
        start = before[-1]
        after = [f for f in fs if f > a]
        return start, (after[0] if after else sec.end)

    def lookup(self, a):
        """The rule of this module's docstring: (Symbol, function_range) or (None, range_or_None)."""
        rng = self.function_range(a)
        if rng is None:
            return None, None
        sec = self.section_at(a)
        cands = [s for s in self.symbols
                 if s.segname == sec.segname and s.sectname == sec.sectname and rng[0] <= s.addr <= a]
        if not cands:
            return None, rng
        best = max(s.addr for s in cands)
        tied = [s for s in cands if s.addr == best]
        tied.sort(key=lambda s: 0 if s.external else 1)  # stable: keeps llvm-nm -n order otherwise
        return tied[0], rng

    def text_insns(self):
        return self.insns.get(('__TEXT', '__text'), [])

    def functions(self):
        """(start, end, [insns]) for every function of __TEXT,__text."""
        sec = self.section('__TEXT', '__text')
        fs = self.starts_in(sec)
        ins = self.text_insns()
        out = []
        for i, f in enumerate(fs):
            e = fs[i + 1] if i + 1 < len(fs) else sec.end
            out.append((f, e, [x for x in ins if f <= x.addr < e]))
        return out


def split_padding(insns):
    """(real, padding): the trailing run of padding instructions (nop, int3, zero fill) is padding."""
    n = len(insns)
    while n > 0 and (insns[n - 1].zero or insns[n - 1].mnemonic in PADDING_MNEMONICS):
        n -= 1
    return insns[:n], insns[n:]


def demangle_all(cxxfilt, names):
    """llvm-cxxfilt on each name (one per line); non-mangled names come back unchanged."""
    uniq = sorted(set(names))
    if not uniq:
        return {}
    out = run([cxxfilt], stdin='\n'.join(uniq) + '\n').splitlines()
    if len(out) != len(uniq):
        raise SystemExit('llvm-cxxfilt returned a different number of lines')
    return dict(zip(uniq, out))
