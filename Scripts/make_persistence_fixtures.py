#!/usr/bin/env python3
"""Writes Fixtures/Persistence/: archive-store entry files made without Archivist.

An independent implementation of the store's documented layout (StoreFileEnvelope and
KeyFileName in Sources/Persistence): the header is packed with `struct`, the checksum is
`zlib.crc32`, the payload is CPython `plistlib`'s binary property list, and file names are
escaped and hashed here from the documentation. The Swift tests read these files back through
ArchiveStore and compare our own envelope bytes against them.
"""
import datetime
import os
import plistlib
import struct
import zlib

ROOT = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "Persistence")


def escape(key: str) -> str:
    if key == "":
        return "="
    out = []
    for index, byte in enumerate(key.encode("utf-8")):
        char = chr(byte)
        if "a" <= char <= "z" or "0" <= char <= "9" or char in "-_" or (char == "." and index > 0):
            out.append(char)
        elif "A" <= char <= "Z":
            out.append("^" + char.lower())
        else:
            out.append("%%%02x" % byte)
    return "".join(out)


def fnv1a64(data: bytes) -> str:
    value = 0xCBF29CE484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value


def stem(key: str) -> str:
    escaped = escape(key)
    if len(escaped) <= 150:
        return escaped
    assert key.isascii() and "%" not in escaped and "^" not in escaped, "fixture keys keep the prefix rule simple"
    return escaped[:64] + "~" + fnv1a64(key.encode("utf-8"))


def envelope(key: str, payload: bytes) -> bytes:
    key_bytes = key.encode("utf-8")
    checksum = zlib.crc32(key_bytes + payload) & 0xFFFFFFFF
    header = b"ARVS" + bytes([1, 0, 0, 0]) + struct.pack("<IQI", len(key_bytes), len(payload), checksum)
    return header + key_bytes + payload


def contact(number: int, name: str, note=None) -> dict:
    value = {
        "id": number,
        "name": name,
        "email": f"{name.lower().split()[0]}@example.com",
        "tags": ["fixture", f"n{number}"],
        "joined": datetime.datetime(2024, 2, 29, 12, 30, 0),
    }
    if note is not None:
        value["note"] = note
    return value


def main() -> None:
    store = os.path.join(ROOT, "store-v1")
    os.makedirs(store, exist_ok=True)
    for name in os.listdir(store):
        os.remove(os.path.join(store, name))
    entries = {
        "ada": contact(1, "Ada Lovelace", "first"),
        "Mixed Case/Key": contact(2, "Grace Hopper"),
        "caf\u00e9 \u2615": contact(3, "Alan Turing", "unicode key"),
        "long-" * 60: contact(4, "Edsger Dijkstra"),
    }
    for key, value in entries.items():
        payload = plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False)
        with open(os.path.join(store, stem(key) + ".arv"), "wb") as handle:
            handle.write(envelope(key, payload))
    # A file the store must ignore: not an entry name.
    with open(os.path.join(store, "README.txt"), "w") as handle:
        handle.write("Not an entry: the store ignores files it did not name.\n")


if __name__ == "__main__":
    main()
