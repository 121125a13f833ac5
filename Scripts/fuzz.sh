#!/usr/bin/env bash
# Fuzzes a property-list reader with libFuzzer and AddressSanitizer.
#
# usage: Scripts/fuzz.sh binary|xml [RUNS] [SECONDS]
#   RUNS     inputs to try (default 1000000)
#   SECONDS  stop after this long as well (default 0: no time limit)
# Environment:
#   FUZZ_OUT        output directory (default fuzz-out/ in the repository, gitignored)
#   FUZZ_ROUNDTRIP  1 to also require write-then-read to give back the value read
#   FUZZ_MAX_LEN    largest input libFuzzer generates (default 16384)
#   FUZZ_JOBS       parallel fuzzing processes (default 1)
#   FUZZ_SEEDS      extra seed directories, colon-separated (e.g. another checkout's fixtures)
#
# Builds fuzz-out/<reader>/fuzz-<reader> from Sources/PropertyList/**/*.swift plus
# Scripts/fuzz/ReaderFuzz.swift (with -D FUZZ_XML for the XML reader), seeds the corpus from Fixtures/PropertyList and from
# Scripts/fuzz/make-seeds.py (Python plistlib), runs, and minimizes any crash into
# fuzz-out/<reader>/crashers/. Exits 1 when a crash was found.
set -euo pipefail

reader="${1:-}"
runs="${2:-1000000}"
seconds="${3:-0}"
case "$reader" in
    binary) format_flags=() ;;
    xml) format_flags=(-D FUZZ_XML) ;;
    *) echo "usage: $0 binary|xml [RUNS] [SECONDS]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${FUZZ_OUT:-$root/fuzz-out}/$reader"
binary="$out/fuzz-$reader"
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts" "$out/crashers"

if [[ -z "${ASAN_SYMBOLIZER_PATH:-}" ]] && command -v llvm-symbolizer >/dev/null; then
    export ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer)"
fi

# --- build -----------------------------------------------------------------------------------
mapfile -t sources < <(find "$root/Sources/PropertyList" -name '*.swift' | sort)
flags=(-sanitize=fuzzer,address -parse-as-library -O -wmo -g
       -module-name PropertyListFuzz -package-name Archivist "${format_flags[@]}")
[[ "${FUZZ_ROUNDTRIP:-0}" == 1 ]] && flags+=(-D FUZZ_ROUNDTRIP)
stamp="$out/build-flags"
wanted_stamp="${flags[*]}"
needs_build=1
if [[ -x "$binary" && -f "$stamp" && "$(cat "$stamp")" == "$wanted_stamp" ]]; then
    needs_build=0
    for file in "${sources[@]}" "$root/Scripts/fuzz/ReaderFuzz.swift"; do
        [[ "$file" -nt "$binary" ]] && needs_build=1 && break
    done
fi
if [[ $needs_build == 1 ]]; then
    echo "building $binary" >&2
    rm -f "$binary"
    # ld.gold warns about every ASan helper symbol it cannot export; those lines are noise.
    # Run from $out: the driver leaves module files in the working directory.
    (cd "$out" && swiftc "${flags[@]}" "${sources[@]}" "$root/Scripts/fuzz/ReaderFuzz.swift" -o "$binary") 2>&1 \
        | grep -v "warning: Cannot export local symbol" >&2 || true
    [[ -x "$binary" ]] || { echo "build failed" >&2; exit 2; }
    echo "$wanted_stamp" > "$stamp"
fi

# --- seeds -----------------------------------------------------------------------------------
# Every fixture of either format (the other format's bytes are useful bad input too), named by
# content so fixtures with equal names in different folders all count and reruns add nothing.
# Large files are skipped: libFuzzer truncates inputs to max_len anyway.
copy_seeds() {
    [[ -d "$1" ]] || return 0
    find "$1" -type f -size -64k ! -name '*.md' ! -name '*.json' -print0 |
        while IFS= read -r -d '' file; do
            cp -f "$file" "$out/seeds/fixture-$(sha1sum <"$file" | cut -c1-16)"
        done
}
copy_seeds "$root/Fixtures/PropertyList"
IFS=: read -ra extra_seeds <<<"${FUZZ_SEEDS:-}"
for directory in "${extra_seeds[@]}"; do copy_seeds "$directory"; done
if command -v python3 >/dev/null; then
    python3 "$root/Scripts/fuzz/make-seeds.py" "$reader" "$out/seeds"
fi

# --- run -------------------------------------------------------------------------------------
jobs="${FUZZ_JOBS:-1}"
options=(-runs="$runs" -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-16384}"
         -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
         -dict="$root/Scripts/fuzz/$reader.dict" -artifact_prefix="$out/artifacts/")
[[ "$jobs" != 1 ]] && options+=(-jobs="$jobs" -workers="$jobs")
log="$out/fuzz-$(date -u +%Y%m%dT%H%M%SZ).log"
echo "fuzzing $reader: ${options[*]} (log $log)" >&2
set +e
"$binary" "${options[@]}" "$out/corpus" "$out/seeds" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# --- crashes ---------------------------------------------------------------------------------
found=0
for artifact in "$out"/artifacts/{crash,leak,timeout,oom}-*; do
    [[ -f "$artifact" ]] || continue
    found=1
    name="$(basename "$artifact")"
    minimized="$out/crashers/$name.min"
    if [[ ! -f "$minimized" ]]; then
        echo "minimizing $name" >&2
        # The same -timeout as the run, so a timeout input minimizes instead of hanging.
        "$binary" -minimize_crash=1 -runs=20000 -timeout=10 -exact_artifact_path="$minimized" "$artifact" \
            >"$out/crashers/$name.minimize.log" 2>&1 || true
        [[ -f "$minimized" ]] || cp "$artifact" "$minimized"
        # Record the stack of the minimized input.
        "$binary" -timeout=10 "$minimized" >"$out/crashers/$name.stack.txt" 2>&1 || true
    fi
    echo "crasher: $minimized ($(wc -c <"$minimized") bytes), stack in $out/crashers/$name.stack.txt" >&2
done
if [[ $found == 1 ]]; then exit 1; fi
exit "$status"
