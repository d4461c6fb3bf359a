#!/usr/bin/env python3
"""Writes bench-crash.json: testdata/reports/sample-crash.json without the two system images that have no
debug file in testdata/macho (dyld, libsystem_kernel.dylib), so that with --dsym testdata/macho every
frame that lies in an image is symbolicated and the server's status for it is "symbolicated" (the frames
that pointed into the removed images stay, marked no_image). Used by IngestBench and IngestKillTest.

usage: python3 testdata/server/make_bench_report.py   (from the repository root)
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, '..', 'reports', 'sample-crash.json')) as f:
    report = json.load(f)
report['images'] = [i for i in report['images'] if i['name'] not in ('dyld', 'libsystem_kernel.dylib')]
with open(os.path.join(HERE, 'bench-crash.json'), 'w') as f:
    json.dump(report, f, indent=2)
    f.write('\n')
