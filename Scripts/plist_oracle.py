#!/usr/bin/env python3
"""Independent property-list oracle for Archivist's tests, built on CPython's plistlib.

Standard library only (Python 3.9 or later). Two modes, both working on batches so that a test
run starts one Python process per thousand documents rather than one per document:

  plist_oracle.py write INPUT OUTDIR [--formats binary,xml]
      INPUT holds one canonical-JSON value per line. For line N (0-based) this writes
      OUTDIR/N.binary.plist and OUTDIR/N.xml.plist with plistlib, keeping dictionary key order
      (sort_keys=False). A value a format cannot hold (plistlib's XML writer has no UID, and
      refuses control characters) gets OUTDIR/N.<format>.error holding plistlib's message instead.

  plist_oracle.py read LIST OUTPUT
      LIST holds one file path per line. For each, in order, OUTPUT gets one line: the file read
      by plistlib as canonical JSON, or {"error": "..."} when plistlib rejects it (or it holds an
      integer outside -2**63 ... 2**64-1, which the canonical form does not allow).

  plist_oracle.py keys LIST OUTPUT
      Like read, but each line is the document's dictionary key order, which canonical JSON
      (sorted keys) does not show: a JSON list holding, for every dictionary in depth-first order
      (a dictionary, then its values in order), the list of its keys in file order, each key as
      the lowercase hex of its UTF-8 bytes (so no JSON parser can alter it, e.g. drop a BOM).

Canonical JSON: every node is {"type": T, "value": V} with T one of dict (object of key -> node),
array (list of nodes), string, int (decimal string), real (repr of the float, or "nan", "inf",
"-inf"), bool (true/false), date (seconds since 2001-01-01T00:00:00Z, formatted like real),
data (lowercase hex), uid (decimal string); serialized by json.dumps with ensure_ascii=False,
separators=(',', ':') and sort_keys=True.
"""

import datetime
import json
import math
import plistlib
import sys

EPOCH = datetime.datetime(2001, 1, 1)
INT_MIN = -(1 << 63)
INT_MAX = (1 << 64) - 1


class OracleError(Exception):
    """A value outside what the canonical form (or plistlib) can express."""


# ---------------------------------------------------------------------------------------------
# plist value -> canonical node


def format_real(number):
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return repr(number)


def date_seconds(moment):
    if moment.tzinfo is not None:
        # plistlib 3.13+ may hand back aware datetimes; the canonical form is UTC-based.
        moment = moment.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return (moment - EPOCH).total_seconds()


def to_node(value, depth=0):
    # bool first: it is a subclass of int.
    if isinstance(value, bool):
        return {"type": "bool", "value": value}
    if isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise OracleError("integer %d outside -2**63 ... 2**64-1" % value)
        return {"type": "int", "value": str(value)}
    if isinstance(value, float):
        return {"type": "real", "value": format_real(value)}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, (bytes, bytearray)):
        return {"type": "data", "value": bytes(value).hex()}
    if isinstance(value, datetime.datetime):
        return {"type": "date", "value": format_real(date_seconds(value))}
    if isinstance(value, plistlib.UID):
        return {"type": "uid", "value": str(value.data)}
    if isinstance(value, dict):
        nodes = {}
        for key, element in value.items():
            if not isinstance(key, str):
                raise OracleError("dictionary key %r is not a string" % (key,))
            nodes[key] = to_node(element, depth + 1)
        return {"type": "dict", "value": nodes}
    if isinstance(value, (list, tuple)):
        return {"type": "array", "value": [to_node(element, depth + 1) for element in value]}
    raise OracleError("unexpected %s from plistlib" % type(value).__name__)


