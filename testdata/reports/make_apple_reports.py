#!/usr/bin/env python3
"""Writes the sample crashes of make_reports.py as Apple reports, unsymbolicated, with goldens.

usage: make_apple_reports.py <testdata/macho build output dir> <output dir>   (called by macho/build.sh)
       (standalone: CXXFILT=... SYMBOLIZER=... make_apple_reports.py testdata/macho testdata/reports/apple)

For each of sample-crash, arm64e-pac, ios-arm64 and fat-x86_64 (the same images, slides and frames
as the crashreport/1 file of that name) it writes
  X.ips           Apple .ips (bug_type 309): a one-line JSON header, then the pretty-printed JSON body
                  (usedImages with base/size/lower-case dashed uuid/arch/name/path/source "P",
                  threads[].frames[] {imageOffset, imageIndex}, faultingThread, exception, ...);
                  a frame in no image points at an "A" (absolute) placeholder image with base 0 and a
                  zero UUID, so its imageOffset is the address itself, as Apple writes it.
  X.crash         Apple legacy text report (iOS-style layout, Report Version 104): header, blocks
                  `Thread N Crashed:` with `idx  Image  0xADDR 0xLOAD + OFFSET` lines (`???` and
                  `0x0 + ADDR` for a frame in no image), thread state, `Binary Images:` with the
                  32-hex-digit UUID form.
  X.expected.tsv  the golden for both: one row per expected output entry (see the header comment
                  written into the file and testdata/reports/README.md).
Addresses are written PAC-stripped (as Apple's reports are). Expected names, files and lines come
from llvm-symbolizer --inlining --output-style=JSON on the dSYM's DWARF file at the link-time
address (-1 for return addresses); symbol starts from llvm-nm via macho_rule (as make_reports.py);
the outermost llvm-symbolizer name must equal llvm-cxxfilt of the symbol-table name, else we stop.
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_reports as M  # noqa: E402
R = M.R

NAMES = ('sample-crash', 'arm64e-pac', 'ios-arm64', 'fat-x86_64')
ZERO_UUID = '00000000-0000-0000-0000-000000000000'
BUNDLE_ID = 'dev.crashkit.App'


def dashed_lower(u):
    h = u.replace('-', '').lower()
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


def rand_uuid(rng):
    return dashed_lower('%032x' % rng.getrandbits(128)).upper()


def symbolize(key, addrs):
    """llvm-symbolizer --inlining JSON entries (innermost first) for each link-time address."""
    obj, arch = M.DSYM_OF[key]
    args = [M.SYMBOLIZER, f'--obj={obj}', '--inlining', '--output-style=JSON']
    if arch:
        args.append(f'--default-arch={arch}')
    out = R.run(args, cwd=M.BUILD, stdin=''.join(hex(a) + '\n' for a in addrs))
    res = []
    for line in out.splitlines():
        v = json.loads(line)
        v = v[0] if isinstance(v, list) else v
        res.append(v.get('Symbol') or [])
    if len(res) != len(addrs):
        raise SystemExit('llvm-symbolizer returned a different number of answers')
    return res


def inline_pc(im, raw):
    """The first instruction of function raw where llvm-symbolizer reports an inlined call."""
    _, _, _, ins = im.function(raw)
    real, _ = R.split_padding(ins)
    for x, entries in zip(real, symbolize(im.img.key, [x.addr for x in real])):
        if len(entries) > 1:
            return x.addr
    raise SystemExit(f'{im.name}: no inlined call in {raw}')


class Frame:
    def __init__(self, thread, index, addr, im, kind):
        self.thread, self.index, self.addr, self.im, self.kind = thread, index, addr, im, kind


class AppleReport:
    """One crash of make_reports.py, re-laid out as Apple writes it (threads by position)."""

    def __init__(self, rep, rng):
        self.rep, self.rng = rep, rng
        self.images = list(rep.images)
        self.threads = []  # (name or None, crashed, [Frame])
        tids = [t['id'] for t in rep.threads]
        by_tid = {}
        for tid, i, rec, im, kind in rep.rows:
            by_tid.setdefault(tid, []).append(Frame(tids.index(tid), i, rec & M.PAC_MASK, im, kind))
        for t in rep.threads:
            self.threads.append((t.get('name'), t['crashed'], by_tid[t['id']]))
        self.add_inline_threads()
        self.exception = self.exception_backtrace()
        self.faulting = next(i for i, t in enumerate(self.threads) if t[1])
        self.app = self.images[0]
        self.arch = rep.process['arch']
        self.ios = rep.process['os'].startswith('iOS')
        self.pid = rep.process.get('pid', 100)
        self.incident = rand_uuid(rng)
        self.key = '%040x' % rng.getrandbits(160)
        self.tids = [rng.randrange(0x10000, 0x100000) for _ in self.threads]
        self.sp = 0x16F000000 + rng.randrange(0, 0x10000) * 16
        self.regs = [rng.getrandbits(64) if rng.random() < 0.5 else rng.randrange(0, 0x1000) for _ in range(29)]
        ts = rep.process.get('timestamp', '2026-11-21T09:00:00Z')
        self.when = ts.replace('T', ' ').replace('Z', '')
        self.has_orphan = any(f.im is None for t in self.threads for f in t[2])

    def add_inline_threads(self):
        """Two threads more than the crashreport/1 file: PCs where llvm-symbolizer --inlining gives an
        inline chain (ck_strlen inlined into ck_fatal; crashkit::Parser::Parser(int) twice, the
        complete-object constructor inlining the base one, into cpp_entry)."""
        app = self.images[0]
        for func, caller, name in (('_ck_fatal', '_ck_dispatch', 'inlined-c'),
                                   ('_cpp_entry', '_ck_dispatch', 'inlined-cpp')):
            t = len(self.threads)
            frames = [Frame(t, 0, inline_pc(app, func) + app.slide, app, 'pc_inlined_call'),
                      Frame(t, 1, app.ret(caller, func) + app.slide, app, 'return_address'),
                      Frame(t, 2, app.ret('_main', caller) + app.slide, app, 'return_address')]
            self.threads.append((name, False, frames))

    def exception_backtrace(self):
        """For the abort report only, a Last Exception Backtrace (thread -1 in the golden): a frame in
        the system library we do not ship, then the app's return addresses of the abort path."""
        if self.rep.name != 'arm64e-pac':
            return []
        app, kern = self.images[0], self.images[1]
        return [Frame(-1, 0, kern.load + 0x4A8C, kern, 'pc_no_debug_file'),
                Frame(-1, 1, app.ret('_ck_fatal', 'stub', -1) + app.slide, app, 'return_address_at_function_end'),
                Frame(-1, 2, app.ret('_ck_dispatch', '_ck_fatal') + app.slide, app, 'return_address_at_function_end'),
                Frame(-1, 3, app.ret('_main', '_ck_dispatch') + app.slide, app, 'return_address')]

    def all_threads(self):
        """(thread number, frames) of every thread, then (-1, the exception backtrace) if any."""
        out = [(t, frames) for t, (_, _, frames) in enumerate(self.threads)]
        return out + ([(-1, self.exception)] if self.exception else [])

    # ------------------------------------------------------------ shared facts
    def size(self, im):
        return im.size

    def uuid(self, im):
        return im.uuid

    def os_train_build(self):
        os_name = self.rep.process['os']
        build = {'macOS 14.1': '23B74', 'macOS 13.6': '22G120', 'iOS 17.1': '21B74'}[os_name]
        return os_name, build

    def signal(self):
        c = self.rep.crash
        return c.get('signal', 'SIGSEGV')

    def exc_type(self):
        return 'EXC_CRASH' if self.signal() == 'SIGABRT' else 'EXC_BAD_ACCESS'

    def fault_address(self):
        return int(self.rep.crash.get('address', '0x0'), 16)

    def crashed_frames(self):
        return self.threads[self.faulting][2]

    # ------------------------------------------------------------ .ips
    def ips(self):
        train, build = self.os_train_build()
        header = {
            'app_name': self.app.name, 'timestamp': self.when + '.00 +0000', 'app_version': '1.0',
            'slice_uuid': dashed_lower(self.uuid(self.app)), 'build_version': '1', 'platform': 2 if self.ios else 1,
            'bundleID': BUNDLE_ID, 'share_with_app_devs': 0, 'is_first_party': 0, 'bug_type': '309',
            'os_version': (train.replace('iOS', 'iPhone OS') if self.ios else train) + f' ({build})',
            'roots_installed': 0, 'name': self.app.name, 'incident_id': self.incident,
        }
        used = []
        for im in self.images:
            used.append({'source': 'P', 'arch': im.arch, 'base': im.load, 'size': self.size(im),
                         'uuid': dashed_lower(self.uuid(im)), 'path': im.path, 'name': im.name})
        if self.has_orphan:
            used.append({'size': 0, 'source': 'A', 'base': 0, 'uuid': ZERO_UUID})
        threads = []
        for t, (name, crashed, frames) in enumerate(self.threads):
            th = {}
            if crashed:
                th['triggered'] = True
            th['id'] = self.tids[t]
            if crashed:
                th['threadState'] = self.ips_state(frames)
            if name:
                th['name'] = name
            if t == 0:
                th['queue'] = 'com.apple.main-thread'
            th['frames'] = [self.ips_frame(f) for f in frames]
            threads.append(th)
        sig = self.signal()
        body = {
            'uptime': 86000 + self.rng.randrange(0, 1000), 'procRole': 'Foreground', 'version': 2, 'userID': 501,
            'deployVersion': 210, 'modelCode': 'iPhone14,5' if self.ios else 'Mac14,2', 'coalitionID': 1234,
            'osVersion': {'train': train.replace('iOS', 'iPhone OS') if self.ios else train, 'build': build,
                          'releaseType': 'User'},
            'captureTime': self.when + '.1234 +0000', 'codeSigningMonitor': 1, 'incident': self.incident,
            'pid': self.pid, 'translated': False, 'cpuType': 'X86-64' if self.arch == 'x86_64' else 'ARM-64',
            'roots_installed': 0, 'bug_type': '309', 'procLaunch': self.when + '.0000 +0000',
            'procStartAbsTime': 1000000000, 'procExitAbsTime': 1000123456, 'procName': self.app.name,
            'procPath': self.app.path,
            'bundleInfo': {'CFBundleShortVersionString': '1.0', 'CFBundleVersion': '1',
                           'CFBundleIdentifier': BUNDLE_ID},
            'storeInfo': {'deviceIdentifierForVendor': rand_uuid(self.rng), 'thirdParty': True},
            'parentProc': 'launchd', 'parentPid': 1, 'crashReporterKey': self.key.upper()[:40],
            'exception': self.ips_exception(),
            'termination': {'flags': 0, 'code': 6 if sig == 'SIGABRT' else 11, 'namespace': 'SIGNAL',
                            'indicator': 'Abort trap: 6' if sig == 'SIGABRT' else 'Segmentation fault: 11',
                            'byProc': 'exc handler', 'byPid': self.pid},
        }
        if sig == 'SIGABRT':
            body['asi'] = {'libsystem_c.dylib': ['abort() called']}
        if self.exception:
            body['lastExceptionBacktrace'] = [self.ips_frame(f) for f in self.exception]
        else:
            body['vmRegionInfo'] = f'{hex(self.fault_address())} is not in any region.'
        body['faultingThread'] = self.faulting
        body['threads'] = threads
        body['usedImages'] = used
        body['sharedCache'] = {'base': 0x18E000000, 'size': 0x100000000, 'uuid': dashed_lower(rand_uuid(self.rng))}
        body['legacyInfo'] = {'threadTriggered': {'queue': 'com.apple.main-thread'} if self.faulting == 0 else {}}
        body['trialInfo'] = {'rollouts': [], 'experiments': []}
        return json.dumps(header, separators=(',', ':')) + '\n' + self.apple_json(body) + '\n'

    @staticmethod
    def apple_json(body):
        """The body as Apple lays it out: `"key" : value` per top-level key, usedImages one image per
        block, other values compact on one line."""
        out = ['{']
        keys = list(body)
        for n, k in enumerate(keys):
            v = body[k]
            if k == 'usedImages':
                parts = []
                for im in v:
                    inner = ',\n'.join(f'    {json.dumps(a)} : {json.dumps(b)}' for a, b in im.items())
                    parts.append('  {\n' + inner + '\n  }')
                text = '[\n' + ',\n'.join(parts) + '\n]'
            else:
                text = json.dumps(v, separators=(',', ':'))
            out.append(f'  {json.dumps(k)} : {text}' + (',' if n < len(keys) - 1 else ''))
        out.append('}')
        # Apple's writer escapes every "/" in strings (paths read "\/Applications\/App.app\/...").
        return '\n'.join(out).replace('/', '\\/')

    def image_index(self, im):
        return len(self.images) if im is None else self.images.index(im)

    def ips_frame(self, f):
        base = 0 if f.im is None else f.im.load
        return {'imageOffset': f.addr - base, 'imageIndex': self.image_index(f.im)}

    def ips_exception(self):
        if self.signal() == 'SIGABRT':
            return {'codes': '0x0000000000000000, 0x0000000000000000', 'rawCodes': [0, 0], 'type': 'EXC_CRASH',
                    'signal': 'SIGABRT'}
        a = self.fault_address()
        return {'codes': f'0x0000000000000001, 0x{a:016x}', 'rawCodes': [1, a], 'type': 'EXC_BAD_ACCESS',
                'signal': 'SIGSEGV', 'subtype': f'KERN_INVALID_ADDRESS at 0x{a:016x}'}

    def lr_fp_sp(self, frames):
        lr = frames[1].addr if len(frames) > 1 else 0
        return lr, self.sp + 0x40, self.sp

    def ips_state(self, frames):
        pc = frames[0].addr
        lr, fp, sp = self.lr_fp_sp(frames)
        if self.arch == 'x86_64':
            names = ['rax', 'rbx', 'rcx', 'rdx', 'rdi', 'rsi', 'r8', 'r9', 'r10', 'r11', 'r12', 'r13', 'r14', 'r15']
            st = {n: {'value': self.regs[i]} for i, n in enumerate(names)}
            st.update({'flavor': 'x86_THREAD_STATE', 'rbp': {'value': fp}, 'rsp': {'value': sp},
                       'rip': {'value': pc, 'matchesCrashFrame': 1}, 'rflags': {'value': 0x10246},
                       'cr2': {'value': self.fault_address()}, 'cpu': {'value': 2}, 'err': {'value': 4},
                       'trap': {'value': 14, 'description': '(no mapping for user data read)'}})
            return st
        return {'x': [{'value': v} for v in self.regs], 'flavor': 'ARM_THREAD_STATE64', 'lr': {'value': lr},
                'cpsr': {'value': 0x60001000}, 'fp': {'value': fp}, 'sp': {'value': sp},
                'esr': {'value': 0x92000006, 'description': '(Data Abort) byte read Translation fault'},
                'pc': {'value': pc, 'matchesCrashFrame': 1}, 'far': {'value': self.fault_address()}}

    # ------------------------------------------------------------ .crash
    def crash(self):
        train, build = self.os_train_build()
        sig = self.signal()
        L = []

        def kv(k, v):
            L.append(f'{k + ":":<21}{v}')
        kv('Incident Identifier', self.incident)
        kv('CrashReporter Key', self.key)
        kv('Hardware Model', 'iPhone14,5' if self.ios else 'Mac14,2')
        kv('Process', f'{self.app.name} [{self.pid}]')
        kv('Path', self.app.path)
        kv('Identifier', BUNDLE_ID)
        kv('Version', '1 (1.0)')
        kv('Code Type', 'X86-64 (Native)' if self.arch == 'x86_64' else 'ARM-64 (Native)')
        kv('Role', 'Foreground')
        kv('Parent Process', 'launchd [1]')
        kv('Coalition', f'{BUNDLE_ID} [1234]')
        L.append('')
        kv('Date/Time', self.when + '.1234 +0000')
        kv('Launch Time', self.when + '.0000 +0000')
        kv('OS Version', (train.replace('iOS', 'iPhone OS') if self.ios else train) + f' ({build})')
        kv('Release Type', 'User')
        kv('Report Version', '104')
        L.append('')
        if sig == 'SIGABRT':
            L.append('Exception Type:  EXC_CRASH (SIGABRT)')
            L.append('Exception Codes: 0x0000000000000000, 0x0000000000000000')
            L.append('Termination Reason: SIGNAL 6 Abort trap: 6')
        else:
            a = self.fault_address()
            L.append('Exception Type:  EXC_BAD_ACCESS (SIGSEGV)')
            L.append(f'Exception Subtype: KERN_INVALID_ADDRESS at 0x{a:016x}')
            L.append(f'VM Region Info: {hex(a)} is not in any region.')
            L.append('Termination Reason: SIGNAL 11 Segmentation fault: 11')
        L.append(f'Terminating Process: exc handler [{self.pid}]')
        L.append('')
        L.append(f'Triggered by Thread:  {self.faulting}')
        L.append('')
        if sig == 'SIGABRT':
            L.append('Application Specific Information:')
            L.append('abort() called')
            L.append('')
            L.append('')
        if self.exception:
            L.append('Last Exception Backtrace:')
            for f in self.exception:
                L.append(self.crash_frame(f))
            L.append('')
            L.append('')
        for t, (name, crashed, frames) in enumerate(self.threads):
            if t == 0:
                L.append(f'Thread {t} name:  Dispatch queue: com.apple.main-thread')
            elif name:
                L.append(f'Thread {t} name:  {name}')
            L.append(f'Thread {t} Crashed:' if crashed else f'Thread {t}:')
            for f in frames:
                L.append(self.crash_frame(f))
            L.append('')
        L.append(self.crash_state())
        L.append('')
        L.append('Binary Images:')
        for im in sorted(self.images, key=lambda x: x.load):
            end = im.load + self.size(im) - 1
            L.append(f'{hex(im.load)} - {hex(end)} {im.name} {im.arch}  <{im.uuid.replace("-", "").lower()}> {im.path}')
        L.append('')
        L.append('EOF')
        L.append('')
        return '\n'.join(L)

    @staticmethod
    def crash_frame(f):
        module = '???' if f.im is None else f.im.name
        load = 0 if f.im is None else f.im.load
        return f'{f.index:<4}{module:<30}\t0x{f.addr:016x} {hex(load)} + {f.addr - load}'

    def crash_state(self):
        frames = self.crashed_frames()
        pc = frames[0].addr
        lr, fp, sp = self.lr_fp_sp(frames)
        if self.arch == 'x86_64':
            names = ['rax', 'rbx', 'rcx', 'rdx', 'rdi', 'rsi', 'rbp', 'rsp', 'r8', 'r9', 'r10', 'r11', 'r12', 'r13',
                     'r14', 'r15', 'rip', 'rfl', 'cr2']
            vals = dict(zip(['rax', 'rbx', 'rcx', 'rdx', 'rdi', 'rsi', 'r8', 'r9', 'r10', 'r11', 'r12', 'r13', 'r14',
                             'r15'], self.regs))
            vals.update({'rbp': fp, 'rsp': sp, 'rip': pc, 'rfl': 0x10246, 'cr2': self.fault_address()})
            cells = [f'{n:>5}: 0x{vals[n]:016x}' for n in names]
            rows = [' '.join(cells[i:i + 4]) for i in range(0, len(cells), 4)]
            return f'Thread {self.faulting} crashed with X86 Thread State (64-bit):\n' + '\n'.join(rows) + '\n' \
                + '\nLogical CPU:     2\nError Code:      0x00000004 (no mapping for user data read)\nTrap Number:     14\n'
        cells = [f'{"x" + str(i):>6}: 0x{v:016x}' for i, v in enumerate(self.regs)]
        rows = [' '.join(cells[i:i + 4]) for i in range(0, len(cells), 4)]
        rows.append(f'    fp: 0x{fp:016x}    lr: 0x{lr:016x}')
        rows.append(f'    sp: 0x{sp:016x}    pc: 0x{pc:016x}  cpsr: 0x60001000')
        rows.append(f'   esr: 0x92000006  Address size fault')
        return f'Thread {self.faulting} crashed with ARM Thread State (64-bit):\n' + '\n'.join(rows) + '\n'

    # ------------------------------------------------------------ golden
    def golden(self, names):
        """Rows: thread, frame_index, entry, kind, address, image, symbol, offset, file, line, frame_kind."""
        lookups = {}  # key -> [(frame, link-time lookup address, rule symbol)]
        for t, frames in self.all_threads():
            for f in frames:
                if isinstance(f.im, M.Known):
                    link = f.addr - f.im.slide - (1 if f.index > 0 else 0)
                    sym, _ = f.im.img.lookup(link)
                    if sym is None:
                        raise SystemExit(f'{self.rep.name}: {f.thread}/{f.index}: no symbol by the rule')
                    lookups.setdefault(f.im.img.key, []).append((f, link, sym))
        answers = {}
        for key, items in lookups.items():
            for (f, link, sym), entries in zip(items, symbolize(key, [a for _, a, _ in items])):
                answers[id(f)] = (sym, entries, link)
        rows = []
        for t, frames in self.all_threads():
            for f in frames:
                image = '-' if f.im is None else f.im.name
                if id(f) not in answers:
                    rows.append([t, f.index, 0, 'unchanged', hex(f.addr), image, '-', '-', '-', '-', f.kind])
                    continue
                sym, entries, link = answers[id(f)]
                if not entries or entries[-1].get('FunctionName') != names[sym.name]:
                    raise SystemExit(f'{self.rep.name}: {t}/{f.index} at {hex(link)}: llvm-symbolizer says '
                                     f'{entries and entries[-1].get("FunctionName")}, llvm-cxxfilt of the symbol '
                                     f'{sym.name} is {names[sym.name]}')
                offset = f.addr - (sym.addr + f.im.slide)
                for e, ent in enumerate(entries):
                    concrete = e == len(entries) - 1
                    fname = ent.get('FileName') or ''
                    line = ent.get('Line') or 0
                    rows.append([t, f.index, e, 'concrete' if concrete else 'inlined', hex(f.addr), image,
                                 ent['FunctionName'], offset if concrete else '-',
                                 os.path.basename(fname) if fname else '-', line if line else '-', f.kind])
        return rows


