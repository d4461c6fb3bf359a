#!/usr/bin/env python3
"""Writes Sentry events (https://develop.sentry.dev/sdk/data-model/event-payloads/) holding the frames and
images of ../sample-crash.json, in the two shapes native SDKs send:

  sample-crash.cocoa.json   sentry-cocoa's: threads.values (stack frames outermost first), the exception
                            naming its thread by thread_id, a mach mechanism, debug_meta.images of type macho
  sample-crash.native.json  sentry-native's (an in-process stackwalk, no thread list): the crashing stack on
                            the exception alone, a signalhandler mechanism
  crashy.native.json        sentry-native's on Linux: an ELF image (code_id = the GNU build-id, debug_id its
                            folded GUID form) of testdata/minidump/crashy, whose crashed-thread frames are
                            Breakpad's minidump_stackwalk walk of crashy.dmp (../../minidump/golden), placed at
                            from the LINE / FUNC / PUBLIC records of dump_syms' crashy.sym

usage: make_sentry_events.py          (no tools needed: a re-shaping of the committed crashreport/1 input)

The server tests post these through the envelope endpoint and compare the server's symbolication with
the Symbolicator library's for the same bytes (the library's answers for sample-crash are proven against
llvm-symbolizer in testdata/reports/sample-crash.expected.tsv).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
EVENT_COCOA = "5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5"
EVENT_NATIVE = "0c2e4a6b8d0f4a1c9e3b5d7f1a3c5e7f"


def images(report):
    out = []
    for im in report["images"]:
        load = int(im["load_address"], 16)
        slide = int(im.get("slide", "0x0"), 16)
        out.append({
            "type": "macho",
            "code_file": im["path"],
            "debug_id": im["uuid"].lower(),
            "arch": im["arch"],
            "image_addr": hex(load),
            "image_vmaddr": hex(load - slide) if "slide" in im else "0x0",
            "image_size": int(im["size"], 16),
        })
    return out


def frames(addresses):
    # crashreport/1 lists frames innermost first; Sentry outermost first.
    return [{"instruction_addr": a} for a in reversed(addresses)]


def base(report, event_id):
    return {
        "event_id": event_id,
        "platform": "cocoa",
        "level": "fatal",
        "timestamp": report["process"]["timestamp"],
        "contexts": {"os": {"name": "macOS", "version": "14.1"}, "device": {"arch": "arm64"},
                     "app": {"app_name": report["process"]["name"]}},
        "debug_meta": {"images": images(report)},
    }


def crashy_event():
    mini = os.path.join(HERE, "..", "..", "minidump")
    sym = os.path.join(mini, "sym", "crashy", "E739390F2DB70873B7AF11A3B6C4767E0", "crashy.sym")
    starts = {}
    lines = {}  # function name -> [(address, size, line)] of its LINE records
    code_id = None
    current = None
    for line in open(sym):
        f = line.split()
        if f[0] == "FUNC":
            current = " ".join(f[4:])
            starts.setdefault(current, int(f[1], 16))
            lines.setdefault(current, [])
        elif f[0] == "PUBLIC":
            starts.setdefault(" ".join(f[3:]), int(f[1], 16))
            current = None
        elif f[:2] == ["INFO", "CODE_ID"]:
            code_id = f[2].lower()
        elif current is not None and len(f) == 4 and all(c in "0123456789abcdef" for c in f[0]):
            lines[current].append((int(f[0], 16), int(f[1], 16), int(f[2])))
    base = None
    addresses = []
    for line in open(os.path.join(mini, "golden", "crashy.stackwalk-m.txt")):
        f = line.rstrip("\n").split("|")
        if f[0] == "Module" and f[1] == "crashy":
            base = int(f[5], 16)
        elif f[0] == "0" and len(f) == 7 and f[2] == "crashy" and f[3]:
            # minidump_stackwalk -m prints the frame's address (a caller's return address) as an offset
            # from the start of its source line's LINE record when it has a line, else of its function;
            # a caller's line is that of return address - 1.
            offset = int(f[6], 16)
            caller = int(f[1]) > 0
            if f[5]:
                rva = next(a + offset for (a, size, ln) in lines[f[3]] if ln == int(f[5])
                           and a <= a + offset - (1 if caller else 0) < a + size)
            else:
                rva = starts[f[3]] + offset
            addresses.append(hex(base + rva))
    b = bytes.fromhex(code_id)[:16]
    guid = b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:]
    h = guid.hex()
    debug_id = "-".join([h[:8], h[8:12], h[12:16], h[16:20], h[20:]])
    return {
        "event_id": "7a1c3e5f7b9d4f1a8c2e4a6c8e0a2c4e",
        "platform": "native",
        "level": "fatal",
        "contexts": {"os": {"name": "Linux"}, "device": {"arch": "x86_64"}},
        "debug_meta": {"images": [{"type": "elf", "code_file": "/work/crashy", "code_id": code_id,
                                   "debug_id": debug_id, "arch": "x86_64", "image_addr": hex(base),
                                   "image_size": 0xb1000}]},
        "exception": {"values": [{"type": "SIGSEGV", "value": "Segfault",
                                  "mechanism": {"type": "signalhandler", "handled": False,
                                                "meta": {"signal": {"number": 11, "name": "SIGSEGV"}}},
                                  "stacktrace": {"frames": [{"instruction_addr": a} for a in reversed(addresses)]}}]},
    }


def main():
    report = json.load(open(os.path.join(HERE, "..", "sample-crash.json")))
    crashed = next(t for t in report["threads"] if t.get("crashed"))
    cocoa = base(report, EVENT_COCOA)
    cocoa["exception"] = {"values": [{
        "type": "EXC_BAD_ACCESS",
        "value": report["crash"]["reason"],
        "thread_id": crashed["id"],
        "mechanism": {"type": "mach", "handled": False,
                      "meta": {"signal": {"number": 11, "name": "SIGSEGV"},
                               "mach_exception": {"exception": 1, "code": 1, "subcode": 0,
                                                  "name": "EXC_BAD_ACCESS"}}},
    }]}
    cocoa["threads"] = {"values": [
        {"id": t["id"], "name": t.get("name"), "crashed": bool(t.get("crashed")), "current": bool(t.get("crashed")),
         "stacktrace": {"frames": frames(t["frames"])}} for t in report["threads"]]}
    native = base(report, EVENT_NATIVE)
    native["platform"] = "native"
    native["exception"] = {"values": [{
        "type": "SIGSEGV",
        "value": "Segfault",
        "mechanism": {"type": "signalhandler", "synthetic": True, "handled": False,
                      "meta": {"signal": {"number": 11, "name": "SIGSEGV"}}},
        "stacktrace": {"frames": frames(crashed["frames"])},
    }]}
    for name, event in (("sample-crash.cocoa.json", cocoa), ("sample-crash.native.json", native),
                        ("crashy.native.json", crashy_event())):
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(event, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
