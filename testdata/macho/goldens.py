#!/usr/bin/env python3
"""Writes golden files for every binary / slice / dSYM of testdata/macho (called by build.sh).

usage: goldens.py <build output dir>     (writes <dir>/golden/...)

Every golden is either the verbatim output of an LLVM tool or (the *.addresses.tsv files) computed
from those outputs by the rule in macho_rule.py. Formats are documented in README.md.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import macho_rule as R  # noqa: E402

NM = os.environ['NM']
OBJDUMP = os.environ['OBJDUMP']
SYMBOLIZER = os.environ['SYMBOLIZER']
DWARFDUMP = os.environ['DWARFDUMP']
CXXFILT = os.environ['CXXFILT']
LIPO = os.path.join(os.path.dirname(NM), 'llvm-lipo')

# (binary path relative to the output dir, slice arch or None for thin files, its dSYM bundle)
BINARIES = [
    ('App-arm64', None, 'App-arm64.dSYM'),
    ('App-x86_64', None, 'App-x86_64.dSYM'),
    ('App-arm64e', None, 'App-arm64e.dSYM'),
    ('App-ios-arm64', None, 'App-ios-arm64.dSYM'),
    ('libCrashKitUtil.dylib', None, 'libCrashKitUtil.dylib.dSYM'),
    ('App-fat', 'arm64', 'App-fat.dSYM'),
    ('App-fat', 'x86_64', 'App-fat.dSYM'),
    ('mismatch/App-arm64', None, 'mismatch/App-arm64.dSYM'),
    # stripped copies keep their UUID, so their dSYM is the unstripped binary's
    ('stripped/App-arm64', None, 'App-arm64.dSYM'),
    ('stripped/App-arm64-x', None, 'App-arm64.dSYM'),
    ('stripped/App-x86_64', None, 'App-x86_64.dSYM'),
    ('stripped/libCrashKitUtil.dylib', None, 'libCrashKitUtil.dylib.dSYM'),
]
DSYMS = sorted({d for _, _, d in BINARIES})


def dwarf_file(dsym):
    base = os.path.basename(dsym)[: -len('.dSYM')]
    return f'{dsym}/Contents/Resources/DWARF/{base}'


def key(path, arch):
    return path + (f'.{arch}' if arch else '')


def hexa(a):
    return f'0x{a:x}'


class Writer:
    def __init__(self, out):
        self.out = out
        self.gold = os.path.join(out, 'golden')

    def put(self, name, text):
        p = os.path.join(self.gold, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, 'w') as f:
            f.write(text)

    def tool(self, name, args, cwd=None, keep=True):
        text = R.run(args, cwd=cwd or self.out)
        if keep:
            self.put(name, text)
        return text


def symbolize(out, obj, arch, addrs):
    """llvm-symbolizer on a batch of addresses: (plain text output, [(name, start)] of the outermost
    frame from the --output-style=JSON run). Inlined frames are on (the default)."""
    base = [SYMBOLIZER, f'--obj={obj}', '--no-demangle', '--functions=linkage']
    if arch:
        base.append(f'--default-arch={arch}')
    stdin = ''.join(hexa(a) + '\n' for a in addrs)
    plain = R.run(base + ['--print-address'], cwd=out, stdin=stdin)
    js = R.run(base + ['--output-style=JSON'], cwd=out, stdin=stdin)
    lines = [l for l in js.splitlines() if l.strip()]
    if len(lines) != len(addrs):
        raise SystemExit(f'llvm-symbolizer JSON: {len(lines)} lines for {len(addrs)} addresses ({obj})')
    answers = []
    for l in lines:
        v = json.loads(l)
        if isinstance(v, list):
            v = v[0]
        frames = v.get('Symbol') or []
        outer = frames[-1] if frames else {}
        name = outer.get('FunctionName') or '-'
        start = outer.get('StartAddress') or '-'
        answers.append((name, start))
    return plain, answers


def address_rows(img):
    """(address, kind) pairs covering every kind of place in the image (see README.md)."""
    rows = []
    vm = img.text_vmaddr
    rows.append((vm + 8, 'header'))
    rows.append((vm + 32, 'load_commands'))
    text = img.section('__TEXT', '__text')
    funcs = img.functions()
    if funcs[0][0] - 4 >= vm + 32:
        rows.append((funcs[0][0] - 4, 'before_first_function'))
    for f, e, ins in funcs:
        real, pad = R.split_padding(ins)
        rows.append((f, 'function_start'))
        if len(real) >= 3:
            rows.append((real[len(real) // 2].addr, 'function_middle'))
        if real:
            rows.append((real[-1].addr, 'last_instruction'))
        if pad:
            rows.append((pad[0].addr, 'padding'))
            rows.append((e - 1, 'padding_last_byte'))
        for x in real:
            if x.mnemonic in R.CALL_MNEMONICS:
                ret = x.addr + x.size
                rows.append((ret, 'return_address' if ret < e else 'return_address_at_function_end'))
                rows.append((ret - 1, 'return_address_minus_1'))
    rows.append((text.end - 1, 'text_last_byte'))
    rows.append((text.end, 'text_end'))
    for s in img.sections:
        if s is text or s.size == 0:
            continue
        kind = f'sect:{s.segname},{s.sectname}'
        rows.append((s.addr, kind))
        if s.size > 8:
            rows.append((s.addr + (s.size // 2 & ~3), kind))
    text_seg_end = vm + img.text_vmsize
    last_text_sect_end = max(s.end for s in img.sections if s.segname == '__TEXT')
    if last_text_sect_end < text_seg_end:
        rows.append((last_text_sect_end + ((text_seg_end - last_text_sect_end) // 2 & ~3), 'segment_gap'))
    rows.append((max(s.vmaddr + s.vmsize for s in img.segments) + 0x100, 'beyond_segments'))
    seen, uniq = set(), []
    for r in sorted(rows, key=lambda r: r[0]):
        if r not in seen:
            seen.add(r)
            uniq.append(r)
    return uniq


def binary_goldens(w, path, arch, dsym, slices_dir):
    k = key(path, arch)
    archf = [f'--arch={arch}'] if arch else []
    nm_m = w.tool(f'{k}.nm-m.txt', [NM, '-n', '--defined-only', '-m', *archf, path])
    w.tool(f'{k}.nm.txt', [NM, '-n', '--defined-only', *archf, path])
    w.tool(f'{k}.nm-a.txt', [NM, '-n', '-a', *archf, path])
    w.tool(f'{k}.uuid.txt', [DWARFDUMP, '--uuid', *archf, path])
    w.tool(f'{k}.sections.txt', [OBJDUMP, '--macho', '--section-headers', *archf, path])
    lc = w.tool(f'{k}.load-commands.txt', [OBJDUMP, '--macho', '--private-headers', *archf, path])
    fs = w.tool(f'{k}.function-starts.txt', [OBJDUMP, '--macho', '--function-starts', *archf, path])
    if path.startswith('stripped/'):
        # What a stripped file still names: its exported symbols (reports/make_reports.py).
        w.tool(f'{k}.exports-trie.txt', [OBJDUMP, '--macho', '--exports-trie', *archf, path])
    # Disassembly (raw bytes shown: instruction sizes matter for return addresses). llvm-objdump
    # cannot pick a universal slice for -d, -z shows zero fill instead of '...', so a slice is first extracted with llvm-lipo -thin.
    # Stripped copies have the same code as their unstripped twin: their disassembly and dSYM
    # symbolizer output are not written again (keeps the committed data small).
    twin = path.startswith('stripped/')
    mattr = ['--mattr=+v8.3a'] if 'arm64e' in path else []
    if arch:
        thin = f'{os.path.basename(path)}.{arch}'
        R.run([LIPO, os.path.join(w.out, path), '-thin', arch, '-output', os.path.join(slices_dir, thin)])
        dis = w.tool(f'{k}.disasm.txt', [OBJDUMP, '-d', '-z', *mattr, thin], cwd=slices_dir, keep=not twin)
    else:
        dis = w.tool(f'{k}.disasm.txt', [OBJDUMP, '-d', '-z', *mattr, path], keep=not twin)

    img = R.Image(lc, fs, nm_m, dis)
    rows = address_rows(img)
    addrs = [a for a, _ in rows]
    _, sym_bin = symbolize(w.out, path, arch, addrs)
    plain_d, sym_dsym = symbolize(w.out, dwarf_file(dsym), arch, addrs)
    if not twin:
        w.put(f'{k}.dsym-symbolizer.txt', plain_d)

    answers = [img.lookup(a)[0] for a in addrs]
    dem = R.demangle_all(CXXFILT, [s.name for s in answers if s])
    lines = ['# address\tkind\texpected_mangled\texpected_symbol_start\texpected_demangled'
             '\tsymbolizer_binary\tsymbolizer_binary_start\tsymbolizer_dsym\tsymbolizer_dsym_start\n']
    for (a, kind), s, (bn, bs), (dn, ds) in zip(rows, answers, sym_bin, sym_dsym):
        exp = (s.name, hexa(s.addr), dem[s.name]) if s else ('-', '-', '-')
        lines.append('\t'.join([hexa(a), kind, *exp, bn, bs, dn, ds]) + '\n')
    w.put(f'{k}.addresses.tsv', ''.join(lines))
    return rows, answers, sym_bin, sym_dsym


def main():
    out = sys.argv[1]
    w = Writer(out)
    slices_dir = os.path.join(out, '..', 'slices')
    os.makedirs(slices_dir, exist_ok=True)
    disagreements = []
    for path, arch, dsym in BINARIES:
        rows, answers, sym_bin, sym_dsym = binary_goldens(w, path, arch, dsym, slices_dir)
        for (a, kind), s, (bn, _), (dn, _) in zip(rows, answers, sym_bin, sym_dsym):
            exp = s.name if s else '-'
            if exp != bn or exp != dn:
                disagreements.append(f'{key(path, arch)}\t{hexa(a)}\t{kind}\t{exp}\t{bn}\t{dn}\n')
    for d in DSYMS:
        w.tool(f'{d}.uuid.txt', [DWARFDUMP, '--uuid', dwarf_file(d)])
        w.tool(f'{d}.nm-m.txt', [NM, '-n', '--defined-only', '-m', '--arch=all', dwarf_file(d)])
    w.tool('App-fat.universal-headers.txt', [OBJDUMP, '--macho', '--universal-headers', 'App-fat'])
    w.put('DISAGREEMENTS.tsv',
          '# slice\taddress\tkind\trule\tllvm-symbolizer(binary)\tllvm-symbolizer(dSYM DWARF)\n'
          + ''.join(disagreements))


if __name__ == '__main__':
    main()
