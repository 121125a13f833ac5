#!/usr/bin/env bash
# Builds the DocC catalogs of the library modules with the toolchain's `docc` and fails on any
# warning (an unresolved symbol link, a topic naming a symbol that does not exist, a malformed
# article). Uses its own scratch path so the package's .build stays as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${DOCC_SCRATCH:-/tmp/archivist-docc}"
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs"  # kept: an unchanged module is not recompiled, so its graph is not re-emitted
build() {
    swift build --scratch-path "$scratch/build" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
}
modules="PropertyList AutoCoding KeyedArchive Persistence ArchivistCache ArchivistTesting"
build
for module in $modules; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        # A module built earlier without the flags emitted no graph: build everything afresh once.
        rm -rf "$scratch/build"
        build
        break
    fi
done
status=0
for module in $modules; do
    catalog="Sources/$module/$module.docc"
    [ -d "$catalog" ] || continue
    module_graphs="$scratch/graphs-$module"
    rm -rf "$module_graphs" && mkdir -p "$module_graphs"
    cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
    log="$scratch/$module.log"
    docc convert "$catalog" --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "archivist.$module" \
        --output-path "$scratch/$module.doccarchive" --warnings-as-errors >"$log" 2>&1 || true
    if grep -q "warning:\|error:" "$log"; then
        echo "docc: $module has problems:"
        grep -A3 "warning:\|error:" "$log" | head -60
        status=1
    else
        echo "docc: $module clean"
    fi
done
exit $status
