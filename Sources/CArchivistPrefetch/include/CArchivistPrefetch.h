#ifndef CARCHIVIST_PREFETCH_H
#define CARCHIVIST_PREFETCH_H

/// Asks the CPU to start loading the cache line at `address` for a read soon: the basic-value
/// store's index touches one random slot of a large table per record it opens, and issuing
/// those loads a few records ahead hides their latency. Never faults, whatever the address.
/// Swift has no spelling for it; `static inline`, so the Swift compiler inlines it.
static inline void archivist_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

#endif
