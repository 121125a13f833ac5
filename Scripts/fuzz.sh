#!/usr/bin/env bash
# Fuzzes the package's readers of bytes it did not write, with libFuzzer and AddressSanitizer.
#
# usage: Scripts/fuzz.sh TARGET [RUNS] [SECONDS]
#        Scripts/fuzz.sh all-smoke [RUNS] [SECONDS]
#        Scripts/fuzz.sh build [TARGET...]
#   TARGET   binary      the binary property-list reader
#            xml         the XML property-list reader
#            json        the canonical JSON parser (and writer)
#            printers    any-format read, then the tree, canonical JSON, XML and binary printers
#            autocoding  AutoArchiver.unarchive (both direct readers, and the tree reader)
#            keyed       KeyedUnarchiver: graph(from:), treeDescription(), unarchive of Any and models
#            bridge      the Codable bridge: JSONDecoder and PropertyListDecoder into AutoCodable models
#            basiclog    the basic-value store's log scanner, and opening a store on the bytes
#            envelope    ArchiveStore entry files: StoreFileEnvelope, then retrieve
#            cache       the cache's journal, journal records and entry files (DiskLevel)
#   RUNS     inputs to try (default 1000000; all-smoke: 3000 per target)
#   SECONDS  stop after this long as well (default 0: no time limit; all-smoke: 30 per target)
#   all-smoke  builds every target and runs each briefly, on a fresh corpus of its seeds; exits 1
#              when any target finds anything (CI: .ci/run)
#   build      builds the given targets (default: all) and nothing else
# Environment:
#   FUZZ_OUT        output directory (default fuzz-out/ in the repository, gitignored)
#   FUZZ_ROUNDTRIP  1 to also require write-then-read to give back the value read (binary, xml, json)
#   FUZZ_MAX_LEN    largest input libFuzzer generates (default 16384)
#   FUZZ_JOBS       parallel fuzzing processes (default 1)
#   FUZZ_SEEDS      extra seed directories, colon-separated (e.g. another checkout's fixtures)
#   FUZZ_NODE_LIMIT harnesses skip printing/walking values with more logical nodes (default 200000)
#   FUZZ_OPTIONS    extra libFuzzer options, space-separated (e.g. "-fork=1 -ignore_timeouts=1")
#
# The package's modules are compiled once, instrumented (-sanitize=fuzzer,address, the same
# -package-name so package declarations are visible), as static libraries in FUZZ_OUT/.lib, in
# dependency order, and rebuilt only when a source changes. Each target's harness
# (Scripts/fuzz/*Fuzz.swift) links against them into FUZZ_OUT/<target>/fuzz-<target>. Seeds come
# from the target's Fixtures/ folders and from the harness itself (run with FUZZ_WRITE_SEEDS, it
# writes inputs made with the package's own writers). Any crash, leak, timeout (-timeout=10) or
# out-of-memory (-rss_limit_mb / -malloc_limit_mb 2048) of this run is minimized into
# FUZZ_OUT/<target>/crashers/ with its stack, and the script exits 1.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz_out="${FUZZ_OUT:-$root/fuzz-out}"
lib="$fuzz_out/.lib"
all_targets=(binary xml json printers autocoding keyed bridge basiclog envelope cache)

usage() {
    echo "usage: $0 binary|xml|json|printers|autocoding|keyed|bridge|basiclog|envelope|cache [RUNS] [SECONDS]" >&2
    echo "       $0 all-smoke [RUNS] [SECONDS]" >&2
    echo "       $0 build [TARGET...]" >&2
    exit 2
}

# StackGuard (Sources/PropertyList/Support/StackGuard.swift) measures the stack by the address of
# a local; ASan's fake stacks for use-after-return detection put locals on the heap, so every
# level would look out of stack and hop threads (and deadlock: see fuzz/findings/README.md).
export ASAN_OPTIONS="detect_stack_use_after_return=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Swift's own backtracer fights ASan's handler over a crash; ASan's report is the one wanted.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
if [[ -z "${ASAN_SYMBOLIZER_PATH:-}" ]] && command -v llvm-symbolizer >/dev/null; then
    export ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer)"
fi

