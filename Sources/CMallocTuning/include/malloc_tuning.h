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

/// Makes glibc's malloc grow a heap by at least `pad` bytes at a time (`mallopt(M_TOP_PAD)`),
/// for a process that allocates many small blocks and exits: a thread's heap otherwise grows
/// page by page, with one `mprotect` call for each (thousands in a diff of two content files).
/// The pages are not touched until used. Setting it also fixes glibc's sliding mmap and trim
/// thresholds where they are; set them with `gamepack_malloc_keep_large_buffers`. Returns 1
/// when set, 0 when malloc is not glibc's or refused it.
int gamepack_malloc_pad_heap_tops(size_t pad);

#endif
