#!/usr/bin/env python3
"""Writes the seed envelopes of SentryEnvelopeFuzzTest#parse and its dictionary.

usage: make_envelope_seeds.py      (from server/; writes under src/test/resources/dev/crashkit/server/sentry/)

The shapes are those of https://develop.sentry.dev/sdk/envelopes/ (its examples: items with and without
length, an empty payload, a trailing newline or none) plus the broken ones the server must refuse.
"""
import gzip
import json
import os
import zlib

OUT = "src/test/resources/dev/crashkit/server/sentry"
SEEDS = os.path.join(OUT, "SentryEnvelopeFuzzTestInputs", "parse", "seeds")

EVENT = json.dumps({"event_id": "9ec79c33ec9942ab8353589fcb2e04dc", "platform": "java",
                    "exception": {"values": [{"type": "IllegalStateException", "module": "java.lang",
                                              "stacktrace": {"frames": [{"module": "a.B", "function": "run",
                                                                         "filename": "B.java", "lineno": 3}]}}]}},
                   separators=(",", ":")).encode()
HEADER = b'{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc","dsn":"https://e12d836b15bb49d7bbf99e64295d995b@sentry.io/42"}'


def item(header, payload, with_length=True):
    h = dict(header)
    if with_length:
        h["length"] = len(payload)
    return json.dumps(h, separators=(",", ":")).encode() + b"\n" + payload + b"\n"


def main():
    os.makedirs(SEEDS, exist_ok=True)
    seeds = {
        # The spec's examples: two attachments, then with implicit lengths and an empty one.
        "spec-two-items": HEADER + b"\n" + item({"type": "attachment", "content_type": "text/plain",
                                                "filename": "hello.txt"}, b"\xef\xbb\xbfHello\r\n")
        + item({"type": "event", "content_type": "application/json", "filename": "application.log"}, EVENT),
        "spec-implicit-length": HEADER + b"\n" + item({"type": "attachment"}, b"helloworld", False)
        + item({"type": "event"}, EVENT, False),
        "spec-empty-payload": b'{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc"}\n{"type":"attachment","length":0}\n\n',
        "spec-no-trailing-newline": HEADER + b"\n" + item({"type": "event"}, EVENT)[:-1],
        "minidump-attachment": HEADER + b"\n" + item({"type": "event"}, b'{"platform":"native"}')
        + item({"type": "attachment", "attachment_type": "event.minidump", "filename": "a.dmp"},
               b"MDMP\x93\xa7\x00\x00" + bytes(24)),
        "session-and-client-report": b"{}\n" + item({"type": "session"}, b'{"sid":"x","status":"ok"}')
        + item({"type": "client_report"}, b'{"discarded_events":[]}', False),
        "length-lies": b"{}\n" + b'{"type":"event","length":4096}\n{}\n',
        "length-negative": b"{}\n" + b'{"type":"event","length":-5}\n{}\n',
        "length-not-number": b"{}\n" + b'{"type":"event","length":"12"}\n{}\n',
        "header-not-object": b"[1,2]\n",
    }
    for name, data in seeds.items():
        with open(os.path.join(SEEDS, name), "wb") as f:
            f.write(data)
    with open(os.path.join(SEEDS, "gzip-envelope"), "wb") as f:
        f.write(gzip.compress(seeds["spec-two-items"], mtime=0))
    with open(os.path.join(SEEDS, "deflate-envelope"), "wb") as f:
        f.write(zlib.compress(seeds["minidump-attachment"]))
    words = ['"type"', '"length"', '"event"', '"attachment"', '"attachment_type"', '"event.minidump"',
             '"event_id"', '"dsn"', '"session"', '"transaction"', '"client_report"', '"\\x0a"', '"{}"',
             '"\\x1f\\x8b"', '"\\x78\\x9c"']
    with open(os.path.join(OUT, "envelope.dict"), "w") as f:
        for w in words:
            f.write(w + "\n")


if __name__ == "__main__":
    main()
