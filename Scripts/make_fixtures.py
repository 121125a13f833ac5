#!/usr/bin/env python3
"""Regenerates Fixtures/PropertyList/ deterministically. Standard library only.

  python3 Scripts/make_fixtures.py

Writes:
  valid/plistlib-*.plist     documents written by plistlib (binary and XML)
  valid/handmade-*.plist     binary documents assembled byte by byte here, for encodings neither
                             plistlib nor Foundation writes (32-bit reals, wide integers, 3-byte
                             offsets, 2-byte references, duplicate keys, shared subtrees, ...)
  valid/*.json               for EVERY valid/*.plist (including the foundation-*.plist files made by
                             Scripts/make_foundation_fixtures.swift): plistlib's reading of it as
                             canonical JSON (see plist_oracle.py), the expected decoding
  malformed/*                hostile and broken documents, and malformed/expected.json mapping each
                             file name to the PropertyListError.Kind raw value a reader must throw

Run Scripts/make_foundation_fixtures.swift first when regenerating everything, so its files get
their expected JSON here.
"""

import datetime
import json
import os
import plistlib
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plist_oracle  # noqa: E402  (the same canonical-JSON rules the tests use)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "PropertyList")
VALID = os.path.join(ROOT, "valid")
MALFORMED = os.path.join(ROOT, "malformed")


# ---------------------------------------------------------------------------------------------
# A tiny bplist00 assembler for documents plistlib would never write.


def marker_with_count(high, count):
    """Object marker `high` (0x40 data, 0x50 ascii, 0x60 utf16, 0xA0 array, 0xD0 dict, ...)."""
    if count < 15:
        return bytes([high | count])
    return bytes([high | 0x0F]) + integer(count)


def integer(value, width=None):
    if width is None:
        width = 1 if 0 <= value < 1 << 8 else 2 if 0 <= value < 1 << 16 else 4 if 0 <= value < 1 << 32 else 8
    power = {1: 0, 2: 1, 4: 2, 8: 3, 16: 4}[width]
    return bytes([0x10 | power]) + value.to_bytes(width, "big", signed=value < 0 or width >= 8)


def real64(value):
    return b"\x23" + struct.pack(">d", value)


def real32(value):
    return b"\x22" + struct.pack(">f", value)


def date(seconds):
    return b"\x33" + struct.pack(">d", seconds)


def ascii(text):
    raw = text.encode("ascii")
    return marker_with_count(0x50, len(raw)) + raw


