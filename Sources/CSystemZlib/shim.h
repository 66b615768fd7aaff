// The zlib header gamepack uses (deflate and crc32 in GamePackFormat's ZipWriter), for Swift
// (system library target `CSystemZlib`). Not named `CZlib`: ZIPFoundation already has a module
// of that name for its own use, and gamepack should not lean on another package's internals.
#ifndef GAMEPACK_CSYSTEMZLIB_SHIM_H
#define GAMEPACK_CSYSTEMZLIB_SHIM_H

#include <zlib.h>

#endif
