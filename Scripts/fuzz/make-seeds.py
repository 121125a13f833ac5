#!/usr/bin/env python3
"""Writes small seed property lists for Scripts/fuzz.sh with Python's plistlib (an independent
writer), one file per value, in the format asked for.

usage: make-seeds.py binary|xml DIRECTORY
"""
import datetime
import os
import plistlib
import sys


def values():
    now = datetime.datetime(2024, 2, 29, 12, 34, 56)
    record = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "age": 36,
        "score": 98.25,
        "active": True,
        "created": now,
        "avatar": bytes(range(20)),
        "tags": ["math", "engines", "math"],
        "address": {"city": "London", "zip": "W1"},
    }
    return {
        "empty-dict": {},
        "empty-array": [],
        "empty-string": "",
        "ascii": "hello",
        "unicode": "caf\u00e9 \u6771\u4eac \U0001F642",
        "nul-in-string": "a\x00b",
        "true": True,
        "false": False,
        "ints": [0, 1, -1, 127, 128, 255, 256, 65535, 65536, 2**31, -2**31, 2**63 - 1, -2**63, 2**64 - 1],
        "reals": [0.0, -0.0, 1.5, -2.25, 1e308, 5e-324, float("inf"), float("-inf")],
        "dates": [now, datetime.datetime(1, 1, 1), datetime.datetime(9999, 12, 31, 23, 59, 59)],
        "data": [b"", b"\x00", bytes(range(256))],
        "uid": {"$objects": [plistlib.UID(0), plistlib.UID(255), plistlib.UID(2**32)]},
        "nested": [[[[{"a": [{"b": {"c": [1, 2, 3]}}]}]]]],
        "records": [dict(record, id=i) for i in range(5)],
        "long-string": "x" * 300,
        "many-keys": {f"key{i}": i for i in range(40)},
    }


# Hand-written XML exercising syntax plistlib never emits.
HANDWRITTEN_XML = {
    "comments-cdata-entities": b"""<?xml version="1.0" encoding="UTF-8"?>
<!-- leading comment -->
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>a&amp;b</key><string>&lt;x&gt; &#x41;&#66; &quot;q&quot; &apos;</string>
  <key>cdata</key><string><![CDATA[<not a tag> & ]]></string>
  <!-- inner comment -->
  <key>empty</key><string/>
  <key>uid</key><dict><key>CF$UID</key><integer>7</integer></dict>
  <key>hex</key><integer>0x1F</integer>
  <key>real</key><real>-1.5e3</real>
  <key>nan</key><real>nan</real>
  <key>date</key><date>2024-02-29T12:34:56Z</date>
  <key>data</key><data>
    AAEC
    /w==
  </data>
</dict></plist>
""",
    "no-prolog": b"<plist><array><true/><false/><integer>-0</integer></array></plist>",
    "bom": b"\xef\xbb\xbf<?xml version=\"1.0\"?><plist version=\"1.0\"><string>bom</string></plist>",
    "utf16": "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist version=\"1.0\"><string>\u00e9</string></plist>".encode("utf-16"),
}


def main():
    kind, directory = sys.argv[1], sys.argv[2]
    fmt = plistlib.FMT_BINARY if kind == "binary" else plistlib.FMT_XML
    os.makedirs(directory, exist_ok=True)
    for name, value in values().items():
        if kind == "xml" and name == "uid":
            continue  # plistlib cannot write UIDs as XML
        if kind == "xml" and name == "nul-in-string":
            continue  # nor control characters
        try:
            blob = plistlib.dumps(value, fmt=fmt, sort_keys=False)
        except (TypeError, ValueError, OverflowError) as error:
            print(f"skipping {name}: {error}", file=sys.stderr)
            continue
        with open(os.path.join(directory, f"gen-{name}.{'bplist' if kind == 'binary' else 'plist'}"), "wb") as f:
            f.write(blob)
    if kind == "xml":
        for name, blob in HANDWRITTEN_XML.items():
            with open(os.path.join(directory, f"hand-{name}.plist"), "wb") as f:
                f.write(blob)


if __name__ == "__main__":
    main()