def utf16(text):
    raw = text.encode("utf-16-be")
    return marker_with_count(0x60, len(raw) // 2) + raw


def data(raw):
    return marker_with_count(0x40, len(raw)) + raw


def uid(value, width=1):
    return bytes([0x80 | (width - 1)]) + value.to_bytes(width, "big")


def array(refs, ref_size=1):
    return marker_with_count(0xA0, len(refs)) + b"".join(r.to_bytes(ref_size, "big") for r in refs)


def dictionary(key_refs, value_refs, ref_size=1):
    return (marker_with_count(0xD0, len(key_refs))
            + b"".join(r.to_bytes(ref_size, "big") for r in key_refs)
            + b"".join(r.to_bytes(ref_size, "big") for r in value_refs))


def bplist(objects, top=0, offset_size=1, ref_size=1, count=None, table_offset=None, offsets=None,
           trailer_sizes=None):
    """Header, objects in order, offset table, trailer; any field can be overridden to lie."""
    body = bytearray(b"bplist00")
    real_offsets = []
    for obj in objects:
        real_offsets.append(len(body))
        body += obj
    table_at = len(body)
    for offset in (real_offsets if offsets is None else offsets):
        body += offset.to_bytes(offset_size, "big")
    body += bytes(6) + bytes(trailer_sizes or [offset_size, ref_size])
    body += (len(objects) if count is None else count).to_bytes(8, "big")
    body += top.to_bytes(8, "big")
    body += (table_at if table_offset is None else table_offset).to_bytes(8, "big")
    return bytes(body)


# ---------------------------------------------------------------------------------------------
# Valid documents


def every_type(with_uid):
    epoch = datetime.datetime(2001, 1, 1)
    value = {
        "string": "plain ASCII",
        "unicode": "Grüße, 世界 — 😀 𝄞",
        "escapes": "<tag> & \"quotes\" 'apostrophes' ]]>",
        "empty string": "",
        "zero": 0,
        "small": 42,
        "negative": -1,
        "int8 edge": 255,
        "int16 edge": 65536,
        "int32 edge": 4294967296,
        "int64 max": 2 ** 63 - 1,
        "int64 min": -(2 ** 63),
        "uint64 max": 2 ** 64 - 1,
        "real": 3.141592653589793,
        "negative real": -2.5,
        "subnormal": 5e-324,
        "huge real": 1.7976931348623157e308,
        "nan": float("nan"),
        "infinity": float("inf"),
        "negative infinity": float("-inf"),
        "true": True,
        "false": False,
        "reference date": epoch,
        "1970": datetime.datetime(1970, 1, 1),
        "year 1": datetime.datetime(1, 1, 1),
        "year 9999": datetime.datetime(9999, 12, 31, 23, 59, 59),
        "before 2001": datetime.datetime(1999, 12, 31, 23, 59, 59),
        "data": bytes(range(256)),
        "empty data": b"",
        "array": [1, "two", 3.0, [], {}],
        "nested": {"inner": {"deeper": [True, False, {"leaf": "value"}]}},
        "empty array": [],
        "empty dict": {},
    }
    if with_uid:
        value["uid small"] = plistlib.UID(7)
        value["uid wide"] = plistlib.UID(2 ** 32)
    return value


def nested(depth):
    value = "bottom"
    for level in range(depth):
        value = [value] if level % 2 == 0 else {"level": value}
    return value


def plistlib_documents():
    keyed_archive = {
        "$archiver": "NSKeyedArchiver",
        "$version": 100000,
        "$top": {"root": plistlib.UID(1)},
        "$objects": ["$null", {"$class": plistlib.UID(2), "name": plistlib.UID(3)},
                     {"$classname": "Person", "$classes": ["Person", "NSObject"]}, "Ada"],
    }
    shared = {"a": ["repeated", "repeated", 1, 1, 1.5, 1.5], "b": ["repeated", 1, 1.5]}
    long_text = {"long ascii": "x" * 300, "long unicode": "ü" * 300, "long data": bytes(1000), "many": list(range(40))}
    for fmt, suffix in ((plistlib.FMT_BINARY, "binary"), (plistlib.FMT_XML, "xml")):
        uids = fmt == plistlib.FMT_BINARY
        yield "plistlib-every-type.%s" % suffix, plistlib.dumps(every_type(uids), fmt=fmt, sort_keys=False)
        yield "plistlib-sorted-keys.%s" % suffix, plistlib.dumps(every_type(uids), fmt=fmt, sort_keys=True)
        yield "plistlib-root-string.%s" % suffix, plistlib.dumps("just a string", fmt=fmt)
        yield "plistlib-root-integer.%s" % suffix, plistlib.dumps(-123456789, fmt=fmt)
        yield "plistlib-empty-array.%s" % suffix, plistlib.dumps([], fmt=fmt)
        yield "plistlib-empty-dict.%s" % suffix, plistlib.dumps({}, fmt=fmt)
        yield "plistlib-nested-100.%s" % suffix, plistlib.dumps(nested(100), fmt=fmt)
        yield "plistlib-shared-values.%s" % suffix, plistlib.dumps(shared, fmt=fmt, sort_keys=False)
        yield "plistlib-long-values.%s" % suffix, plistlib.dumps(long_text, fmt=fmt, sort_keys=False)
    yield "plistlib-keyed-archive.binary", plistlib.dumps(keyed_archive, fmt=plistlib.FMT_BINARY, sort_keys=False)


def handmade_documents():
    # Every scalar encoding in one array: 32-bit reals, integers in wider-than-needed widths,
    # UTF-16 with surrogate pairs, extended counts, UIDs of 1, 2, 4 and 8 bytes.
    scalars = [
        real32(1.5), real32(-0.0), real32(float("inf")), real32(float("nan")), real32(1e-45),
        real64(-0.0), integer(7, width=8), integer(-2, width=8), integer(300, width=4),
        integer(2 ** 64 - 1, width=16), integer(5, width=16), date(-1e9), date(123.456),
        ascii("fifteen chars!!"), ascii(""), utf16("😀 surrogate pair"), utf16("é"), data(b""), data(bytes(20)),
        uid(1), uid(0x1234, 2), uid(0xDEADBEEF, 4), uid(2 ** 64 - 1, 8), b"\x08", b"\x09",
    ]
    refs = list(range(1, len(scalars) + 1))
    yield "handmade-scalar-encodings.binary", bplist([array(refs)] + scalars)

    # Wide offsets and references: 3-byte offset table entries, 2-byte object references.
    objects = [array([1, 2, 3], ref_size=2), ascii("three-byte offsets"), integer(1), utf16("two-byte refs")]
    yield "handmade-wide-offsets.binary", bplist(objects, offset_size=3, ref_size=2)

    # A dictionary with a repeated key: the first position, the last value (as CF and plistlib read it).
    objects = [dictionary([1, 1, 3], [2, 4, 5]), ascii("key"), ascii("first"), ascii("other"), ascii("last"), integer(9)]
    yield "handmade-duplicate-key.binary", bplist(objects)

    # One array object referenced from many places: a shared subtree, legal and common.
    objects = [dictionary([1, 2, 3], [4, 4, 4]), ascii("x"), ascii("y"), ascii("z"), array([5, 5]), ascii("shared")]
    yield "handmade-shared-subtree.binary", bplist(objects)

    # A 20-entry dictionary (extended count) stored after its keys and values, so the top object
    # is the last one in the file.
    keys = [ascii("k%02d" % n) for n in range(20)]
    values = [integer(n * 1000) for n in range(20)]
    objects = keys + values + [dictionary(list(range(20)), list(range(20, 40)))]
    yield "handmade-top-object-last.binary", bplist(objects, top=40)

    # Nesting exactly 500 deep, which readers must accept (the default limit is 512).
    depth = 500
    objects = [array([n + 1], ref_size=2) for n in range(depth - 1)] + [array([], ref_size=2)]
    yield "handmade-depth-500.binary", bplist(objects, offset_size=2, ref_size=2)


def handmade_xml_documents():
    # Spellings other writers produce or XML allows, each read by plistlib for the expectation.
    yield "handmade-xml-spellings.xml", xml(
        b"<dict>\n"
        b"  <!-- a comment between entries -->\n"
        b"  <key>hex integer</key><integer>0x1F</integer>\n"
        b"  <key>negative</key><integer>-42</integer>\n"
        b"  <key>uint64 max</key><integer>18446744073709551615</integer>\n"
        b"  <key>exponent</key><real>1E3</real>\n"
        b"  <key>no fraction</key><real>7</real>\n"
        b"  <key>plus infinity</key><real>+infinity</real>\n"
        b"  <key>minus infinity</key><real>-infinity</real>\n"
        b"  <key>inf</key><real>inf</real>\n"
        b"  <key>nan</key><real>nan</real>\n"
        b"  <key>negative zero</key><real>-0.0</real>\n"
        b"  <key>long true</key><true></true>\n"
        b"  <key>short false</key><false/>\n"
        b"  <key>empty string</key><string/>\n"
        b"  <key>empty string pair</key><string></string>\n"
        b"  <key>entities</key><string>&lt;&gt;&amp;&quot;&apos;</string>\n"
        b"  <key>character references</key><string>&#x1F600;&#128512;&#xe9;&#10;</string>\n"
        b"  <key>CDATA</key><string><![CDATA[<not markup> & ]]></string>\n"
        b"  <key>kept white space</key><string>  two spaces\n\tand a tab  </string>\n"
        b"  <key>&#x41;&amp;key</key><string>key with references</string>\n"
        b"  <key>data with white space</key><data>\n\tAAEC\n\tAwQF\n\tBg==\n</data>\n"
        b"  <key>empty data</key><data></data>\n"
        b"  <key>date</key><date>1969-07-20T20:17:40Z</date>\n"
        b"  <key>empty array</key><array/>\n"
        b"  <key>empty dict</key><dict/>\n"
        b"</dict>")
    yield "handmade-xml-no-prolog.xml", b'<plist version="1.0"><array><integer>1</integer><string>x</string></array></plist>'
    yield "handmade-xml-bom-and-pi.xml", (b"\xef\xbb\xbf" + XML_HEAD + b"<?some-instruction data?>\n"
                                           b'<plist version="1.0"><string>after a BOM</string></plist>\n')
    # A document type with only an external identifier is fine (and never fetched).
    yield "handmade-xml-external-doctype.xml", (b'<?xml version="1.0"?>\n<!DOCTYPE plist SYSTEM "file:///etc/passwd">\n'
                                                 b'<plist version="1.0"><string>not fetched</string></plist>\n')
    yield "handmade-xml-single-quotes.xml", (b"<?xml version='1.0' encoding='UTF-8'?>\n"
                                              b"<plist version='1.0'><dict><key>k</key><integer>1</integer></dict></plist>")


# ---------------------------------------------------------------------------------------------
# Malformed documents: (name, bytes, expected PropertyListError.Kind raw value).
# Readers are driven through PropertyListValue(from:), which detects the format first.

XML_HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
            b'<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n')


