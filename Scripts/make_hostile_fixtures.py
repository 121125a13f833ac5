#!/usr/bin/env python3
"""Writes Fixtures/Hostile/: the small files of the hostile-input issue (round two), assembled byte
by byte so they do not depend on any writer under test. Run from the repository root; files that
exist are left alone (landed fixtures never change)."""
import os
import plistlib
import struct

OUT = os.path.join("Fixtures", "Hostile")


def counted(marker, count):
    if count < 15:
        return bytes([marker | count])
    return bytes([marker | 0x0F, 0x12]) + struct.pack(">I", count)


def document(objects):
    """A bplist00 with 4-byte offsets and 1-byte references; object 0 is the top."""
    out = bytearray(b"bplist00")
    offsets = []
    for obj in objects:
        offsets.append(len(out))
        out += obj
    table = len(out)
    for offset in offsets:
        out += struct.pack(">I", offset)
    out += bytes([0, 0, 0, 0, 0, 0, 4, 1])
    out += struct.pack(">QQQ", len(objects), 0, table)
    return bytes(out)


def ascii_string(text):
    data = text.encode("ascii")
    if len(data) < 15:
        return bytes([0x50 | len(data)]) + data
    return bytes([0x5F, 0x12]) + struct.pack(">I", len(data)) + data


def rooted(key, rest):
    """{key: object 2} as object 0, the key as object 1, then rest."""
    return document([bytes([0xD1, 1, 2]), ascii_string(key)] + rest)


def write(name, data):
    path = os.path.join(OUT, name)
    if os.path.exists(path):
        return
    with open(path, "wb") as handle:
        handle.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    # 12 levels of arrays, each holding the next 16 times: 16^12 strings from a few hundred bytes.
    levels = [counted(0xA0, 16) + bytes([3 + level]) * 16 for level in range(12)]
    write("binary-shared-twelve-levels.plist", rooted("levels", levels + [ascii_string("x")]))
    # 20,000 references to one 50 KB string: a 70 KB file whose text is a gigabyte.
    write("binary-string-shared-20000-times.plist",
          rooted("names", [counted(0xA0, 20000) + bytes([3]) * 20000, ascii_string("s" * 50000)]))
    # A keyed archive of 64 NSArrays, each holding the next one twice: 2^64 values.
    objects = ["$null"]
    class_uid = plistlib.UID(64 + 2)
    for level in range(64):
        objects.append({"$class": class_uid, "NS.objects": [plistlib.UID(level + 2), plistlib.UID(level + 2)]})
    objects.append("leaf")
    objects.append({"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]})
    archive = {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": plistlib.UID(1)},
               "$objects": objects}
    write("keyed-arrays-doubling-64.plist", plistlib.dumps(archive, fmt=plistlib.FMT_BINARY))
    # XML that XML 1.0 does not allow.
    write("xml-character-reference-nul.plist", b"<plist><string>&#0;</string></plist>")
    write("xml-character-reference-fffe.plist", b"<plist><string>&#xFFFE;</string></plist>")
    write("xml-comment-double-hyphen.plist", b"<plist><!-- a -- b --><true/></plist>")
    write("xml-declaration-not-first.plist", b' <?xml version="1.0"?><plist><true/></plist>')
    write("xml-duplicate-attribute.plist", b'<plist version="1.0" version="1.0"><true/></plist>')


if __name__ == "__main__":
    main()