def main():
    build, out = sys.argv[1:3]
    os.makedirs(out, exist_ok=True)
    reports = {r.name: r for r in M.build_reports(build)}
    rng = random.Random(20261122)
    for name in NAMES:
        ar = AppleReport(reports[name], rng)
        sym_names = [f.im.img.lookup(f.addr - f.im.slide - (1 if f.index > 0 else 0))[0].name
                     for _, fs in ar.all_threads() for f in fs if isinstance(f.im, M.Known)]
        names = R.demangle_all(M.CXXFILT, sym_names)
        rows = ar.golden(names)
        with open(os.path.join(out, f'{name}.ips'), 'w') as f:
            f.write(ar.ips())
        with open(os.path.join(out, f'{name}.crash'), 'w') as f:
            f.write(ar.crash())
        with open(os.path.join(out, f'{name}.expected.tsv'), 'w') as f:
            f.write(f'# reports: testdata/reports/apple/{name}.ips testdata/reports/apple/{name}.crash\n')
            f.write('# dsym-dir: testdata/macho\n')
            f.write('# thread\tframe_index\tentry\tentry_kind\taddress\texpected_image\texpected_symbol'
                    '\texpected_offset\texpected_file\texpected_line\tframe_kind\n')
            for row in rows:
                f.write('\t'.join(str(c) for c in row) + '\n')


if __name__ == '__main__':
    main()
