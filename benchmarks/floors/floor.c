// The floors of benchmarks/floors.sh: how fast this machine can do the least work each gamepack
// command must do, measured on the same input as the command. Not part of the package.
//
//   floor lint PROJECT   read every source file once and parse it with libyaml's event API and
//                        nothing else; read every asset's header once (its first 16 KiB and
//                        last 16 bytes, as gamepack's MediaProbe reads them)
//   floor read PATH...   read every file under each PATH once
//   floor build PROJECT [BYTES]
//                        read every file of PROJECT once and compute what a gohike pack needs:
//                        each asset's base64 text, and over all of it and every source file
//                        (content.json is that text) MD5 twice and SHA-256 once: the version is
//                        the MD5 of the profiles, and the manifest lists content.json's own MD5
//                        and SHA-256; the file starts with the version, so its MD5 cannot share
//                        the first pass. BYTES is the size of the pack's content.json, which
//                        holds a location's photo once per route through it and so is larger
//                        than those texts: the digests go on over zeros until they have taken
//                        BYTES (a digest's time does not depend on what the bytes are)
//   floor rates          MD5 and SHA-256 (OpenSSL) and base64 (gamepack's own CBase64) in MB/s
//                        over 64 MiB, the best of 3
//
// Each prints one line of `key=value` pairs; seconds are wall time to the microsecond.
// Directories are walked with readdir's d_type, without a stat per entry.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

#include "CBase64.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void die(const char *what, const char *path) {
    fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
    exit(2);
}

static unsigned char *buffer;
static size_t capacity;

// Reads the whole file at `path` into the shared buffer; returns its size.
static size_t read_all(int dir, const char *name, const char *path) {
    int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die("open", path);
    size_t size = 0;
    for (;;) {
        if (size == capacity) {
            capacity = capacity ? capacity * 2 : 1 << 20;
            buffer = realloc(buffer, capacity);
            if (!buffer) die("realloc", path);
        }
        ssize_t n = read(fd, buffer + size, capacity - size);
        if (n < 0) die("read", path);
        if (n == 0) break;
        size += (size_t)n;
    }
    close(fd);
    return size;
}

// Reads an asset's first 16 KiB and last 16 bytes, as MediaProbe does.
static size_t read_header(int dir, const char *name, const char *path) {
    unsigned char head[16384], tail[16];
    int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die("open", path);
    ssize_t n = read(fd, head, sizeof head);
    if (n < 0) die("read", path);
    off_t end = lseek(fd, 0, SEEK_END);
    if (end > (off_t)sizeof tail && pread(fd, tail, sizeof tail, end - (off_t)sizeof tail) < 0) die("read", path);
    close(fd);
    return (size_t)n;
}

static long events;

static void parse_yaml(size_t size, const char *path) {
    yaml_parser_t parser;
    yaml_event_t event;
    if (!yaml_parser_initialize(&parser)) die("libyaml", path);
    yaml_parser_set_input_string(&parser, buffer, size);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "floor: %s: %s\n", path, parser.problem ? parser.problem : "YAML error");
            exit(1);
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
}

static int has_suffix(const char *name, const char *suffix) {
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && strcmp(name + n - s, suffix) == 0;
}

enum mode { LINT, READ, BUILD };
static EVP_MD_CTX *md5, *md5_file, *sha256;
static unsigned char *encoded;
static size_t encoded_capacity;

// Bytes fed to the digests so far.
static size_t hashed;

// Feeds a build's bytes to the three digests.
static void digest(const unsigned char *data, size_t size) {
    hashed += size;
    EVP_DigestUpdate(md5, data, size);
    EVP_DigestUpdate(md5_file, data, size);
    EVP_DigestUpdate(sha256, data, size);
}

static long files, headers;
static size_t bytes;

