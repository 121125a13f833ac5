#ifndef CARCHIVIST_CRC_H
#define CARCHIVIST_CRC_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU has CRC-32C instructions (SSE4.2 on x86_64, the CRC extension on arm64) that
/// `archivist_crc32c_hardware` can use. Detected once and cached; 0 on any other architecture.
int archivist_crc32c_hardware_available(void);

/// Advances the raw (not inverted) CRC-32C register `state` over `count` bytes at `bytes` with the
/// CPU's CRC-32C instructions. The caller inverts before and after, as for the table code.
/// Only call when `archivist_crc32c_hardware_available()` returned 1; otherwise returns `state`.
uint32_t archivist_crc32c_hardware(uint32_t state, const void *bytes, size_t count);

/// Advances `*state` like `archivist_crc32c_hardware` over `first_count` bytes at `first`, then
/// `second_count` bytes at `second` (a record's length field and its payload, which are not
/// adjacent), in one call. Returns 1, or 0 without touching `*state` when the CPU has no CRC-32C
/// instructions (or a pointer is NULL). When `second_is_ascii` is not NULL, it is set to 1 when
/// no byte of `second` has its high bit set and to 0 otherwise, found in the same pass.
int archivist_crc32c_hardware_pair(uint32_t *state, const void *first, size_t first_count,
                                   const void *second, size_t second_count, int *second_is_ascii);

#endif
