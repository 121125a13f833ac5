#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CArchivistStack.h"
#include <pthread.h>

static _Thread_local uintptr_t cached_low_bound = 0;
static _Thread_local int cached = 0;

static uintptr_t query_low_bound(void) {
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    uintptr_t high = (uintptr_t)pthread_get_stackaddr_np(self);
    size_t size = pthread_get_stacksize_np(self);
    return size < high ? high - size : 0;
#elif defined(__linux__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    void *low = 0;
    size_t size = 0;
    int failed = pthread_attr_getstack(&attributes, &low, &size);
    size_t guard = 0;
    pthread_attr_getguardsize(&attributes, &guard);
    pthread_attr_destroy(&attributes);
    if (failed != 0) return 0;
    // The guard page sits at the low end of the reported range on Glibc.
    return (uintptr_t)low + guard;
#else
    return 0;
#endif
}

uintptr_t archivist_stack_low_bound(void) {
    if (!cached) {
        cached_low_bound = query_low_bound();
        cached = 1;
    }
    return cached_low_bound;
}
