#include "CArchivistCRC.h"

// Each architecture gives its two instructions (one byte, eight bytes) and its detection; one loop
// below uses them.

#if defined(__x86_64__)

#include <nmmintrin.h>

#define CRC_TARGET __attribute__((target("sse4.2")))

CRC_TARGET static inline uint32_t step_byte(uint32_t crc, unsigned char byte) {
    return _mm_crc32_u8(crc, byte);
}

CRC_TARGET static inline uint32_t step_half_word(uint32_t crc, uint32_t half_word) {
    return _mm_crc32_u32(crc, half_word);
}

CRC_TARGET static inline uint32_t step_word(uint32_t crc, uint64_t word) {
    return (uint32_t)_mm_crc32_u64(crc, word);
}

static int detect(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

#define ARCHIVIST_CRC32C_INSTRUCTIONS 1

#elif defined(__aarch64__) || defined(__arm64__)

#include <arm_acle.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif
#endif

#define CRC_TARGET __attribute__((target("+crc")))

CRC_TARGET static inline uint32_t step_byte(uint32_t crc, unsigned char byte) {
    return __crc32cb(crc, byte);
}

CRC_TARGET static inline uint32_t step_half_word(uint32_t crc, uint32_t half_word) {
    return __crc32cw(crc, half_word);
}

CRC_TARGET static inline uint32_t step_word(uint32_t crc, uint64_t word) {
    return __crc32cd(crc, word);
}

static int detect(void) {
#if defined(__APPLE__) || defined(__ARM_FEATURE_CRC32)
    return 1;
#elif defined(__linux__)
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0 ? 1 : 0;
#else
    return 0;
#endif
}

#define ARCHIVIST_CRC32C_INSTRUCTIONS 1

#endif

#if defined(ARCHIVIST_CRC32C_INSTRUCTIONS)

/// Eight bytes a step, then four, then single bytes, ORing every byte read into *seen so a caller
/// learns from the same pass whether the bytes are all ASCII (no high bit). No alignment
/// prologue: both architectures load unaligned words at full speed, and the log's records are
/// short, so a prologue of up to seven single-byte steps (each waiting for the last) cost more
/// than it saved. (ORing costs one instruction per step; inlined where *seen is ignored, none.)
CRC_TARGET static inline uint32_t crc32c_instructions_seeing(uint32_t crc, const unsigned char *p, size_t count,
                                                             uint64_t *seen) {
    uint64_t bits = 0;
    while (count >= 8) {
        uint64_t word;
        __builtin_memcpy(&word, p, 8);
        crc = step_word(crc, word);
        bits |= word;
        p += 8;
        count -= 8;
    }
    if (count >= 4) {
        uint32_t half;
        __builtin_memcpy(&half, p, 4);
        crc = step_half_word(crc, half);
        bits |= half;
        p += 4;
        count -= 4;
    }
    while (count > 0) {
        crc = step_byte(crc, *p);
        bits |= *p++;
        count--;
    }
    *seen = bits;
    return crc;
}

/// The checksum alone.
CRC_TARGET static uint32_t crc32c_instructions(uint32_t crc, const unsigned char *p, size_t count) {
    uint64_t ignored;
    return crc32c_instructions_seeing(crc, p, count, &ignored);
}

/// -1 until detected; then 0 or 1. Racing first calls all store the same value.
static int cached = -1;

int archivist_crc32c_hardware_available(void) {
    int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (value < 0) {
        value = detect();
        __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
    }
    return value;
}

uint32_t archivist_crc32c_hardware(uint32_t state, const void *bytes, size_t count) {
    if (archivist_crc32c_hardware_available() != 1 || bytes == NULL) return state;
    return crc32c_instructions(state, (const unsigned char *)bytes, count);
}

/// Both parts of `archivist_crc32c_hardware_pair` in one function with the instructions enabled,
/// so the loops inline into it: every record of a log opened pays one call here, not three.
CRC_TARGET static uint32_t crc32c_instructions_pair(uint32_t crc, const unsigned char *first, size_t first_count,
                                                    const unsigned char *second, size_t second_count,
                                                    int *second_is_ascii) {
    uint64_t ignored;
    crc = crc32c_instructions_seeing(crc, first, first_count, &ignored);
    if (second_is_ascii == NULL) return crc32c_instructions_seeing(crc, second, second_count, &ignored);
    uint64_t seen = 0;
    crc = crc32c_instructions_seeing(crc, second, second_count, &seen);
    *second_is_ascii = (seen & UINT64_C(0x8080808080808080)) == 0;
    return crc;
}

int archivist_crc32c_hardware_pair(uint32_t *state, const void *first, size_t first_count,
                                   const void *second, size_t second_count, int *second_is_ascii) {
    if (archivist_crc32c_hardware_available() != 1 || first == NULL || second == NULL) return 0;
    *state = crc32c_instructions_pair(*state, (const unsigned char *)first, first_count,
                                      (const unsigned char *)second, second_count, second_is_ascii);
    return 1;
}

#else

int archivist_crc32c_hardware_available(void) { return 0; }

uint32_t archivist_crc32c_hardware(uint32_t state, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return state;
}

int archivist_crc32c_hardware_pair(uint32_t *state, const void *first, size_t first_count,
                                   const void *second, size_t second_count, int *second_is_ascii) {
    (void)state;
    (void)first;
    (void)first_count;
    (void)second;
    (void)second_count;
    (void)second_is_ascii;
    return 0;
}

#endif
