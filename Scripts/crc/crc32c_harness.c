// Checks CArchivistCRC's instruction path against a bit-at-a-time reference on a CPU this
// machine may not have (run under qemu-user by Scripts/crc-cross-check.sh): the check value of
// "123456789", every length 0...300 at 16 start offsets (also as a 4-byte piece and the rest, through
// archivist_crc32c_hardware_pair), and one 4 KiB buffer.
#include "CArchivistCRC.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t reference(uint32_t crc, const unsigned char *p, size_t n) {
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++) crc = (crc & 1) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return ~crc;
}

int main(void) {
    int available = archivist_crc32c_hardware_available();
    printf("hardware available: %d\n", available);
    if (!available) return 2;
    const char *check = "123456789";
    uint32_t got = ~archivist_crc32c_hardware(~0u, check, 9);
    printf("check value: %08x (want e3069283)\n", got);
    if (got != 0xE3069283u) return 1;
    static unsigned char buffer[4096 + 16];
    srand(7);
    for (size_t i = 0; i < sizeof buffer; i++) buffer[i] = (unsigned char)rand();
    int failures = 0;
    int checks = 1;
    for (size_t offset = 0; offset < 16; offset++) {
        for (size_t length = 0; length <= 300; length++) {
            uint32_t want = reference(0, buffer + offset, length);
            uint32_t have = ~archivist_crc32c_hardware(~0u, buffer + offset, length);
            if (want != have) failures++;
            checks++;
            if (length >= 4) {
                checks++;
                uint32_t pair = ~0u;
                if (!archivist_crc32c_hardware_pair(&pair, buffer + offset, 4, buffer + offset + 4, length - 4, NULL)
                    || ~pair != want) failures++;
                // The same, noting whether the second part is ASCII: the random bytes masked to
                // ASCII, with one high bit set at each position in turn.
                unsigned char ascii[300];
                for (size_t i = 0; i < length - 4; i++) ascii[i] = buffer[offset + 4 + i] & 0x7F;
                for (size_t high = 0; high <= length - 4; high++) {
                    if (high < length - 4) ascii[high] |= 0x80;
                    unsigned char joined[304];
                    memcpy(joined, buffer + offset, 4);
                    memcpy(joined + 4, ascii, length - 4);
                    uint32_t noted = ~0u;
                    int is_ascii = -1;
                    if (!archivist_crc32c_hardware_pair(&noted, joined, 4, ascii, length - 4, &is_ascii)
                        || ~noted != reference(0, joined, length)
                        || is_ascii != (high == length - 4)) failures++;
                    checks++;
                    if (high < length - 4) ascii[high] &= 0x7F;
                }
            }
        }
    }
    uint32_t whole = ~archivist_crc32c_hardware(~0u, buffer, 4096);
    if (whole != reference(0, buffer, 4096)) failures++;
    printf("mismatches: %d of %d\n", failures, checks);
    return failures == 0 ? 0 : 1;
}