# --- targets ---------------------------------------------------------------------------------
# Sets: harness (Swift files in Scripts/fuzz), modules (what it links, in dependency order),
# defines, seed_dirs (under Fixtures/), dicts (Scripts/fuzz/*.dict, concatenated).
describe_target() {
    defines=()
    case "$1" in
        binary|xml)
            harness=(ReaderFuzz.swift); modules=(PropertyList)
            [[ $1 == xml ]] && defines=(-D FUZZ_XML)
            seed_dirs=(PropertyList); dicts=("$1") ;;
        json)
            harness=(JSONFuzz.swift); modules=(PropertyList)
            seed_dirs=(PropertyList); dicts=(json) ;;
        printers)
            harness=(PrintersFuzz.swift); modules=(PropertyList)
            seed_dirs=(PropertyList KeyedArchive AutoCoding); dicts=(binary xml json) ;;
        autocoding)
            harness=(AutoCodingFuzz.swift FuzzModels.swift); modules=(PropertyList AutoCoding)
            seed_dirs=(AutoCoding); dicts=(binary xml autocoding) ;;
        keyed)
            harness=(KeyedFuzz.swift FuzzModels.swift); modules=(PropertyList AutoCoding KeyedArchive)
            seed_dirs=(KeyedArchive PropertyList/valid/foundation-keyed-archive.binary.plist); dicts=(binary xml keyed) ;;
        bridge)
            harness=(BridgeFuzz.swift FuzzModels.swift); modules=(PropertyList AutoCoding)
            seed_dirs=(); dicts=(json autocoding) ;;
        basiclog)
            harness=(BasicLogFuzz.swift); modules=(PropertyList AutoCoding Persistence)
            seed_dirs=(Persistence/basic-v1); dicts=(basiclog) ;;
        envelope)
            harness=(EnvelopeFuzz.swift FuzzModels.swift); modules=(PropertyList AutoCoding Persistence)
            seed_dirs=(Persistence/store-v1); dicts=(envelope binary autocoding) ;;
        cache)
            harness=(CacheFuzz.swift FuzzModels.swift); modules=(PropertyList AutoCoding Persistence ArchivistCache)
            seed_dirs=(); dicts=(cache binary autocoding) ;;
        *) usage ;;
    esac
    harness=("${harness[@]/#/$root/Scripts/fuzz/}" "$root/Scripts/fuzz/FuzzSupport.swift")
    [[ "${FUZZ_ROUNDTRIP:-0}" == 1 ]] && defines+=(-D FUZZ_ROUNDTRIP)
    return 0
}

# C targets each Swift module needs (compiled with ASan, reached through a generated module map).
c_targets_of() {
    case "$1" in
        PropertyList) echo CArchivistStack ;;
        Persistence) echo CArchivistCRC CArchivistPrefetch ;;
        ArchivistCache) echo CArchivistXattr ;;
    esac
}

swift_flags=(-sanitize=fuzzer,address -parse-as-library -O -wmo -g -package-name Archivist)

# Prints "up to date" and returns 0 when $1 exists, is newer than every later argument, and its
# stamp file holds the flags in $wanted_stamp.
is_current() {
    local product="$1" stamp="$1.flags"
    shift
    [[ -e "$product" && -f "$stamp" && "$(cat "$stamp")" == "$wanted_stamp" ]] || return 1
    local file
    for file in "$@"; do [[ "$file" -nt "$product" ]] && return 1; done
    return 0
}

# Runs a compiler, hiding ld.gold's warning about every ASan helper symbol it cannot export.
compile() {
    "$@" 2>&1 | grep -v "warning: Cannot export local symbol" >&2 || true
}

build_c_target() {
    local name="$1" object="$lib/$1.o"
    local sources=("$root/Sources/$name/$name.c" "$root/Sources/$name/include/$name.h")
    wanted_stamp="clang -O2 -g -fsanitize=address -fsanitize=fuzzer-no-link"
    mkdir -p "$lib/maps/$name"
    printf 'module %s {\n    header "%s"\n    export *\n}\n' "$name" "$root/Sources/$name/include/$name.h" \
        > "$lib/maps/$name/module.modulemap"
    is_current "$object" "${sources[@]}" && return 0
    echo "building $object" >&2
    rm -f "$object"
    compile clang -c -O2 -g -fsanitize=address -fsanitize=fuzzer-no-link -I "$root/Sources/$name/include" \
        "${sources[0]}" -o "$object"
    [[ -f "$object" ]] || { echo "build of $name failed" >&2; exit 2; }
    echo "$wanted_stamp" > "$object.flags"
}

