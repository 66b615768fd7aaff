import Foundation

/// Asks the kernel to start reading files into the page cache while other work goes on, so that
/// reading them later finds them there instead of waiting for the disk (on a CI runner or after
/// the system dropped them from its cache, most of the time of reading many small files).
/// Only a hint: failures are ignored, and nothing is read by the process itself.
package enum ReadAhead {
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
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        let size = Int(info.st_size)
        _ = posix_fadvise(fd, 0, off_t(min(head, size)), POSIX_FADV_WILLNEED)
        if size > head { _ = posix_fadvise(fd, off_t(max(head, size - 4096)), 4096, POSIX_FADV_WILLNEED) }
    }

    /// Starts reading the beginning and end of each file of `paths` on a thread of its own,
    /// and returns at once.
    package static func startInBackground(_ paths: [String], head: Int) {
        guard !paths.isEmpty else { return }
        Thread.detachNewThread {
            for path in paths { start(path, head: head) }
        }
    }
}
