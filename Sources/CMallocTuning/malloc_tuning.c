#include "malloc_tuning.h"

#include <limits.h>  // first: by way of <features.h>, it defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int gamepack_malloc_keep_large_buffers(size_t mmap_threshold, size_t trim_threshold) {
#if defined(__GLIBC__)
    if (mmap_threshold > INT_MAX || trim_threshold > INT_MAX) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold) == 1 && mallopt(M_TRIM_THRESHOLD, (int)trim_threshold) == 1;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}

int gamepack_malloc_pad_heap_tops(size_t pad) {
#if defined(__GLIBC__)
    if (pad > INT_MAX) return 0;
    return mallopt(M_TOP_PAD, (int)pad) == 1;
#else
    (void)pad;
    return 0;
#endif
}
