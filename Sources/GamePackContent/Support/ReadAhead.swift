import Foundation
import GamePackFormat

/// Asks the kernel to start reading files into the page cache while other work goes on, so that
/// reading them later finds them there instead of waiting for the disk (on a CI runner or after
/// the system dropped them from its cache, most of the time of reading many small files).
/// Only a hint: failures are ignored, and nothing is read by the process itself. When a sample
/// of the files is in the page cache already (a second run, an editor's machine), it asks for
/// nothing: four system calls per file that would gain nothing.
package enum ReadAhead {
    /// Files looked at to tell whether the page cache holds the rest.
    static let sampleSize = 8

    /// Starts reading the file at `path`: all of it, or when `head` is given, its first `head`
    /// bytes and its last page (what `MediaProbe` looks at).
    package static func start(_ path: String, head: Int? = nil) {
        // O_NONBLOCK: opening a pipe must not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard let head else {
            _ = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)
            return
        }
        guard let size = RegularFile.size(of: fd) else { return }
        _ = posix_fadvise(fd, 0, off_t(min(head, size)), POSIX_FADV_WILLNEED)
        if size > head { _ = posix_fadvise(fd, off_t(max(head, size - 4096)), 4096, POSIX_FADV_WILLNEED) }
    }

    /// Starts reading each file of `paths` (as `start` does) on a thread of its own, and
    /// returns at once; asks for nothing when `sampleIsCached` finds them in the page cache.
    package static func startInBackground(_ paths: [String], head: Int? = nil) {
        guard !paths.isEmpty else { return }
        Thread.detachNewThread {
            guard !sampleIsCached(paths) else { return }
            for path in paths { start(path, head: head) }
        }
    }

    /// Whether the first page of each of up to `sampleSize` files spread over `paths` is in the
    /// page cache.
    static func sampleIsCached(_ paths: [String]) -> Bool {
        let count = min(sampleSize, paths.count)
        return (0..<count).allSatisfy { isCached(paths[$0 * paths.count / count]) }
    }

    /// Whether the first page of the file at `path` is in the page cache (`mincore`); false
    /// when it cannot tell (an empty file, a pipe, a file it cannot open).
    static func isCached(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard let size = RegularFile.size(of: fd), size > 0 else { return false }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let map = mmap(nil, page, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { return false }
        defer { munmap(map, page) }
        var resident: UInt8 = 0
        return mincore(map, page, &resident) == 0 && resident & 1 == 1
    }
}
