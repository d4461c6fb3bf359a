#!/usr/bin/env python3
"""Writes the sample crash reports (schema crashreport/1) and their golden *.expected.tsv files.

usage: make_reports.py <testdata/macho build output dir> <output dir>     (called by macho/build.sh)

Frames are chosen from the LLVM disassembly of the committed binaries: frame 0 is an exact PC
(an instruction address), frames >= 1 are return addresses (the address right after a bl/call).
Runtime address = link-time address + slide (random page multiples, fixed seed). Expected answers
come from macho_rule.Image.lookup (nearest preceding N_SECT symbol within the LC_FUNCTION_STARTS
function, llvm-nm / llvm-objdump output) at the PAC-stripped, slide-removed link-time address,
minus 1 for return addresses. Formats: testdata/macho/README.md.
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'macho'))
import macho_rule as R  # noqa: E402

PAC_MASK = 0x00007FFFFFFFFFFF  # arm64e user-space VA: 47 bits; everything above is signature
CXXFILT = os.environ['CXXFILT']
SYMBOLIZER = os.environ['SYMBOLIZER']
BUILD = None  # the build output dir (set in main)

# golden key -> (dSYM DWARF file relative to the build output dir, arch for universal files)
DSYM_OF = {
    'App-arm64': ('App-arm64.dSYM/Contents/Resources/DWARF/App-arm64', None),
    'App-arm64e': ('App-arm64e.dSYM/Contents/Resources/DWARF/App-arm64e', None),
    'App-ios-arm64': ('App-ios-arm64.dSYM/Contents/Resources/DWARF/App-ios-arm64', None),
    'App-fat.x86_64': ('App-fat.dSYM/Contents/Resources/DWARF/App-fat', 'x86_64'),
    'libCrashKitUtil.dylib': ('libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib', None),
}


def dwarf_names(k, addrs):
    """Outermost linkage name llvm-symbolizer gives for each link-time address from the dSYM."""
    obj, arch = DSYM_OF[k]
    args = [SYMBOLIZER, f'--obj={obj}', '--no-demangle', '--functions=linkage', '--output-style=JSON']
    if arch:
        args.append(f'--default-arch={arch}')
    out = R.run(args, cwd=BUILD, stdin=''.join(hex(a) + '\n' for a in addrs))
    names = []
    for line in out.splitlines():
        v = json.loads(line)
        v = v[0] if isinstance(v, list) else v
        frames = v.get('Symbol') or []
        names.append((frames[-1].get('FunctionName') if frames else '') or '-')
    return names


def stripped_name(im, start):
    """The name a symbolicator can still give the function at link-time start in a file without
    its symbol: an export (llvm-objdump --exports-trie of that file, one leading underscore removed),
    else an Objective-C method name (llvm-nm of the unstripped twin: rebuilt from metadata), else None."""
    exports = getattr(im.img, 'exports', {})
    if start in exports:
        return min(n[1:] if n.startswith('_') else n for n in exports[start])
    if im.pick is not im.img:
        objc = [s.raw for s in im.pick.symbols if s.addr == start and s.raw[:2] in ('-[', '+[')]
        if objc:
            return min(objc)
    return None


def load_image(gold, k):
    rd = lambda ext: open(os.path.join(gold, f'{k}.{ext}')).read()  # noqa: E731
    # stripped copies have no disassembly golden: their frames are picked from the unstripped twin
    dis = rd('disasm.txt') if os.path.exists(os.path.join(gold, f'{k}.disasm.txt')) else None
    img = R.Image(rd('load-commands.txt'), rd('function-starts.txt'), rd('nm-m.txt'), dis)
    m = re.search(r'UUID: ([0-9A-F-]{36})', rd('uuid.txt'))
    img.uuid = m.group(1)
    img.key = k
    img.exports = {}
    trie = os.path.join(gold, f'{k}.exports-trie.txt')
    if os.path.exists(trie):
        for line in open(trie):
            e = re.match(r'^0x([0-9A-F]+)  (\S+)', line)
            if e:
                img.exports.setdefault(int(e.group(1), 16), []).append(e.group(2))
    return img


class Known:
    """An image of a report backed by one of our binaries (golden key k)."""

    def __init__(self, name, img, arch, slide, path, with_size=True, with_slide=True, uuid_style='dashed',
                 pick=None):
        self.name, self.img, self.arch, self.slide, self.path = name, img, arch, slide, path
        # where frame addresses are picked by symbol name (the unstripped twin for stripped copies)
        self.pick = pick or img
        self.load = img.text_vmaddr + slide
        self.size = img.text_vmsize
        self.with_size, self.with_slide, self.uuid_style = with_size, with_slide, uuid_style
        self.uuid = img.uuid

    def json(self):
        u = self.uuid if self.uuid_style == 'dashed' else self.uuid.replace('-', '').lower()
        d = {'name': self.name, 'path': self.path, 'uuid': u, 'arch': self.arch, 'load_address': hex(self.load)}
        if self.with_slide:
            d['slide'] = hex(self.slide)
        if self.with_size:
            d['size'] = hex(self.size)
        return d

    # --- picking addresses (link-time) from the disassembly ---
    def function(self, raw):
        sym = next((s for s in self.pick.symbols if s.raw == raw), None)
        if sym is None:
            raise SystemExit(f'{self.name}: no symbol {raw}')
        for f, e, ins in self.pick.functions():
            if f == sym.addr:
                return sym, f, e, ins
        raise SystemExit(f'{self.name}: {raw} is not a function start')

    def pc(self, raw, where='middle'):
        """An exact instruction address inside function raw (frame 0)."""
        _, f, e, ins = self.function(raw)
        real, pad = R.split_padding(ins)
        if where == 'middle':
            return real[len(real) // 2].addr
        if where == 'first':
            return real[0].addr
        if where == 'padding':
            return pad[len(pad) // 2].addr
        raise ValueError(where)

    def ret(self, caller, callee=None, nth=0):
        """The return address of the nth call in caller to callee (raw symbol name, or 'stub')."""
        _, f, e, ins = self.function(caller)
        stubs = self.pick.section('__TEXT', '__stubs')
        hits = []
        for x in R.split_padding(ins)[0]:
            if x.mnemonic not in R.CALL_MNEMONICS:
                continue
            m = re.search(r'0x([0-9a-f]+)', x.text)
            target = int(m.group(1), 16) if m else None
            if callee is None or (callee == 'stub' and stubs and target is not None and stubs.contains(target)) \
                    or (target is not None and any(s.raw == callee and s.addr == target for s in self.pick.symbols)):
                hits.append(x.addr + x.size)
        if not hits:
            raise SystemExit(f'{self.name}: no call from {caller} to {callee}')
        return hits[nth]


class Unknown:
    """An image whose debug file we do not ship (random UUID)."""

    def __init__(self, name, path, uuid, arch, load, size):
        self.name, self.path, self.uuid, self.arch, self.load, self.size = name, path, uuid, arch, load, size

    def json(self):
        d = {'name': self.name, 'path': self.path, 'uuid': self.uuid, 'arch': self.arch,
             'load_address': hex(self.load), 'size': hex(self.size)}
        if self.uuid is None:
            del d['uuid']
        return d


def rand_uuid(rng):
    h = '%032X' % rng.getrandbits(128)
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


class Report:
    def __init__(self, name, dsym_dir, process, crash=None):
        self.name, self.dsym_dir, self.process, self.crash = name, dsym_dir, process, crash
        self.images, self.threads, self.rows = [], [], []

    def image(self, im):
        self.images.append(im)
        return im

    def thread(self, tid, name, crashed, frames):
        """frames: list of (image or None, link-time or absolute address, kind, pac bits)."""
        recorded = []
        for i, (im, addr, kind, pac) in enumerate(frames):
            if isinstance(im, Known):
                runtime = addr + im.slide
            else:
                runtime = addr  # Unknown images / no image: absolute runtime addresses
            rec = runtime | pac
            recorded.append(hex(rec))
            self.rows.append((tid, i, rec, im, kind))
        t = {'id': tid, 'name': name, 'crashed': crashed, 'frames': recorded}
        if name is None:
            del t['name']
        self.threads.append(t)

    def write(self, out):
        doc = {'schema': 'crashreport/1', 'process': self.process}
        if self.crash:
            doc['crash'] = self.crash
        doc['images'] = [im.json() for im in self.images]
        doc['threads'] = self.threads
        with open(os.path.join(out, f'{self.name}.json'), 'w') as f:
            json.dump(doc, f, indent=2)
            f.write('\n')
        lines, names = [], []
        for tid, i, rec, im, kind in self.rows:
            addr = rec & PAC_MASK
            hit = next((x for x in self.images if x.load <= addr < x.load + x.size), None)
            if hit is not im:
                raise SystemExit(f'{self.name}: frame {tid}/{i} lands in {hit and hit.name}, meant {im and im.name}')
            if im is None:
                lines.append([tid, i, hex(rec), '-', '-', '-', 'no_image', '-', kind])
                continue
            off_image = addr - im.load
            if isinstance(im, Unknown) or (self.dsym_dir is None) or im.name in self.missing:
                lines.append([tid, i, hex(rec), im.name, '-', str(off_image), 'no_debug_file', '-', kind])
                continue
            link = addr - im.slide
            sym, rng = im.img.lookup(link - 1 if i > 0 else link)
            if sym is None and rng is not None:
                # No symbol, but LC_FUNCTION_STARTS bounds the function: offsets are from its start,
                # and a stripped file may still name it (stripped_name).
                name = stripped_name(im, rng[0])
                off = str(addr - (rng[0] + im.slide))
                if name is None:
                    lines.append([tid, i, hex(rec), im.name, '-', off, 'no_symbol', '-', kind])
                else:
                    names.append(name)
                    lines.append([tid, i, hex(rec), im.name, name, off, 'symbolicated', name, kind])
            elif sym is None:
                lines.append([tid, i, hex(rec), im.name, '-', str(off_image), 'no_symbol', '-', kind])
            else:
                names.append(sym.name)
                lines.append([tid, i, hex(rec), im.name, sym.name, str(addr - (sym.addr + im.slide)),
                              'symbolicated', sym.name, kind])
        self.cross_check_dwarf(lines)
        dem = R.demangle_all(CXXFILT, names)
        with open(os.path.join(out, f'{self.name}.expected.tsv'), 'w') as f:
            f.write(f'# report: testdata/reports/{self.name}.json\n')
            f.write(f'# dsym-dir: {self.dsym_dir or "(none)"}\n')
            f.write('# thread\tframe_index\taddress_as_recorded\texpected_image\texpected_mangled'
                    '\texpected_offset\tstatus\texpected_demangled\tframe_kind\n')
            for row in lines:
                if row[7] != '-':
                    row[7] = dem[row[7]]
                f.write('\t'.join(str(c) for c in row) + '\n')

    missing = ()

    def cross_check_dwarf(self, lines):
        """For reports checked against testdata/macho (which has the dSYMs), the DWARF answer of
        llvm-symbolizer must equal the rule's answer for every symbolicated frame; else stop."""
        if self.dsym_dir != 'testdata/macho':
            return
        by_key = {}
        for row, (tid, i, rec, im, kind) in zip(lines, self.rows):
            if row[6] == 'symbolicated':
                link = (rec & PAC_MASK) - im.slide - (1 if i > 0 else 0)
                by_key.setdefault(im.img.key, []).append((link, row))
        for k, items in by_key.items():
            got = dwarf_names(k, [a for a, _ in items])
            for (a, row), g in zip(items, got):
                if g != row[4]:
                    raise SystemExit(f'{self.name}: frame {row[0]}/{row[1]} at {hex(a)}: rule says {row[4]}, '
                                     f'llvm-symbolizer on the dSYM says {g}')


