#ifndef GAMEPACK_CCRC32C_H
#define GAMEPACK_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// The CRC-32C (Castagnoli; iSCSI, ext4) of `count` bytes at `bytes`, continuing from `crc` (0
/// to start). Uses the processor's CRC32C instructions when it has them (SSE4.2 on x86-64, the
/// CRC extension on AArch64), else a portable loop; both give the same value.
uint32_t gamepack_crc32c(uint32_t crc, const uint8_t *bytes, size_t count);

/// The same, always with the portable loop (for tests that compare the two).
uint32_t gamepack_crc32c_portable(uint32_t crc, const uint8_t *bytes, size_t count);

#endif
