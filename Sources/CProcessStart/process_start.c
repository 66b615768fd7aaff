// Before `main`: `gamepack diff` and `gamepack lint` restart themselves, once, with glibc's
// malloc tunables set for huge pages.
//
// Both commands allocate a few hundred megabytes of small blocks on two or more threads and
// exit. Each fresh 4 KB page of heap costs a page fault: 30,000 in a diff of two 26 MB content
// files, about a sixth of its samples (`benchmarks/README.md`, "Heaps in huge pages"). glibc
// asks for transparent huge pages on its heaps (`madvise(MADV_HUGEPAGE)`) only when the
// `glibc.malloc.hugetlb` tunable is set, and tunables are read from `GLIBC_TUNABLES` once, as
// the process starts: no `mallopt` sets them. So the process sets that variable and executes
// itself again (`/proc/self/exe`, the same arguments); the restarted process removes the
// variable again, so that the programs it runs (git) get the environment as it was.
//
// The pad (`top_pad`) of 64 MB, glibc's largest heap, makes each thread's heap writable whole
// as it is made (address space, not memory: a huge page is touched only when used); the
// thresholds are those `CommandMemory` sets.
//
// Nothing is done when the operator set `GLIBC_TUNABLES` (their choice wins, as in
// `CommandMemory`; `GLIBC_TUNABLES=glibc.malloc.hugetlb=0` keeps glibc's pages), when
// `LD_PRELOAD` is set (another malloc, or valgrind's, whose `/proc/self/exe` is not gamepack),
// for a set-user-ID start (tunables are ignored there), or when the restart fails (the command
// then runs as it is).
#include "process_start.h"

#include <limits.h>  // first: by way of <features.h>, it defines __GLIBC__ on glibc
#if defined(__linux__) && defined(__GLIBC__)
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

static const char tunables_variable[] = "GLIBC_TUNABLES";
static const char tunables[] =
    "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864:glibc.malloc.mmap_threshold=33554432:"
    "glibc.malloc.trim_threshold=67108864";
/// Set for the restarted process only, which removes it.
static const char restart_marker[] = "GAMEPACK_RESTARTED_WITH_TUNABLES";
/// The commands measured faster in huge pages (`build`, measured, was not).
static const char *const restarted_commands[] = {"diff", "lint", NULL};

static int restarted = 0;

static int is_restarted_command(const char *name) {
    for (int index = 0; restarted_commands[index] != NULL; index++) {
        if (strcmp(name, restarted_commands[index]) == 0) return 1;
    }
    return 0;
}

__attribute__((constructor)) static void gamepack_process_start(int argc, char **argv, char **envp) {
    (void)envp;
    if (getenv(restart_marker) != NULL) {
        restarted = 1;
        unsetenv(restart_marker);
        unsetenv(tunables_variable);
        return;
    }
    if (argc < 2 || argv[1] == NULL || !is_restarted_command(argv[1])) return;
    if (getenv(tunables_variable) != NULL || getenv("LD_PRELOAD") != NULL || getauxval(AT_SECURE) != 0) return;
    if (setenv(tunables_variable, tunables, 1) == 0 && setenv(restart_marker, "1", 1) == 0) {
        execv("/proc/self/exe", argv);
    }
    // Not restarted: run as it is, the environment as it was.
    unsetenv(restart_marker);
    unsetenv(tunables_variable);
}

int gamepack_process_restarted_with_tunables(void) { return restarted; }
#else
int gamepack_process_restarted_with_tunables(void) { return 0; }
#endif