def xml(body, head=XML_HEAD):
    return head + b'<plist version="1.0">\n' + body + b"\n</plist>\n"


def malformed_documents():
    good = bplist([array([1, 2]), ascii("a"), integer(1)])
    one = [ascii("x")]
    yield "empty.plist", b"", "unknownFormat"
    yield "text.plist", b"hello, world\n", "unknownFormat"
    yield "binary-version-99.plist", b"bplist99" + good[8:], "unknownFormat"
    yield "binary-magic-only.plist", b"bplist00", "truncated"
    yield "binary-shorter-than-trailer.plist", good[:30], "truncated"
    yield "binary-trailer-offset-size-0.plist", bplist(one, trailer_sizes=[0, 1]), "invalidHeader"
    yield "binary-trailer-ref-size-9.plist", bplist(one, trailer_sizes=[1, 9]), "invalidHeader"
    yield "binary-trailer-zero-objects.plist", bplist(one, count=0), "invalidHeader"
    yield "binary-trailer-huge-object-count.plist", bplist(one, count=2 ** 64 - 1), "invalidHeader"
    yield "binary-top-object-out-of-range.plist", bplist(one, top=1), "invalidHeader"
    yield "binary-offset-table-past-end.plist", bplist(one, table_offset=2 ** 63), "outOfBounds"
    yield "binary-offset-table-in-header.plist", bplist(one, table_offset=2), "outOfBounds"
    yield "binary-object-offset-past-table.plist", bplist(one, offsets=[200]), "outOfBounds"
    yield "binary-object-offset-in-header.plist", bplist(one, offsets=[3]), "outOfBounds"
    yield "binary-reference-out-of-range.plist", bplist([array([1, 7]), ascii("a")]), "outOfBounds"
    yield "binary-string-length-huge.plist", bplist([b"\x5f\x13" + (2 ** 60).to_bytes(8, "big") + b"abc"]), "outOfBounds"
    yield "binary-data-length-past-end.plist", bplist([b"\x4f\x11\x10\x00" + b"abc"]), "outOfBounds"
    yield "binary-array-count-huge.plist", bplist([b"\xaf\x13" + (2 ** 62).to_bytes(8, "big")]), "outOfBounds"
    yield "binary-int-runs-into-table.plist", bplist([b"\x13\x00\x00"]), "outOfBounds"
    yield "binary-count-not-integer.plist", bplist([b"\x5f\x50"]), "invalidObject"
    yield "binary-count-negative.plist", bplist([b"\x5f\x13" + b"\xff" * 8]), "invalidObject"
    yield "binary-uid-16-bytes.plist", bplist([b"\x8f" + bytes(16)]), "invalidObject"
    yield "binary-unknown-marker.plist", bplist([b"\x70"]), "invalidObject"
    yield "binary-int-width-32.plist", bplist([b"\x15" + bytes(32)]), "invalidObject"
    yield "binary-real-width-2.plist", bplist([b"\x21\x00\x00"]), "invalidObject"
    yield "binary-int-128-too-big.plist", bplist([b"\x14" + b"\x01" + bytes(15)]), "integerOutOfRange"
    yield "binary-int-128-too-negative.plist", bplist([b"\x14" + b"\xff" * 7 + b"\xfe" + bytes(8)]), "integerOutOfRange"
    yield "binary-null.plist", bplist([b"\x00"]), "unsupportedObject"
    yield "binary-set.plist", bplist([b"\xc1\x01", ascii("a")]), "unsupportedObject"
    yield "binary-integer-key.plist", bplist([dictionary([1], [2]), integer(5), ascii("v")]), "unsupportedObject"
    yield "binary-ascii-high-byte.plist", bplist([b"\x52\x41\xe9"]), "invalidString"
    yield "binary-utf16-lone-surrogate.plist", bplist([b"\x62\xd8\x3d\x00\x41"]), "invalidString"
    yield "binary-cycle-self.plist", bplist([array([0])]), "cycle"
    yield "binary-cycle-indirect.plist", bplist([array([1]), dictionary([2], [0]), ascii("k")]), "cycle"
    depth = 600
    chain = [array([n + 1], ref_size=2) for n in range(depth - 1)] + [array([], ref_size=2)]
    yield "binary-depth-600.plist", bplist(chain, offset_size=2, ref_size=2), "depthLimitExceeded"
    # Billion laughs: 40 levels, each an array of 10 references to the level below: 10**40 values.
    levels = 40
    laughs = [array([n + 1] * 10) for n in range(levels)] + [ascii("lol")]
    yield "binary-billion-laughs.plist", bplist(laughs, offset_size=2), "expansionLimitExceeded"

    yield "xml-mismatched-tags.plist", xml(b"<array><string>a</string></dict>"), "xmlSyntax"
    yield "xml-not-plist-root.plist", b'<?xml version="1.0"?>\n<html><body/></html>\n', "xmlSyntax"
    yield "xml-unclosed-comment.plist", xml(b"<array><!-- never closed </array>"), "xmlSyntax"
    yield "xml-two-roots.plist", xml(b"<string>a</string><string>b</string>"), "xmlSyntax"
    yield "xml-unknown-element.plist", xml(b"<array><float>1</float></array>"), "xmlSyntax"
    yield "xml-dict-missing-value.plist", xml(b"<dict><key>a</key></dict>"), "xmlSyntax"
    yield "xml-dict-value-without-key.plist", xml(b"<dict><integer>1</integer></dict>"), "xmlSyntax"
    yield "xml-bad-integer.plist", xml(b"<integer>12abc</integer>"), "invalidObject"
    yield "xml-integer-too-big.plist", xml(b"<integer>18446744073709551616</integer>"), "integerOutOfRange"
    yield "xml-integer-too-small.plist", xml(b"<integer>-9223372036854775809</integer>"), "integerOutOfRange"
    yield "xml-bad-real.plist", xml(b"<real>1.2.3</real>"), "invalidObject"
    yield "xml-bad-date.plist", xml(b"<date>yesterday</date>"), "invalidObject"
    yield "xml-bad-base64.plist", xml(b"<data>!!!not base64!!!</data>"), "invalidObject"
    yield "xml-unknown-entity.plist", xml(b"<string>&nbsp;</string>"), "unknownEntity"
    yield "xml-bad-utf8.plist", xml(b"<string>\xc3\x28 \xff</string>"), "invalidString"
    yield "xml-utf8-overlong.plist", xml(b"<string>\xc0\xaf</string>"), "invalidString"
    yield "xml-xxe-file.plist", (b'<?xml version="1.0"?>\n<!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n'
                                 b'<plist version="1.0"><string>&xxe;</string></plist>\n'), "unsupportedDTD"
    entities = b"".join(b'<!ENTITY lol%d "%s">' % (n, (b"&lol%d;" % (n - 1)) * 10 if n else b"lol") for n in range(10))
    yield "xml-billion-laughs.plist", (b'<?xml version="1.0"?>\n<!DOCTYPE plist [' + entities + b"]>\n"
                                       b'<plist version="1.0"><string>&lol9;</string></plist>\n'), "unsupportedDTD"
    yield "xml-depth-600.plist", xml(b"<array>" * 600 + b"</array>" * 600), "depthLimitExceeded"
    yield "xml-truncated.plist", xml(b"<array><string>a</string>")[:-20], "xmlSyntax"
    # Not here on purpose: raw control characters and &#0; in text. XML 1.0 forbids them and
    # plistlib (expat) rejects them, but Foundation writes them raw and reads them back, and our
    # reader accepts them for that reason; neither behaviour is pinned by a fixture.
    yield "xml-char-ref-surrogate.plist", xml(b"<string>&#xD800;</string>"), "xmlSyntax"
    yield "xml-char-ref-too-big.plist", xml(b"<string>&#x110000;</string>"), "xmlSyntax"
    yield "xml-key-outside-dict.plist", xml(b"<array><key>a</key></array>"), "xmlSyntax"
    yield "xml-text-between-elements.plist", xml(b"<array>stray<string>a</string></array>"), "xmlSyntax"
    yield "xml-integer-empty.plist", xml(b"<integer></integer>"), "invalidObject"
    yield "xml-integer-10000-digits.plist", xml(b"<integer>" + b"9" * 10000 + b"</integer>"), "integerOutOfRange"
    yield "xml-real-empty.plist", xml(b"<real></real>"), "invalidObject"
    yield "xml-date-month-13.plist", xml(b"<date>2020-13-01T00:00:00Z</date>"), "invalidObject"
    yield "xml-base64-padding-inside.plist", xml(b"<data>AA==AAAA</data>"), "invalidObject"
    yield "xml-dict-depth-600.plist", xml(b"<dict><key>k</key>" * 600 + b"<true/>" + b"</dict>" * 600), "depthLimitExceeded"
    yield "binary-uid-key.plist", bplist([dictionary([1], [2]), uid(1), ascii("v")]), "unsupportedObject"
    yield "binary-date-runs-into-table.plist", bplist([b"\x33\x00\x00\x00\x00"]), "outOfBounds"
    yield "binary-reference-8-bytes-huge.plist", bplist([array([2 ** 63 + 5], ref_size=8), ascii("a")], ref_size=8), "outOfBounds"
    yield "binary-offset-8-bytes-huge.plist", bplist(one, offset_size=8, offsets=[2 ** 63 + 9]), "outOfBounds"


