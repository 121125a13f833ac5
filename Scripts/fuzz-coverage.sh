#!/usr/bin/env bash
# Line coverage of the PropertyList sources reached by a fuzz corpus that Scripts/fuzz.sh built.
#
# usage: Scripts/fuzz-coverage.sh binary|xml [FILTER]
#   FILTER  only report files whose path contains this (default: Binary/ or XML/)
# Builds fuzz-out/<reader>/coverage-<reader> with coverage instrumentation (no sanitizer), replays
# fuzz-out/<reader>/corpus and seeds through it, and prints `"$tools/llvm-cov" report`.
set -euo pipefail

reader="${1:-}"
case "$reader" in
    binary) format_flags=(); filter="${2:-Binary/}" ;;
    xml) format_flags=(-D FUZZ_XML); filter="${2:-XML/}" ;;
    *) echo "usage: $0 binary|xml [FILTER]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${FUZZ_OUT:-$root/fuzz-out}/$reader"
binary="$out/coverage-$reader"
[[ -d "$out/corpus" ]] || { echo "no corpus in $out; run Scripts/fuzz.sh $reader first" >&2; exit 2; }
mkdir -p "$out/coverage"

# The profile format must match the compiler's, so use the LLVM tools next to swiftc.
tools="$(dirname "$(command -v swiftc)")"
mapfile -t sources < <(find "$root/Sources/PropertyList" -name '*.swift' | sort)
# The C shim StackGuard imports, through a module map of its own.
shim="$root/Sources/CArchivistStack"
mkdir -p "$out/coverage/maps"
printf 'module CArchivistStack {\n    header "%s"\n    export *\n}\n' "$shim/include/CArchivistStack.h" \
    > "$out/coverage/maps/module.modulemap"
clang -c -O1 -I "$shim/include" "$shim/CArchivistStack.c" -o "$out/coverage/CArchivistStack.o"
# -sanitize=fuzzer only for libFuzzer's main(), which replays the corpus with -runs=0.
(cd "$out/coverage" && swiftc -sanitize=fuzzer -parse-as-library -Onone -wmo \
    -profile-generate -profile-coverage-mapping -I "$out/coverage/maps" \
    -module-name PropertyListFuzz -package-name Archivist "${format_flags[@]}" \
    "${sources[@]}" "$root/Scripts/fuzz/ReaderFuzz.swift" "$root/Scripts/fuzz/FuzzSupport.swift" \
    "$out/coverage/CArchivistStack.o" -o "$binary")

rm -f "$out"/coverage/*.profraw
LLVM_PROFILE_FILE="$out/coverage/replay-%p.profraw" "$binary" -runs=0 "$out/corpus" "$out/seeds" \
    >"$out/coverage/replay.log" 2>&1
"$tools/llvm-profdata" merge -sparse "$out"/coverage/*.profraw -o "$out/coverage/replay.profdata"
mapfile -t reported < <(printf '%s\n' "${sources[@]}" | grep -F "$filter")
"$tools/llvm-cov" report "$binary" -instr-profile="$out/coverage/replay.profdata" "${reported[@]}"
