import Foundation
import GamePackContent
import GamePackFormat

/// An exclusive `flock(2)` lock on a file in a static tree, held by one `publish --out` at a
/// time so that two publishes of one tree never interleave (one could otherwise read the
/// channel's sequence, the other move it, and the first roll it back). Released by `release()`
/// or when the process ends, even by `kill -9`: the kernel drops the lock with the descriptor.
///
/// The lock file stays (an empty hidden file); removing it would let a third publisher lock a
/// new file while a second still holds the old one.
final class TreeLock {
    /// The lock file.
    let url: URL
    private var descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    /// Opens (creating) `url` and waits for the exclusive lock on it.
    /// - Throws: `GamePackError.io` when the file cannot be opened, or when its file system has
    ///   no `flock` (some network file systems), naming the fix.
    static func acquire(_ url: URL) throws -> TreeLock {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw GamePackError.io(
                path: url.path, reason: "cannot open the publish lock file (\(String(cString: strerror(errno))))")
        }
        if Interruptible.retry({ flock(descriptor, LOCK_EX) }) != 0 {
            let code = errno
            close(descriptor)
            if code == ENOLCK || code == EOPNOTSUPP || code == EINVAL || code == ENOSYS {
                throw GamePackError.io(
                    path: url.path,
                    reason: "this file system does not support flock locks (\(String(cString: strerror(code)))), so two "
                        + "publishes could roll the channel back; publish into a folder on a local file system and "
                        + "copy or sync it to the share afterwards")
            }
            throw GamePackError.io(path: url.path, reason: "cannot lock the tree (\(String(cString: strerror(code))))")
        }
        return TreeLock(url: url, descriptor: descriptor)
    }

    /// Releases the lock (also done on deinit).
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
