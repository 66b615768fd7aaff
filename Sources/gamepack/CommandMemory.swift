import CMallocTuning
import Foundation
import GamePackFormat

/// How a command that reads its input, writes its output and exits (`lint`, `build`, `diff`,
/// …) sets glibc's malloc: heaps grow by `heapTopPad` bytes at a time, and blocks under
/// `mmapThreshold` come from them.
///
/// Such a command allocates hundreds of thousands of small blocks on two or more threads. A
/// thread's heap otherwise grows by the page or two each allocation lacks, one `mprotect` call
/// each: 4,149 calls in a `diff` of two 8 MB content files, 22 with a 32 MB pad (`strace -c`,
/// 2026-11-29), and 2 to 7% of the wall time of `lint` and `diff` (`benchmarks/README.md`,
/// "Heap growth"). The pad is 64 MB, the most a thread's heap holds (glibc's `HEAP_MAX_SIZE` on
/// 64-bit systems): glibc pads a thread's heap only when it makes one, so with 32 MB a heap
/// grew page by page past its first half, 13,792 calls in a `diff` of two 26 MB content files
/// (2026-12-04, "Thread heaps made whole"); with 64 MB, none. Setting the pad stops glibc from raising its mmap threshold as large blocks
/// are freed, so the thresholds are fixed too, as glibc would raise them (its ceiling, 32 MB;
/// trimming beyond twice that): with the pad alone, a build of `legacy-photos/20000` mapped and
/// unmapped 9,805 blocks instead of 131, and took 10% longer. Address space is reserved, not
/// memory: a page is touched only when a block uses it. The servers (`serve`, `preview`,
/// `studio`) are `LongRunningCommand`s and keep glibc's defaults or `ServerMemory`'s.
enum CommandMemory {
    static let heapTopPad = 64 << 20
    static let mmapThreshold = 32 << 20
    static let trimThreshold = 64 << 20

    /// Sets the pad and the thresholds, unless `GLIBC_TUNABLES` in `environment` sets malloc's
    /// own (an operator's choice wins). Returns whether they were set; false off glibc, too.
    @discardableResult
    static func tuneForOneShot(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if MallocTunables.setByOperator(in: environment) { return false }
        return gamepack_malloc_keep_large_buffers(mmapThreshold, trimThreshold) == 1
            && gamepack_malloc_pad_heap_tops(heapTopPad) == 1
    }
}

/// A command that runs until it is stopped (a server), whose memory `CommandMemory` leaves alone.
/// The command that runs conforms, not its group: `gamepack serve` runs `ServeRunCommand`.
protocol LongRunningCommand {}
