#!/usr/bin/env bash
# Builds CArchivistCRC for aarch64 Linux with the repository's C code and runs its instruction
# path under qemu-user against a bit-at-a-time reference (Scripts/crc/crc32c_harness.c), so the
# arm64 branch is executed even on an x86_64 machine. Needs gcc-aarch64-linux-gnu and qemu-user
# (Debian packages; .ci/run installs them when it can). Without them it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || ! command -v qemu-aarch64 >/dev/null 2>&1; then
    echo "crc cross-check skipped: aarch64-linux-gnu-gcc or qemu-aarch64 not installed"
    exit 0
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
aarch64-linux-gnu-gcc -O2 -Wall -Wextra -Werror -I Sources/CArchivistCRC/include \
    Sources/CArchivistCRC/CArchivistCRC.c Scripts/crc/crc32c_harness.c -o "$out/crc32c-aarch64"
qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max "$out/crc32c-aarch64"
# clang (what SwiftPM compiles C with) must accept the arm64 branch too.
if command -v clang >/dev/null 2>&1; then
    clang --target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu -O2 -Wall -Wextra -Werror \
        -I Sources/CArchivistCRC/include -c Sources/CArchivistCRC/CArchivistCRC.c -o "$out/clang-aarch64.o"
    echo "clang compiles the aarch64 branch"
fi
