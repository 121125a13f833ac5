#include "CArchivistXattr.h"

#include <errno.h>
#include <sys/xattr.h>

int archivist_set_xattr(const char *path, const char *name, const void *value, size_t size) {
#if defined(__APPLE__)
    return setxattr(path, name, value, size, 0, 0);
#else
    return setxattr(path, name, value, size, 0);
#endif
}

ssize_t archivist_get_xattr(const char *path, const char *name, void *value, size_t size) {
#if defined(__APPLE__)
    return getxattr(path, name, value, size, 0, 0);
#else
    return getxattr(path, name, value, size);
#endif
}

int archivist_xattr_absent_errno(void) {
#if defined(__APPLE__)
    return ENOATTR;
#else
    return ENODATA;
#endif
}
