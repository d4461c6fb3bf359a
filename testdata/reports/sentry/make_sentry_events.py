#!/usr/bin/env python3
"""Writes Sentry events (https://develop.sentry.dev/sdk/data-model/event-payloads/) holding the frames and
images of ../sample-crash.json, in the two shapes native SDKs send:

  sample-crash.cocoa.json   sentry-cocoa's: threads.values (stack frames outermost first), the exception
                            naming its thread by thread_id, a mach mechanism, debug_meta.images of type macho
  sample-crash.native.json  sentry-native's (an in-process stackwalk, no thread list): the crashing stack on
                            the exception alone, a signalhandler mechanism

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
    for name, event in (("sample-crash.cocoa.json", cocoa), ("sample-crash.native.json", native)):
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(event, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
