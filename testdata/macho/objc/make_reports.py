#!/usr/bin/env python3
"""Writes reports/<variant>.json (crashreport/1) and reports/<variant>.expected.tsv: one frame in every
function of the stripped binary, so that symbolicating the report against the stripped file alone must
give, frame by frame, the name and source of golden/<variant>.expected.tsv (llvm-nm of the unstripped
build) and offsets from the function start.

usage: make_reports.py OUT_DIR VARIANT...   (called by build.sh; reads OUT_DIR/golden/)

Frame 0 is an exact pc 4 bytes into the first function; the others are return addresses 4 bytes into
theirs (looked up at address - 1, still inside). The image is loaded at a fixed slide; on arm64e the
return addresses carry pointer-authentication bits above bit 47, as a real arm64e stack has them.
"""
import json
import os
import re
import sys

SLIDE = 0x4a00000
PAC = 0x002a000000000000


def main():
    out, variants = sys.argv[1], sys.argv[2:]
    gold = os.path.join(out, 'golden')
    os.makedirs(os.path.join(out, 'reports'), exist_ok=True)
    for v in variants:
        uuid = re.search(r'UUID: ([0-9A-F-]{36})', open(os.path.join(gold, f'{v}.uuid.txt')).read()).group(1)
        rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(gold, f'{v}.expected.tsv')) if not l.startswith('#')]
        text = next(l.split() for l in open(os.path.join(gold, f'{v}.sections.txt')) if ' __text ' in l)
        base = 0x100000000
        arm64e = v.endswith('arm64e')
        frames, expected = [], []
        for i, (start, end, source, name) in enumerate(rows):
            start, end = int(start, 16), int(end, 16)
            pc = start + min(4, end - start) + SLIDE
            recorded = pc | (PAC if arm64e and i > 0 else 0)
            frames.append(hex(recorded))
            status = 'no_symbol' if name == '-' else 'symbolicated'
            expected.append([0, i, hex(recorded), 'Shapes', name, pc - (start + SLIDE), status, source,
                             hex(start + SLIDE)])
        report = {
            'schema': 'crashreport/1',
            'process': {'name': 'Shapes', 'arch': 'arm64e' if arm64e else 'arm64', 'os': 'macOS 14.1'},
            'crash': {'signal': 'SIGSEGV', 'thread': 0},
            'images': [{'name': 'Shapes', 'path': '/Applications/Shapes.app/Contents/MacOS/Shapes', 'uuid': uuid,
                        'arch': 'arm64e' if arm64e else 'arm64', 'load_address': hex(base + SLIDE),
                        'slide': hex(SLIDE), 'size': hex(int(text[3], 16) + int(text[2], 16) - base)}],
            'threads': [{'id': 0, 'name': 'main', 'crashed': True, 'frames': frames}],
        }
        with open(os.path.join(out, 'reports', f'{v}.json'), 'w') as f:
            json.dump(report, f, indent=2)
            f.write('\n')
        with open(os.path.join(out, 'reports', f'{v}.expected.tsv'), 'w') as f:
            f.write(f'# report: testdata/macho/objc/reports/{v}.json\n')
            f.write(f'# dsym-dir: testdata/macho/objc/{v}\n')
            f.write('# thread\tframe_index\taddress_as_recorded\texpected_image\texpected_mangled\texpected_offset'
                    '\tstatus\tsource\tsymbol_address\n')
            for r in expected:
                f.write('\t'.join(str(c) for c in r) + '\n')


if __name__ == '__main__':
    main()
