// Driver of benchmarks/crc32c-speed.sh: CRC-32C of MEGABYTES MiB in 1 MiB chunks, RUNS times,
// with Sources/CCRC32C's gamepack_crc32c (the check of every PostgreSQL chunk read) and its
// portable table loop; prints MB/s (MiB per second) of the best run of each and the checksum of
// the last chunk, which crc32c-speed.sh compares with the Python peer's.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "CCRC32C.h"

static double now(void) {
    struct timespec at;
    clock_gettime(CLOCK_MONOTONIC, &at);
    return at.tv_sec + at.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    size_t megabytes = argc > 1 ? strtoul(argv[1], NULL, 10) : 512;
    int runs = argc > 2 ? atoi(argv[2]) : 3;
    const size_t chunk = 1 << 20;
    uint8_t *bytes = malloc(chunk);
    if (!bytes) return 1;
    uint32_t state = 1;
    for (size_t index = 0; index < chunk; index++) {  // the same bytes as the Python side: xorshift32
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        bytes[index] = (uint8_t)state;
    }
    struct {
        const char *name;
        uint32_t (*function)(uint32_t, const uint8_t *, size_t);
        size_t megabytes;
    } paths[] = {{"gamepack_crc32c", gamepack_crc32c, megabytes}, {"portable table", gamepack_crc32c_portable, megabytes / 16 + 1}};
    for (size_t path = 0; path < 2; path++) {
        double best = 0;
        uint32_t crc = 0;
        for (int run = 0; run < runs; run++) {
            double start = now();
            for (size_t count = 0; count < paths[path].megabytes; count++) crc = paths[path].function(0, bytes, chunk);
            double rate = paths[path].megabytes / (now() - start);
            if (rate > best) best = rate;
        }
        printf("%s\t%.0f\t%08x\n", paths[path].name, best, crc);
    }
    free(bytes);
    return 0;
}
