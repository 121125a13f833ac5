#!/usr/bin/env python3
"""Writes Fixtures/Persistence/basic-v1/: basic-value store logs made without Archivist.

An independent implementation of the log format documented in
Sources/Persistence/Persistence.docc/BasicValueStoreFormat.md: header and record framing packed
with `struct`, CRC-32C computed bit by bit from the Castagnoli polynomial, values encoded from the
documented tags (zigzag LEB128 integers, little-endian IEEE 754 doubles, dates as seconds since
2001-01-01, dictionary keys sorted). Writes:

- intact.log   — a sequence of sets and removals, no damage;
- damaged.log  — the same records with one record's checksum broken in the middle and half a
                 record appended (a torn tail);
- expected.json — the operations in order (a value of null is a removal), the contents both logs
                 must read as, and the repairs opening damaged.log makes.

Deterministic: running it again rewrites identical bytes.
"""
import base64
import json
import os
import struct

ROOT = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "Persistence", "basic-v1")
MAGIC = bytes([0x89, 0x41, 0x42, 0x56, 0x53, 0x0D, 0x0A, 0x1A])
MARKER = bytes([0xFE, 0xC0, 0xB5, 0x1C])


def crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF


def varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def text(s: str) -> bytes:
    raw = s.encode("utf-8")
    return varint(len(raw)) + raw


def encode(value) -> bytes:
    kind, payload = value
    if kind == "string":
        return b"\x01" + text(payload)
    if kind == "integer":
        return b"\x02" + varint(((payload << 1) ^ (payload >> 63)) & 0xFFFFFFFFFFFFFFFF)
    if kind == "double":
        return b"\x03" + struct.pack("<d", payload)
    if kind == "bool":
        return b"\x05" if payload else b"\x04"
    if kind == "date":
        return b"\x06" + struct.pack("<d", payload)
    if kind == "data":
        return b"\x07" + varint(len(payload)) + payload
    if kind == "url":
        return b"\x08" + text(payload)
    if kind == "array":
        return b"\x09" + varint(len(payload)) + b"".join(encode(element) for element in payload)
    if kind == "dictionary":
        return b"\x0A" + varint(len(payload)) + b"".join(text(key) + encode(payload[key]) for key in sorted(payload))
    raise ValueError(kind)


def record(key: str, value=None) -> bytes:
    payload = (b"\x01" if value is not None else b"\x02") + text(key) + (encode(value) if value is not None else b"")
    length = struct.pack("<I", len(payload))
    return MARKER + length + struct.pack("<I", crc32c(length + payload)) + payload


def as_json(value):
    kind, payload = value
    if kind == "data":
        return {kind: base64.b64encode(payload).decode("ascii")}
    if kind == "array":
        return {kind: [as_json(element) for element in payload]}
    if kind == "dictionary":
        return {kind: {key: as_json(element) for key, element in payload.items()}}
    return {kind: payload}


# Seconds from 2001-01-01 to 1815-12-10 (Ada Lovelace's birthday), in UTC.
BORN = -5_840_035_200.0

OPERATIONS = [
    ("name", ("string", "Ada Lovelace")),
    ("age", ("integer", 36)),
    ("ratio", ("double", 0.5)),
    ("negative", ("integer", -1_234_567_890_123)),
    ("flag", ("bool", True)),
    ("born", ("date", BORN)),
    ("blob", ("data", bytes(range(10)))),
    ("site", ("url", "https://example.com/ada?x=1")),
    ("tags", ("array", [("string", "math"), ("integer", 1843), ("bool", False)])),
    ("prefs", ("dictionary", {"theme": ("string", "dark"), "size": ("double", 12.5),
                              "nested": ("dictionary", {"ok": ("bool", True)})})),
    ("name", ("string", "Ada King")),
    ("temp", ("string", "short-lived")),
    ("temp", None),
    ("unicode ключ ☕", ("string", "é")),
    ("empty", ("array", [])),
]
# The record damaged.log breaks, inserted after OPERATIONS[DAMAGED_AFTER].
DAMAGED_AFTER = 10
DAMAGED = ("lost", ("string", "this record's checksum is broken"))
TORN = ("age", ("integer", 99))


def main():
    os.makedirs(ROOT, exist_ok=True)
    header = MAGIC + struct.pack("<II", 1, 0)
    records = [record(key, value) for key, value in OPERATIONS]
    with open(os.path.join(ROOT, "intact.log"), "wb") as out:
        out.write(header + b"".join(records))

    broken = bytearray(record(*DAMAGED))
    broken[8] ^= 0xFF  # the first checksum byte
    torn = record(*TORN)[:9]
    damaged = records[:DAMAGED_AFTER + 1] + [bytes(broken)] + records[DAMAGED_AFTER + 1:] + [torn]
    with open(os.path.join(ROOT, "damaged.log"), "wb") as out:
        out.write(header + b"".join(damaged))

    state = {}
    for key, value in OPERATIONS:
        if value is None:
            state.pop(key, None)
        else:
            state[key] = value
    expected = {
        "operations": [[key, as_json(value) if value is not None else None] for key, value in OPERATIONS],
        "contents": {key: as_json(value) for key, value in sorted(state.items())},
        "damagedRegionsSkipped": 1,
        "damagedBytesSkipped": len(broken),
        "tornBytesTruncated": len(torn),
    }
    with open(os.path.join(ROOT, "expected.json"), "w") as out:
        json.dump(expected, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