# Builds $1 (a Swift module) after its dependencies $2...; rebuilt when its sources, a dependency
# or the flags changed.
build_module() {
    local name="$1" product="$lib/lib$1.a" c
    shift
    local includes=(-I "$lib") dependencies=()
    for c in $(c_targets_of "$name"); do build_c_target "$c"; done
    for c in CArchivistStack CArchivistCRC CArchivistPrefetch CArchivistXattr; do includes+=(-I "$lib/maps/$c"); done
    for c in "$@"; do dependencies+=("$lib/lib$c.a"); done
    local sources
    mapfile -t sources < <(find "$root/Sources/$name" -name '*.swift' | sort)
    wanted_stamp="${swift_flags[*]} $(printf '%s\n' "${sources[@]}" | sha1sum | cut -c1-16)"
    is_current "$product" "${sources[@]}" "${dependencies[@]}" && return 0
    echo "building $product" >&2
    rm -f "$product"
    local started=$SECONDS
    (cd "$lib" && compile swiftc "${swift_flags[@]}" -emit-library -static -emit-module \
        -module-name "$name" "${includes[@]}" "${sources[@]}" \
        -emit-module-path "$lib/$name.swiftmodule" -o "$product")
    [[ -f "$product" ]] || { echo "build of $name failed" >&2; exit 2; }
    echo "$wanted_stamp" > "$product.flags"
    echo "built $name in $((SECONDS - started)) s" >&2
}

build_modules() {
    mkdir -p "$lib"
    local module built=()
    for module in "$@"; do
        build_module "$module" "${built[@]}"
        built+=("$module")
    done
}

# Builds the harness of target $1 (after describe_target $1).
build_target() {
    local target="$1" out="$fuzz_out/$1"
    local binary="$out/fuzz-$target"
    mkdir -p "$out"
    build_modules "${modules[@]}"
    local libraries=() objects=() module c
    for module in "${modules[@]}"; do
        libraries=("$lib/lib$module.a" "${libraries[@]}")
        for c in $(c_targets_of "$module"); do objects+=("$lib/$c.o"); done
    done
    wanted_stamp="${swift_flags[*]} ${defines[*]} ${modules[*]} ${harness[*]}"
    is_current "$binary" "${harness[@]}" "${libraries[@]}" "${objects[@]}" && return 0
    echo "building $binary" >&2
    rm -f "$binary"
    # Run from $out: the driver leaves module files in the working directory.
    (cd "$out" && compile swiftc "${swift_flags[@]}" "${defines[@]}" -module-name "Fuzz_$target" \
        -I "$lib" -I "$lib/maps/CArchivistStack" -I "$lib/maps/CArchivistCRC" -I "$lib/maps/CArchivistPrefetch" \
        -I "$lib/maps/CArchivistXattr" \
        "${harness[@]}" "${libraries[@]}" "${objects[@]}" -o "$binary")
    [[ -x "$binary" ]] || { echo "build failed" >&2; exit 2; }
    echo "$wanted_stamp" > "$binary.flags"
}

# --- seeds -----------------------------------------------------------------------------------
# Every fixture of the target's folders, named by content so fixtures with equal names in
# different folders all count and reruns add nothing. Large files are skipped: libFuzzer
# truncates inputs to max_len anyway. Then the harness's own seeds, and make-seeds.py's.
seed_target() {
    local target="$1" out="$fuzz_out/$1" directory sources=()
    mkdir -p "$out/seeds"
    copy_seeds() {
        [[ -e "$1" ]] || return 0
        local file
        find "$1" -type f -size -64k ! -name '*.md' ! -name '*.txt' -print0 |
            while IFS= read -r -d '' file; do
                [[ $target != json && $file == *.json ]] && continue
                cp -f "$file" "$out/seeds/fixture-$(sha1sum <"$file" | cut -c1-16)"
            done
    }
    for directory in "${seed_dirs[@]}"; do
        copy_seeds "$root/Fixtures/$directory"
        sources+=("$root/Fixtures/$directory")
    done
    IFS=: read -ra extra_seeds <<<"${FUZZ_SEEDS:-}"
    for directory in "${extra_seeds[@]}"; do copy_seeds "$directory"; sources+=("$directory"); done
    local joined
    joined="$(IFS=:; echo "${sources[*]}")"
    FUZZ_WRITE_SEEDS="$out/seeds" FUZZ_SEED_SOURCES="$joined" "$out/fuzz-$target" >"$out/seeds.log" 2>&1 ||
        { cat "$out/seeds.log" >&2; echo "the $target harness could not write its seeds" >&2; exit 2; }
    if [[ $target == binary || $target == xml ]] && command -v python3 >/dev/null; then
        python3 "$root/Scripts/fuzz/make-seeds.py" "$target" "$out/seeds"
    fi
}

