#include "CArchivistCRC.h"


#if defined(__x86_64__)

#include <nmmintrin.h>

__attribute__((target("sse4.2")))
static uint32_t crc32c_sse42(uint32_t state, const unsigned char *p, size_t count) {
    uint64_t crc = state;
    while (count > 0 && ((uintptr_t)p & 7) != 0) {
        crc = _mm_crc32_u8((uint32_t)crc, *p++);
        count--;
    }
    while (count >= 8) {
        uint64_t word;
        __builtin_memcpy(&word, p, 8);
        crc = _mm_crc32_u64(crc, word);
        p += 8;
        count -= 8;
    }
    while (count > 0) {
        crc = _mm_crc32_u8((uint32_t)crc, *p++);
        count--;
    }
    return (uint32_t)crc;
}

static int detect(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

#define ARCHIVIST_CRC32C_HARDWARE crc32c_sse42

#elif defined(__aarch64__) || defined(__arm64__)

#include <arm_acle.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif
#endif

__attribute__((target("crc")))
static uint32_t crc32c_arm(uint32_t state, const unsigned char *p, size_t count) {
    uint32_t crc = state;
    while (count > 0 && ((uintptr_t)p & 7) != 0) {
        crc = __crc32cb(crc, *p++);
        count--;
    }
    while (count >= 8) {
        uint64_t word;
        __builtin_memcpy(&word, p, 8);
        crc = __crc32cd(crc, word);
        p += 8;
        count -= 8;
    }
    while (count > 0) {
        crc = __crc32cb(crc, *p++);
        count--;
    }
    return crc;
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

#define ARCHIVIST_CRC32C_HARDWARE crc32c_arm

#endif

#if defined(ARCHIVIST_CRC32C_HARDWARE)

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
    return ARCHIVIST_CRC32C_HARDWARE(state, (const unsigned char *)bytes, count);
}

#else

int archivist_crc32c_hardware_available(void) { return 0; }

uint32_t archivist_crc32c_hardware(uint32_t state, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return state;
}

#endif
