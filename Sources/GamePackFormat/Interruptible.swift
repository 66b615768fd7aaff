import Foundation

/// A system call that failed, with the system's error number and words ("Permission denied").
public struct SystemCallError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// The system's error number.
    public var code: Int32
    public init(errno code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
    public var errorDescription: String? { description }
}

/// The one place where a system call is made again when a signal interrupted it (`EINTR`):
/// every layer's reads, writes and locks go through it, so that none fails on a harmless signal
/// (a profiler's, a terminal resize) and no loop of its own forgets the case.
public enum Interruptible {
    /// `call`, made again while it fails with `EINTR`. Returns its result, `errno` as it left it.
    @inlinable
    public static func retry<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Reads from `fd` until `buffer` is full or the file ends: from `offset` with `pread` when
    /// given, else from the file's position with `read`.
    /// - Returns: the number of bytes read, fewer than `buffer.count` only at the file's end.
    /// - Throws: `SystemCallError` when a read fails.
    @inlinable
    public static func readFully(
        _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil
    ) throws(SystemCallError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let count = retry {
                if let offset {
                    pread(fd, base + done, buffer.count - done, off_t(offset + done))
                } else {
                    read(fd, base + done, buffer.count - done)
                }
            }
            if count == 0 { break }
            guard count > 0 else { throw SystemCallError(errno: errno) }
            done += count
        }
        return done
    }

    /// Writes all of `bytes` to `fd` from its position.
    /// - Throws: `SystemCallError` when a write fails.
    @inlinable
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let count = retry { write(fd, base + done, bytes.count - done) }
            // A write of no bytes with some left would loop for ever: the device is full.
            guard count > 0 else { throw SystemCallError(errno: count == 0 ? ENOSPC : errno) }
            done += count
        }
    }

    /// Creates the file at `path`, which must not exist, with `bytes` and permissions `mode`:
    /// plain POSIX calls, where `FileManager.createFile` and `Data.write` fsync every file
    /// (thousands of files took seconds). A file that cannot be written whole is removed.
    /// - Throws: `SystemCallError` when the file exists, or a call fails.
    public static func createFile(_ path: String, _ bytes: UnsafeRawBufferPointer, mode: mode_t = 0o644)
        throws(SystemCallError)
    {
        let fd = retry { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw SystemCallError(errno: errno) }
        do throws(SystemCallError) {
            try writeAll(fd, bytes)
            // open's mode is cut by the umask; the file gets the one asked for.
            guard fchmod(fd, mode) == 0 else { throw SystemCallError(errno: errno) }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let error = SystemCallError(errno: errno)
            unlink(path)
            throw error
        }
    }
}
