#!/usr/bin/env python3
"""Writes the seed inputs of ReportReadersFuzzTest (run once from the repository root; not needed by tests).

Seeds are real reports made small so the fuzzer mutates structure rather than bulk: every JSON list is cut to
its first three items and every long string to 200 characters (the crashed thread may be lost: a seed only
has to be a well-formed start). Sources: our own generated reports in testdata/reports (make_reports.py,
make_apple_reports.py) and the committed third-party fixtures (testdata/third-party, see its SOURCES.md: KSCrash MIT,
SentryCrash/sentry-cocoa MIT (also its MetricKit call stack trees), PLCrashReporter MIT, apple-crash-report-parser Apache-2.0,
dd-trace-java Apache-2.0) and our hs_err logs (testdata/hserr, make.sh). Usage: make_report_seeds.py [CORPUS] with
CORPUS the third-party folder (default testdata/third-party, which also holds plcrashreporter/fuzz_report.plcrash,
PLCrashReporter's own fuzz seed, MIT). Output goes to
symbolicator/src/test/resources/dev/crashkit/symbolicate/fuzz/ReportReadersFuzzTestInputs/<method>/seeds/.
"""
import hashlib
import json
import os
import sys

ROOT = os.getcwd()
CORPUS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "testdata", "third-party")
OUT = os.path.join(ROOT, "symbolicator/src/test/resources/dev/crashkit/symbolicate/fuzz/ReportReadersFuzzTestInputs")


def shrink(v):
    if isinstance(v, list):
        return [shrink(x) for x in v[:3]]
    if isinstance(v, dict):
        return {k: shrink(x) for k, x in v.items()}
    if isinstance(v, str) and len(v) > 200:
        return v[:200]
    return v


def small_json(path):
    with open(path, encoding="utf-8") as f:
        return json.dumps(shrink(json.load(f)), separators=(",", ":")).encode()


def small_ips(path):
    with open(path, encoding="utf-8") as f:
        header, body = f.read().split("\n", 1)
    return (header + "\n" + json.dumps(shrink(json.loads(body)), indent=1)).encode()


def raw(path):
    with open(path, "rb") as f:
        return f.read()


def metrickit_edges():
    """Hand-made MetricKit edges: a chain as deep as the reader allows, one deeper (refused in one line), offsets
    that lie (larger than the address, disagreeing load addresses), a payload array with a non-object."""
    def chain(depth):
        return ('{"callStackPerThread":true,"callStacks":[{"callStackRootFrames":['
                + '{"address":4112,"offsetIntoBinaryTextSegment":16,"binaryName":"A","subFrames":[' * (depth - 1)
                + '{"address":1}' + ']}' * (depth - 1) + ']}]}').encode()
    lies = {"callStackPerThread": True, "callStacks": [{"threadAttributed": True, "callStackRootFrames": [
        {"binaryUUID": "70B89F27-1634-3580-A695-57CDB41D7743", "binaryName": "A", "offsetIntoBinaryTextSegment": 9999,
         "address": 16, "subFrames": [
             {"binaryUUID": "70B89F27-1634-3580-A695-57CDB41D7743", "binaryName": "A",
              "offsetIntoBinaryTextSegment": 16, "address": 4096, "subFrames": [
                  {"binaryUUID": "70B89F27-1634-3580-A695-57CDB41D7743", "binaryName": "A",
                   "offsetIntoBinaryTextSegment": 32, "address": -8192}]}]}]}]}
    return [chain(2000), chain(2200), json.dumps(lies).encode(),
            b'[{"crashDiagnostics":[{"callStackTree":{"callStacks":[]}}]},7]']


def small_hserr(path):
    """An hs_err log cut to its parts the reader reads: the banner, the thread line, siginfo, eight native and
    three Java frames, three register lines, and the Dynamic libraries lines of the libraries those frames name."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    out, libs, section, kept = [], set(), None, 0
    for line in lines:
        if line.startswith(("Native frames:", "Java frames:", "Registers:", "Dynamic libraries:")):
            section, kept = line.split(":")[0], 0
            out.append(line)
            continue
        if not line:
            if section:
                out.append("")
            section = None
            continue
        if section is None:
            if line.startswith(("#", "Current thread", "siginfo:", "vm_info:", "java_command:")):
                out.append(line[:200])
            continue
        limit = {"Native frames": 8, "Java frames": 3, "Registers": 3}.get(section)
        if limit is not None:
            if kept < limit:
                out.append(line[:200])
                kept += 1
                if line.startswith(("C  [", "V  [")):
                    libs.add(line[4:line.index("+0x")] if "+0x" in line else "")
        elif section == "Dynamic libraries" and kept < 12 and line.rsplit("/", 1)[-1] in libs:
            out.append(line)
            kept += 1
    return "\n".join(out).encode()


def put(method, data):
    d = os.path.join(OUT, method, "seeds")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


def main():
    t = lambda *p: os.path.join(ROOT, "testdata", "reports", *p)
    c = lambda *p: os.path.join(CORPUS, *p)
    seeds = {
        "ips": [small_ips(t("apple", n)) for n in ("sample-crash.ips", "arm64e-pac.ips", "fat-x86_64.ips")]
        + [small_ips(t("ips", "synthetic-macos-arm64.ips"))],
        "appleCrash": [raw(t("apple", n)) for n in ("sample-crash.crash", "arm64e-pac.crash")]
        + [raw(t("crash", "synthetic-macos12-tabs.crash"))]
        + [raw(c("apple-crash-report-parser", "fixtures", n)) for n in ("handcrafted.txt", "spaces.txt", "xcode16.txt")],
        "kscrash": [small_json(c("kscrash", "test-resources", n)) for n in ("oom.json", "raw.json")]
        + [small_json(c("sentrycrash", "crash-bad-access.json"))],
        "plcrash": [raw(c("plcrashreporter", "fuzz_report.plcrash")),
                    raw(c("plcrashreporter", "appcenter", "live_report_signal.plcrash"))],
        "sentry": [small_json(c("sentrycrash", "converted-event.json"))],
        "crashReport": [raw(t(n)) for n in ("sample-crash.json", "edge-cases.json", "arm64e-pac.json")],
        "metricKit": [small_json(t("metrickit", n)) for n in ("app-payload.json", "app-payloads.json")]
        + [small_json(c("sentry-cocoa", n)) for n in ("per-thread.json", "not-per-thread.json",
                                                      "per-thread-flamegraph.json", "tree-unknown-fields.json")]
        + metrickit_edges(),
        "hsErr": [small_hserr(os.path.join(ROOT, "testdata", "hserr", n)) for n in ("hs_err-native.log", "hs_err-jvm.log")]
        + [small_hserr(c("dd-trace-java", n)) for n in ("sample-crash-macos-aarch64.txt", "sample-crash-jdk8-zip-getentry.txt",
                                                        "sample-crash-linux-aarch64.txt")],
    }
    crashprobe = c("sentry-crashprobe", "release-arm64")
    for n in sorted(os.listdir(crashprobe))[:2]:
        seeds["sentry"].append(small_json(os.path.join(crashprobe, n)))
    # Format detection sees every kind.
    seeds["detect"] = [s for k in ("ips", "appleCrash", "kscrash", "plcrash", "sentry", "crashReport", "metricKit", "hsErr") for s in seeds[k][:2]]
    for method, items in seeds.items():
        for s in items:
            put(method, s)
        print(method, len(items), sum(len(s) for s in items), "bytes")


if __name__ == "__main__":
    main()