def slide_for(rng, page):
    return rng.randrange(0x10, 0x4000) * page


def build_reports(build):
    """Every sample report (Report objects, not yet written), built from the outputs in build."""
    global BUILD
    BUILD = build
    gold = os.path.join(build, 'golden')
    rng = random.Random(20261121)
    P16, P4 = 0x4000, 0x1000

    def sysimg(name, load, size, arch='arm64'):
        return Unknown(name, f'/usr/lib/system/{name}', rand_uuid(rng), arch, load, size)

    # ---------------------------------------------------------------- sample-crash (README quick start)
    r = Report('sample-crash', 'testdata/macho',
               {'name': 'App', 'pid': 4242, 'arch': 'arm64', 'os': 'macOS 14.1', 'timestamp': '2026-11-21T10:00:00Z'},
               {'signal': 'SIGSEGV', 'code': 'SEGV_MAPERR', 'address': '0x0', 'thread': 0,
                'reason': 'Null pointer dereference in ck_crash_null'})
    app = r.image(Known('App', load_image(gold, 'App-arm64'), 'arm64', slide_for(rng, P16),
                        '/Applications/App.app/Contents/MacOS/App'))
    lib = r.image(Known('libCrashKitUtil.dylib', load_image(gold, 'libCrashKitUtil.dylib'), 'arm64',
                        0x104000000 + rng.randrange(0, 0x400) * P16,
                        '/Applications/App.app/Contents/Frameworks/libCrashKitUtil.dylib'))
    kern = r.image(sysimg('libsystem_kernel.dylib', 0x18E5F0000 + rng.randrange(0, 0x100) * P16, 0x3C000))
    dyld = r.image(Unknown('dyld', '/usr/lib/dyld', rand_uuid(rng), 'arm64e', 0x18E200000 + rng.randrange(0, 0x100) * P16, 0x90000))
    r.thread(0, 'main', True, [
        (app, app.pc('_ck_crash_null', 'first'), 'pc_function_start', 0),
        (app, app.ret('_ck_dispatch', '_ck_crash_null'), 'return_address', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address', 0),
        (dyld, dyld.load + 0x5A3C, 'return_address_no_debug_file', 0),
    ])
    r.thread(1, 'worker', False, [
        (lib, lib.pc('_ck_lib_mix'), 'pc_middle_static_function', 0),
        (lib, lib.ret('_ck_lib_checksum', '_ck_lib_mix'), 'return_address', 0),
        (lib, lib.ret('_ck_lib_compute', '_ck_lib_checksum'), 'return_address', 0),
        (app, app.ret('_ck_dispatch', 'stub'), 'return_address_after_stub_call', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address', 0),
    ])
    r.thread(2, 'abort', False, [
        (kern, kern.load + 0x8F30, 'pc_no_debug_file', 0),
        (app, app.ret('_ck_fatal', 'stub', -1), 'return_address_at_function_end', 0),
        (app, app.ret('_ck_dispatch', '_ck_fatal'), 'return_address_at_function_end', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address', 0),
    ])
    r.thread(3, 'cpp', False, [
        (app, app.pc('__ZNK8crashkit6Parser5parseEPKc'), 'pc_middle_cpp', 0),
        (app, app.ret('_cpp_entry', '__ZNK8crashkit6Parser5parseEPKc'), 'return_address', 0),
        (app, app.ret('_ck_dispatch', '_cpp_entry'), 'return_address', 0),
        (None, 0x4000, 'no_image', 0),
    ])
    r.thread(4, None, False, [
        # objc_entry tail-calls objc_msgSend, so the method's caller frame is ck_dispatch
        (app, app.pc('+[CKWidget combineA:withB:]', 'first'), 'pc_objc_method', 0),
        (app, app.ret('_ck_dispatch', '_objc_entry'), 'return_address', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address', 0),
    ])
    reports = [r]

    # ---------------------------------------------------------------- edge cases (symbol-table rule)
    r = Report('edge-cases', 'testdata/macho/symtab-only',
               {'name': 'App', 'arch': 'arm64', 'os': 'macOS 14.1'}, None)
    app = r.image(Known('App', load_image(gold, 'App-arm64'), 'arm64', slide_for(rng, P16),
                        '/Applications/App.app/Contents/MacOS/App', with_slide=False))
    text = app.img.section('__TEXT', '__text')
    r.thread(7, 'edges', True, [
        (app, app.img.text_vmaddr + 8, 'pc_mach_header', 0),
        (app, app.img.section('__TEXT', '__stubs').addr + 4, 'pc_stubs', 0),
        (app, app.pc('_ck_crash_null', 'padding'), 'pc_alignment_padding', 0),
        (app, text.end - 4, 'pc_text_tail_padding_of_last_function', 0),
        (app, app.img.section('__TEXT', '__cstring').addr + 1, 'pc_cstring', 0),
        (app, app.img.section('__TEXT', '__const').addr + 2, 'pc_const', 0),
        (app, app.ret('_ck_fatal', 'stub', -1), 'return_address_at_function_end', 0),
    ])
    # Apple writes an all-zero UUID for images it could not identify; one image has no uuid at all
    zero = r.image(Unknown('Zeroed', '/usr/lib/Zeroed.dylib', '00000000-0000-0000-0000-000000000000', 'arm64',
                           0x1F0000000, 0x8000))
    nouuid = r.image(Unknown('NoUUID', '/usr/lib/NoUUID.dylib', None, 'arm64', 0x1F0010000, 0x8000))
    r.thread(8, 'tail-frames', False, [
        (app, app.pc('_ck_tail', 'first'), 'pc_function_without_dwarf', 0),
        (app, app.ret('_ck_aligned_worker', '_ck_static_helper'), 'return_address', 0),
        (zero, zero.load + 0x7FFC, 'return_address_zero_uuid_image_last_word', 0),
        (nouuid, nouuid.load + 0x10, 'return_address_image_without_uuid', 0),
        (None, zero.load + 0x8100, 'return_address_between_images', 0),
    ])
    # exact PC one past the end of an image (the image range is [load, load + size))
    r.thread(9, None, False, [(None, zero.load + 0x8000, 'pc_one_past_image_end', 0)])
    reports.append(r)

    # ---------------------------------------------------------------- arm64e with PAC-signed addresses
    r = Report('arm64e-pac', 'testdata/macho',
               {'name': 'App', 'pid': 77, 'arch': 'arm64e', 'os': 'macOS 14.1', 'timestamp': '2026-11-21T11:30:00Z'},
               {'signal': 'SIGABRT', 'thread': 0, 'reason': 'abort() called'})
    app = r.image(Known('App', load_image(gold, 'App-arm64e'), 'arm64e', slide_for(rng, P16),
                        '/Applications/App.app/Contents/MacOS/App'))
    kern = r.image(sysimg('libsystem_kernel.dylib', 0x18E5F0000 + rng.randrange(0, 0x100) * P16, 0x3C000, 'arm64e'))

    def pac():
        return rng.randrange(1, 0x80) << 48

    r.thread(0, 'main', True, [
        (kern, kern.load + 0x8F30, 'pc_no_debug_file', 0),
        (app, app.ret('_ck_fatal', 'stub', -1), 'return_address_at_function_end_pac', pac()),
        (app, app.ret('_ck_dispatch', '_ck_fatal'), 'return_address_at_function_end_pac', pac()),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address_pac', pac()),
    ])
    r.thread(1, 'helper', False, [
        (app, app.pc('_ck_static_helper'), 'pc_middle_static_function', 0),
        (app, app.ret('_ck_aligned_worker', '_ck_static_helper'), 'return_address_pac', 0x002D000000000000),
        (app, app.ret('_ck_dispatch', '_ck_aligned_worker'), 'return_address_pac', pac()),
        (kern, kern.load + 0x1234, 'return_address_no_debug_file_pac', pac()),
    ])
    reports.append(r)

    # ---------------------------------------------------------------- fat binary, x86_64 slice
    r = Report('fat-x86_64', 'testdata/macho',
               {'name': 'App', 'pid': 9001, 'arch': 'x86_64', 'os': 'macOS 13.6', 'timestamp': '2026-11-21T12:00:00Z'},
               {'signal': 'SIGSEGV', 'code': 'SEGV_MAPERR', 'address': '0x0', 'thread': 3})
    app = r.image(Known('App', load_image(gold, 'App-fat.x86_64'), 'x86_64', slide_for(rng, P4),
                        '/Applications/App.app/Contents/MacOS/App', with_size=False, with_slide=False,
                        uuid_style='plain'))
    r.thread(3, 'crashing', True, [
        (app, app.pc('_ck_crash_null', 'middle'), 'pc_middle', 0),
        (app, app.ret('_ck_dispatch', '_ck_crash_null'), 'return_address', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address', 0),
    ])
    r.thread(4, 'templates', False, [
        (app, app.pc('__ZN8crashkit6detail10accumulateIdEET_PKS2_i'), 'pc_middle_template', 0),
        # x86_64: lld calls the weak template instantiations through __stubs
        (app, app.ret('_cpp_entry', 'stub', -1), 'return_address_after_stub_call', 0),
        (app, app.ret('_cpp_entry', '__ZN12_GLOBAL__N_113hidden_squareEi'), 'return_address', 0),
        (app, app.ret('_ck_fatal', 'stub', -1), 'return_address_at_function_end', 0),
    ])
    reports.append(r)

    # ---------------------------------------------------------------- iOS arm64, no slide given
    r = Report('ios-arm64', 'testdata/macho',
               {'name': 'App', 'pid': 321, 'arch': 'arm64', 'os': 'iOS 17.1', 'timestamp': '2026-11-21T13:15:00Z'},
               {'signal': 'SIGSEGV', 'code': 'SEGV_MAPERR', 'address': '0x10', 'thread': 0,
                'reason': 'bad access in -[CKWidget crashWithPointer:]'})
    app = r.image(Known('App', load_image(gold, 'App-ios-arm64'), 'arm64', slide_for(rng, P16),
                        '/private/var/containers/Bundle/Application/0C8D2D6E-7A1B-4F43-9E55-2C0B1F3A9D10/App.app/App',
                        with_slide=False))
    kern = r.image(sysimg('libsystem_kernel.dylib', 0x1D2A40000 + rng.randrange(0, 0x100) * P16, 0x3C000))
    r.thread(0, 'main', True, [
        (app, app.pc('-[CKWidget crashWithPointer:]'), 'pc_objc_method', 0),
        (app, app.ret('_ck_dispatch', '_objc_entry'), 'return_address', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address', 0),
    ])
    r.thread(1, None, False, [
        (kern, kern.load + 0x1A2C, 'pc_no_debug_file', 0),
        (app, app.ret('_ck_aligned_worker', '_ck_static_helper'), 'return_address', 0),
    ])
    reports.append(r)

    # ---------------------------------------------------------------- stripped binaries only
    r = Report('stripped', 'testdata/macho/stripped',
               {'name': 'App', 'arch': 'arm64', 'os': 'macOS 14.1'},
               {'signal': 'SIGSEGV', 'thread': 0})
    app = r.image(Known('App', load_image(gold, 'stripped/App-arm64'), 'arm64', slide_for(rng, P16),
                        '/Applications/App.app/Contents/MacOS/App', pick=load_image(gold, 'App-arm64')))
    lib = r.image(Known('libCrashKitUtil.dylib', load_image(gold, 'stripped/libCrashKitUtil.dylib'), 'arm64',
                        0x104000000 + rng.randrange(0, 0x400) * P16,
                        '/Applications/App.app/Contents/Frameworks/libCrashKitUtil.dylib', with_size=False,
                        pick=load_image(gold, 'libCrashKitUtil.dylib')))
    r.thread(0, 'main', True, [
        (lib, lib.pc('_ck_lib_mix'), 'pc_static_function_stripped', 0),
        (lib, lib.ret('_ck_lib_compute', '_ck_lib_mix'), 'return_address_exported_symbol_kept', 0),
        (app, app.ret('_ck_dispatch', 'stub'), 'return_address_symbol_stripped', 0),
        (app, app.ret('_main', '_ck_dispatch'), 'return_address_symbol_stripped', 0),
    ])
    r.thread(1, 'cpp', False, [
        (app, app.pc('__ZN8crashkit6detail10accumulateIiEET_PKS2_i'), 'pc_weak_symbol_kept', 0),
        (app, app.ret('_cpp_entry', 'stub', 0), 'return_address_symbol_stripped', 0),
        (app, app.ret('_ck_dispatch', '_cpp_entry'), 'return_address_symbol_stripped', 0),
    ])
    reports.append(r)

    # ---------------------------------------------------------------- UUID mismatch
    r = Report('uuid-mismatch', 'testdata/macho/mismatch',
               {'name': 'App', 'arch': 'arm64', 'os': 'macOS 14.1'},
               {'signal': 'SIGSEGV', 'thread': 0})
    app = r.image(Known('App', load_image(gold, 'App-arm64'), 'arm64', slide_for(rng, P16),
                        '/Applications/App.app/Contents/MacOS/App'))
    r.missing = ('App',)  # mismatch/ holds App-arm64 rebuilt: same name, different UUID
    r.thread(0, 'main', True, [
        (app, app.pc('_ck_crash_null', 'first'), 'pc_debug_file_uuid_differs', 0),
        (app, app.ret('_ck_dispatch', '_ck_crash_null'), 'return_address_debug_file_uuid_differs', 0),
    ])
    reports.append(r)
    return reports


def main():
    build, out = sys.argv[1:3]
    for rep in build_reports(build):
        rep.write(out)


if __name__ == '__main__':
    main()