# --- run -------------------------------------------------------------------------------------
# Fuzzes target $1 for $2 runs / $3 seconds over corpus directory $4 (plus the seeds); returns
# 1 when this run left a crash, leak, timeout or oom artifact (each minimized), else
# libFuzzer's status.
run_target() {
    local target="$1" runs="$2" seconds="$3" corpus="$4" out="$fuzz_out/$1"
    local binary="$out/fuzz-$target" dict="$out/fuzz.dict" name
    mkdir -p "$corpus" "$out/artifacts" "$out/crashers"
    : > "$dict"
    for name in "${dicts[@]}"; do cat "$root/Scripts/fuzz/$name.dict" >> "$dict"; done
    local jobs="${FUZZ_JOBS:-1}"
    local options=(-runs="$runs" -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-16384}"
                   -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1
                   -dict="$dict" -artifact_prefix="$out/artifacts/")
    [[ "$jobs" != 1 ]] && options+=(-jobs="$jobs" -workers="$jobs")
    read -ra extra_options <<<"${FUZZ_OPTIONS:-}"
    options+=("${extra_options[@]}")
    local log="$out/fuzz-$(date -u +%Y%m%dT%H%M%SZ).log" marker="$out/.run-started"
    touch "$marker"
    echo "fuzzing $target: ${options[*]} (log $log)" >&2
    set +e
    if [[ "${quiet:-0}" == 1 ]]; then
        "$binary" "${options[@]}" "$corpus" "$out/seeds" >"$log" 2>&1
        local status=$?
        grep -E "^(Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY|==[0-9]+== ERROR)" \
            "$log" >&2
    else
        "$binary" "${options[@]}" "$corpus" "$out/seeds" 2>&1 | tee "$log"
        local status=${PIPESTATUS[0]}
    fi
    set -e

    local found=0 artifact minimized
    while IFS= read -r -d '' artifact; do
        found=1
        name="$(basename "$artifact")"
        minimized="$out/crashers/$name.min"
        if [[ ! -f "$minimized" ]]; then
            echo "minimizing $name" >&2
            # The same limits as the run, so a timeout input minimizes instead of hanging.
            "$binary" -minimize_crash=1 -runs=20000 -max_total_time=300 -timeout=10 -rss_limit_mb=2048 \
                -malloc_limit_mb=2048 -exact_artifact_path="$minimized" "$artifact" \
                >"$out/crashers/$name.minimize.log" 2>&1 || true
            [[ -f "$minimized" ]] || cp "$artifact" "$minimized"
            # Record the stack of the minimized input.
            "$binary" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 "$minimized" \
                >"$out/crashers/$name.stack.txt" 2>&1 || true
        fi
        echo "$target: crasher $minimized ($(wc -c <"$minimized") bytes), stack in $out/crashers/$name.stack.txt" >&2
    done < <(find "$out/artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
                  -o -name 'oom-*' \) -newer "$marker" -print0)
    [[ $found == 1 ]] && return 1
    return "$status"
}

# Removes scratch directories harnesses left in /dev/shm when killed (theirs processes are gone).
sweep_scratch() {
    local directory
    for directory in /dev/shm/archivist-fuzz-* "${TMPDIR:-/tmp}"/archivist-fuzz-*; do
        [[ -d "$directory" ]] || continue
        kill -0 "${directory##*-}" 2>/dev/null || rm -rf "$directory"
    done
}

# --- commands --------------------------------------------------------------------------------
command="${1:-}"
case "$command" in
    build)
        shift
        targets=("$@")
        [[ ${#targets[@]} == 0 ]] && targets=("${all_targets[@]}")
        for target in "${targets[@]}"; do describe_target "$target"; build_target "$target"; done
        ;;
    all-smoke)
        runs="${2:-3000}"
        seconds="${3:-30}"
        started=$SECONDS
        failed=()
        quiet=1
        sweep_scratch
        for target in "${all_targets[@]}"; do describe_target "$target"; build_target "$target"; done
        echo "built every target in $((SECONDS - started)) s" >&2
        for target in "${all_targets[@]}"; do
            describe_target "$target"
            seed_target "$target"
            # A fresh corpus: the smoke run checks the seeds and what a few thousand mutations find.
            smoke_corpus="$fuzz_out/$target/smoke-corpus"
            rm -rf "$smoke_corpus"
            target_started=$SECONDS
            if run_target "$target" "$runs" "$seconds" "$smoke_corpus"; then
                echo "smoke $target: ok ($((SECONDS - target_started)) s)" >&2
            else
                echo "smoke $target: FAILED ($((SECONDS - target_started)) s)" >&2
                failed+=("$target")
            fi
        done
        echo "smoke: every target in $((SECONDS - started)) s" >&2
        if [[ ${#failed[@]} != 0 ]]; then
            echo "smoke: findings in ${failed[*]} (see $fuzz_out/<target>/crashers/)" >&2
            exit 1
        fi
        ;;
    binary|xml|json|printers|autocoding|keyed|bridge|basiclog|envelope|cache)
        describe_target "$command"
        sweep_scratch
        build_target "$command"
        seed_target "$command"
        run_target "$command" "${2:-1000000}" "${3:-0}" "$fuzz_out/$command/corpus"
        ;;
    *) usage ;;
esac