def canonical(node):
    return json.dumps(node, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


# ---------------------------------------------------------------------------------------------
# canonical node -> plist value


def parse_real(text):
    # float() accepts "nan", "inf", "-inf" as well as repr output.
    return float(text)


def from_node(node):
    kind = node["type"]
    value = node["value"]
    if kind == "dict":
        # json.loads keeps the document's key order; plistlib is told not to sort.
        return {key: from_node(element) for key, element in value.items()}
    if kind == "array":
        return [from_node(element) for element in value]
    if kind == "string":
        return value
    if kind == "int":
        return int(value)
    if kind == "real":
        return parse_real(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise OracleError("bool node with value %r" % (value,))
        return value
    if kind == "date":
        seconds = parse_real(value)
        if not math.isfinite(seconds):
            raise OracleError("date %s is not finite" % value)
        # timedelta keeps microseconds; whole-second dates in years 1...9999 are exact.
        return EPOCH + datetime.timedelta(seconds=seconds)
    if kind == "data":
        return bytes.fromhex(value)
    if kind == "uid":
        return plistlib.UID(int(value))
    raise OracleError("unknown node type %r" % (kind,))


# ---------------------------------------------------------------------------------------------
# modes

FORMATS = {"binary": plistlib.FMT_BINARY, "xml": plistlib.FMT_XML}


def write_mode(input_path, out_dir, formats):
    with open(input_path, "r", encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            line = line.rstrip("\n")
            for name in formats:
                base = "%s/%d.%s" % (out_dir, number, name)
                try:
                    value = from_node(json.loads(line))
                    data = plistlib.dumps(value, fmt=FORMATS[name], sort_keys=False)
                except Exception as error:  # report every refusal, keep going
                    with open(base + ".error", "w", encoding="utf-8") as handle:
                        handle.write("%s: %s" % (type(error).__name__, error))
                    continue
                with open(base + ".plist", "wb") as handle:
                    handle.write(data)


def read_mode(list_path, output_path):
    with open(list_path, "r", encoding="utf-8") as lines:
        paths = [line.rstrip("\n") for line in lines if line.strip()]
    with open(output_path, "w", encoding="utf-8") as output:
        for path in paths:
            try:
                with open(path, "rb") as handle:
                    value = plistlib.load(handle)
                text = canonical(to_node(value))
            except Exception as error:  # plistlib raises many types on bad input
                text = json.dumps({"error": "%s: %s" % (type(error).__name__, error)}, ensure_ascii=False)
            output.write(text)
            output.write("\n")


def key_order(value, into):
    if isinstance(value, dict):
        into.append([key.encode("utf-8", "surrogatepass").hex() for key in value.keys()])
        for element in value.values():
            key_order(element, into)
    elif isinstance(value, (list, tuple)):
        for element in value:
            key_order(element, into)
    return into


def keys_mode(list_path, output_path):
    with open(list_path, "r", encoding="utf-8") as lines:
        paths = [line.rstrip("\n") for line in lines if line.strip()]
    with open(output_path, "w", encoding="utf-8") as output:
        for path in paths:
            try:
                with open(path, "rb") as handle:
                    text = json.dumps(key_order(plistlib.load(handle), []), ensure_ascii=False, separators=(",", ":"))
            except Exception as error:
                text = json.dumps({"error": "%s: %s" % (type(error).__name__, error)}, ensure_ascii=False)
            output.write(text)
            output.write("\n")


def main(arguments):
    # Deep documents (500 levels) recurse through plistlib's writers two frames per level.
    sys.setrecursionlimit(20000)
    if len(arguments) >= 3 and arguments[0] == "write":
        formats = ["binary", "xml"]
        if len(arguments) == 5 and arguments[3] == "--formats":
            formats = [name for name in arguments[4].split(",") if name]
        elif len(arguments) != 3:
            return usage()
        unknown = [name for name in formats if name not in FORMATS]
        if unknown:
            return usage()
        write_mode(arguments[1], arguments[2], formats)
        return 0
    if len(arguments) == 3 and arguments[0] == "read":
        read_mode(arguments[1], arguments[2])
        return 0
    if len(arguments) == 3 and arguments[0] == "keys":
        keys_mode(arguments[1], arguments[2])
        return 0
    return usage()


def usage():
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
