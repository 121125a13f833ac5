#ifndef CARCHIVIST_XATTR_H
#define CARCHIVIST_XATTR_H

#include <stddef.h>
#include <sys/types.h>

/// Sets the extended attribute `name` of the file at `path` (following symbolic links).
/// Returns 0, or -1 with errno set (ENOTSUP when the file system has no user attributes).
/// One signature on Linux and Apple systems, whose setxattr differ; Glibc's module map does not
/// export <sys/xattr.h> to Swift, hence this shim.
int archivist_set_xattr(const char *path, const char *name, const void *value, size_t size);

/// Reads the extended attribute `name` of the file at `path` into `value` (`size` bytes at most).
/// Returns the attribute's length, or -1 with errno set (ENODATA/ENOATTR when absent, ERANGE when
/// `size` is too small). With `size` 0 and `value` NULL, returns the length only.
ssize_t archivist_get_xattr(const char *path, const char *name, void *value, size_t size);

/// The errno value meaning "no such attribute" on this system (ENODATA on Linux, ENOATTR on Apple).
int archivist_xattr_absent_errno(void);

#endif
