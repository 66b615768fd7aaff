import Foundation

/// The files a target read in a first pass over its output (one that only hashes it), each with
/// what `fstat` said of it then: size, inode, and modification and change times. The second
/// pass, which writes the same bytes into the pack, checks every file it reads again against
/// its stamp, so that a file edited between the passes stops the build instead of giving a
/// pack whose bytes differ from the version and CRC-32 the first pass computed.
package final class ReadStamps: @unchecked Sendable {
    private struct Stamp: Equatable {
        var size: Int64
        var inode: UInt64
        var modified: Int64
        var changed: Int64
    }

    private let lock = NSLock()
    private var stamps: [String: Stamp] = [:]
    private var checking = false

    package init() {}

    /// From now on `note` checks instead of recording.
    package func startChecking() { lock.withLock { checking = true } }

    /// Whether `note` checks (the second pass) and `path` was read in the first pass.
    package func wasRead(_ path: String) -> Bool { lock.withLock { checking && stamps[path] != nil } }

    /// Records the stamp of the file open at `fd` (read from `path`), or, in the second pass,
    /// throws when it differs from the one recorded.
    package func note(_ fd: Int32, path: String) throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw GamePackError.io(path: path, reason: "cannot read (\(String(cString: strerror(errno))))")
        }
        let stamp = Stamp(
            size: Int64(info.st_size), inode: UInt64(info.st_ino),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
        try lock.withLock {
            guard checking else {
                stamps[path] = stamp
                return
            }
            guard stamps[path] == stamp else {
                throw GamePackError.io(path: path, reason: "changed while the pack was being built; build again")
            }
        }
    }
}