# ---------------------------------------------------------------------------------------------


def write(path, content):
    with open(path, "wb") as handle:
        handle.write(content)


def main():
    os.makedirs(VALID, exist_ok=True)
    os.makedirs(MALFORMED, exist_ok=True)
    for name in os.listdir(VALID):
        if name.startswith(("plistlib-", "handmade-")) or name.endswith(".json"):
            os.remove(os.path.join(VALID, name))
    for name in os.listdir(MALFORMED):
        os.remove(os.path.join(MALFORMED, name))

    for name, content in list(plistlib_documents()) + list(handmade_documents()) + list(handmade_xml_documents()):
        write(os.path.join(VALID, name + ".plist"), content)
    for name in sorted(os.listdir(VALID)):
        if not name.endswith(".plist"):
            continue
        with open(os.path.join(VALID, name), "rb") as handle:
            node = plist_oracle.to_node(plistlib.load(handle))
        write(os.path.join(VALID, name[: -len(".plist")] + ".json"), (plist_oracle.canonical(node) + "\n").encode("utf-8"))

    expected = {}
    for name, content, kind in malformed_documents():
        write(os.path.join(MALFORMED, name), content)
        expected[name] = kind
    write(os.path.join(MALFORMED, "expected.json"),
          (json.dumps(expected, indent=2, sort_keys=True) + "\n").encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.setrecursionlimit(20000)
    sys.exit(main())
