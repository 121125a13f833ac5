#!/usr/bin/env bash
# Runs the persistence suites (archive store, SavableObject, background writes, the basic-value
# store and the cache) under ThreadSanitizer, in a scratch directory of their own so the normal
# debug build is not rebuilt. Extra arguments go to `swift test` (e.g. --skip-build).
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${ARCHIVIST_TSAN_FILTER:-Persistence|Store|Savable|Basic|Cache|AtomicFileWriter|KeyFileName|FileSystem|BackgroundWriter}"
exec swift test --sanitize=thread --scratch-path .build/tsan --filter "$filter" "$@"
