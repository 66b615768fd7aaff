#ifndef GAMEPACK_CMALLOCTUNING_H
#define GAMEPACK_CMALLOCTUNING_H

#include <stddef.h>

/// Fixes glibc's malloc thresholds for a long-running process: blocks smaller than
/// `mmap_threshold` bytes come from the heap instead of a fresh mapping each, and free memory
/// at the top of a heap is handed back to the kernel only beyond `trim_threshold` bytes (both
/// `mallopt`; glibc otherwise moves them as blocks are freed and then returns, and faults in
/// again, the pages of every buffer of a megabyte or two). Returns 1 when both were set, 0 when
/// malloc is not glibc's or refused one of them.
int gamepack_malloc_keep_large_buffers(size_t mmap_threshold, size_t trim_threshold);

#endif
