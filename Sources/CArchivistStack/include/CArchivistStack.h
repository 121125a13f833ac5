#ifndef CARCHIVIST_STACK_H
#define CARCHIVIST_STACK_H

#include <stdint.h>

/// The lowest usable address of the calling thread's stack (stacks grow down on every supported
/// platform), or 0 when the system cannot say. Computed once per thread and cached in
/// thread-local storage, so later calls cost a load. Glibc's module map does not export
/// `pthread_getattr_np` to Swift, and Apple systems spell the query differently, hence this shim.
uintptr_t archivist_stack_low_bound(void);

#endif
