#!/usr/bin/env python3
"""Writes golden/<variant>.expected.tsv: for every function of the stripped binary (from
`llvm-objdump --macho --function-starts` of the stripped file), the name llvm-nm gives that address
in the UNSTRIPPED build and where a symbolicator without a symbol table can get it from:

  exports          the stripped file's export trie (`llvm-objdump --macho --exports-trie`) has the
                   symbol at that address (C-level name: one leading underscore removed)
  objc             else: the llvm-nm name is an Objective-C method (`-[...]` / `+[...]`)
  swift            else: the llvm-nm name is a Swift type metadata accessor (`$s...Ma`), named from
                   __swift5_types context descriptors
  function_starts  none of these: no name, offsets from the function start

usage: goldens.py GOLDEN_DIR VARIANT...   (called by build.sh after the llvm tools wrote their files)
Columns: start (hex), end (hex, the next start or the end of __text), source, name ('-' = none).
"""
import os
import re
import sys


def nm_text_symbols(path):
    """address -> names of symbols in __text (llvm-nm types t/T), llvm-nm -n order."""
    out = {}
    for line in open(path):
        m = re.match(r'^([0-9a-f]{16}) ([tT]) (.*)$', line.rstrip('\n'))
        if m:
            out.setdefault(int(m.group(1), 16), []).append((m.group(2), m.group(3)))
    return out


def function_starts(path):
    return [int(m.group(1), 16) for m in (re.match(r'^([0-9a-f]{16})', l) for l in open(path)) if m]


def exports(path):
    out = {}
    for line in open(path):
        m = re.match(r'^0x([0-9A-F]+)  (\S+)', line)
        if m:
            out.setdefault(int(m.group(1), 16), []).append(m.group(2))
    return out


def text_section(path):
    for line in open(path):
        f = line.split()
        if len(f) >= 5 and f[1] == '__text' and f[4] == 'TEXT':
            return int(f[3], 16), int(f[3], 16) + int(f[2], 16)
    raise SystemExit(f'{path}: no __text section')


def main():
    gold, variants = sys.argv[1], sys.argv[2:]
    for v in variants:
        g = lambda ext: os.path.join(gold, f'{v}.{ext}')  # noqa: E731
        names = nm_text_symbols(g('nm.txt'))
        starts = function_starts(g('function-starts.txt'))
        exp = exports(g('exports-trie.txt'))
        lo, hi = text_section(g('sections.txt'))
        if not starts or sorted(starts) != starts or not all(lo <= s < hi for s in starts):
            raise SystemExit(f'{v}: function starts not ascending inside __text')
        rows = []
        for i, s in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else hi
            here = names.get(s, [])
            if len(here) != 1:
                raise SystemExit(f'{v}: {len(here)} llvm-nm names at 0x{s:x}: {here} (expected exactly one)')
            _kind, name = here[0]
            # In the order a symbolicator prefers them when several name one address (exports are
            # the linker's own names; the other two are rebuilt from metadata).
            if name in exp.get(s, []):
                rows.append((s, end, 'exports', name[1:]))
            elif name[:2] in ('-[', '+['):
                rows.append((s, end, 'objc', name))
            elif name.startswith('_$s') and name.endswith('Ma'):
                rows.append((s, end, 'swift', name[1:]))
            else:
                rows.append((s, end, 'function_starts', '-'))
        with open(g('expected.tsv'), 'w') as f:
            f.write(f'# {v}: every function start of the stripped binary; names from llvm-nm -n of the unstripped build\n')
            f.write('# start\tend\tsource\tname\n')
            for s, e, src, name in rows:
                f.write(f'0x{s:x}\t0x{e:x}\t{src}\t{name}\n')


if __name__ == '__main__':
    main()