// Walks `path` (a directory, opened as `fd`); in lint mode files below a folder named
// `assets` are assets, `.yaml`/`.yml` files are sources, and dot folders are skipped.
static void walk(int fd, const char *path, enum mode mode, int in_assets) {
    DIR *dir = fdopendir(fd);
    if (!dir) die("opendir", path);
    struct dirent *entry;
    char child[4096];
    while ((entry = readdir(dir))) {
        const char *name = entry->d_name;
        if (name[0] == '.') continue;
        snprintf(child, sizeof child, "%s/%s", path, name);
        unsigned char type = entry->d_type;
        if (type == DT_UNKNOWN) {
            struct stat st;
            if (fstatat(dirfd(dir), name, &st, 0) != 0) die("stat", child);
            type = S_ISDIR(st.st_mode) ? DT_DIR : DT_REG;
        }
        if (type == DT_DIR) {
            int sub = openat(dirfd(dir), name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (sub < 0) die("open", child);
            walk(sub, child, mode, in_assets || strcmp(name, "assets") == 0);
        } else if (type == DT_REG) {
            if (mode == READ) {
                bytes += read_all(dirfd(dir), name, child);
                files++;
            } else if (mode == BUILD) {
                size_t size = read_all(dirfd(dir), name, child);
                bytes += size;
                files++;
                if (in_assets) {
                    size_t need = gamepack_base64_length(size, 0);
                    if (need > encoded_capacity) {
                        encoded_capacity = need * 2;
                        encoded = realloc(encoded, encoded_capacity);
                        if (!encoded) die("realloc", child);
                    }
                    digest(encoded, gamepack_base64_encode(buffer, size, encoded, 0));
                } else {
                    digest(buffer, size);
                }
            } else if (in_assets) {
                bytes += read_header(dirfd(dir), name, child);
                headers++;
            } else if (has_suffix(name, ".yaml") || has_suffix(name, ".yml")) {
                size_t size = read_all(dirfd(dir), name, child);
                bytes += size;
                files++;
                parse_yaml(size, child);
            }
        }
    }
    closedir(dir);
}

static void walk_path(const char *path, enum mode mode) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die("open", path);
    struct stat st;
    if (fstat(fd, &st) != 0) die("stat", path);
    if (S_ISDIR(st.st_mode)) {
        walk(fd, path, mode, 0);
    } else {
        close(fd);
        bytes += read_all(AT_FDCWD, path, path);
        files++;
    }
}

static double digest_rate(const EVP_MD *md, const unsigned char *data, size_t size) {
    double best = 0;
    for (int run = 0; run < 3; run++) {
        unsigned char out[EVP_MAX_MD_SIZE];
        unsigned int length;
        double start = now();
        EVP_Digest(data, size, out, &length, md, NULL);
        double rate = (double)size / (now() - start) / 1e6;
        if (rate > best) best = rate;
    }
    return best;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "lint") == 0) {
        double start = now();
        walk_path(argv[2], LINT);
        printf("seconds=%.6f sources=%ld events=%ld asset_headers=%ld bytes=%zu\n", now() - start, files, events,
               headers, bytes);
    } else if (argc >= 3 && strcmp(argv[1], "read") == 0) {
        double start = now();
        for (int i = 2; i < argc; i++) walk_path(argv[i], READ);
        printf("seconds=%.6f files=%ld bytes=%zu\n", now() - start, files, bytes);
    } else if ((argc == 3 || argc == 4) && strcmp(argv[1], "build") == 0) {
        char *end;
        size_t content_bytes = argc == 4 ? strtoull(argv[3], &end, 10) : 0;
        if (argc == 4 && (*argv[3] == 0 || *end != 0)) {
            fprintf(stderr, "floor: BYTES must be a whole number of bytes, not %s\n", argv[3]);
            return 2;
        }
        double start = now();
        md5 = EVP_MD_CTX_new(), md5_file = EVP_MD_CTX_new(), sha256 = EVP_MD_CTX_new();
        EVP_DigestInit_ex(md5, EVP_md5(), NULL);
        EVP_DigestInit_ex(md5_file, EVP_md5(), NULL);
        EVP_DigestInit_ex(sha256, EVP_sha256(), NULL);
        walk_path(argv[2], BUILD);
        // The rest of content.json's size, as a block of zeros fed again and again
        size_t block = 1 << 20;
        unsigned char *zeros = content_bytes > hashed ? calloc(1, block) : NULL;
        while (zeros && hashed < content_bytes) {
            digest(zeros, content_bytes - hashed < block ? content_bytes - hashed : block);
        }
        free(zeros);
        unsigned char out[EVP_MAX_MD_SIZE];
        unsigned int length;
        EVP_DigestFinal_ex(md5, out, &length);
        EVP_DigestFinal_ex(md5_file, out, &length);
        EVP_DigestFinal_ex(sha256, out, &length);
        printf("seconds=%.6f files=%ld bytes=%zu hashed=%zu\n", now() - start, files, bytes, hashed);
    } else if (argc == 2 && strcmp(argv[1], "rates") == 0) {
        size_t size = 64u << 20;
        unsigned char *data = malloc(size), *encoded = malloc(size / 3 * 4 + 8);
        uint64_t state = 0x9E3779B97F4A7C15ull;
        for (size_t i = 0; i < size; i++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            data[i] = (unsigned char)state;
        }
        double base64 = 0;
        for (int run = 0; run < 3; run++) {
            double start = now();
            gamepack_base64_encode(data, size, encoded, 0);
            double rate = (double)size / (now() - start) / 1e6;
            if (rate > base64) base64 = rate;
        }
        printf("md5_mb_s=%.1f sha256_mb_s=%.1f base64_mb_s=%.1f\n", digest_rate(EVP_md5(), data, size),
               digest_rate(EVP_sha256(), data, size), base64);
    } else {
        fprintf(stderr, "usage: floor lint PROJECT | floor read PATH... | floor build PROJECT [BYTES] | floor rates\n");
        return 2;
    }
    return 0;
}
