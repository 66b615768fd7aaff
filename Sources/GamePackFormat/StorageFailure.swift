import Foundation

/// An error of the file system under a write or read: the disk is full (`ENOSPC`, `EDQUOT`),
/// the device failed (`EIO`), the file system is read-only (`EROFS`). These are I/O errors
/// wherever they happen (CLI exit status 2, HTTP 507 on the server), never a verdict on the
/// input being read, so every path that copies bytes out of a pack keeps them apart.
public struct StorageFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32
    /// What was being written or read (a path or a name), for the message.
    public var what: String

    public init(code: Int32, what: String) {
        self.code = code
        self.what = what
    }

    public var description: String {
        "\(what): \(String(cString: strerror(code)))"
            + (Self.isOutOfSpace(code) ? " (free some space or give a folder on another disk)" : "")
    }

    /// Whether `code` means no space is left (the disk or the user's quota is full).
    public static func isOutOfSpace(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// The `errno` values that are failures of the storage rather than of the request.
    public static let storageCodes: Set<Int32> = [ENOSPC, EDQUOT, EIO, EROFS, EFBIG, ENXIO]

    /// The storage failure inside `error`, if it is one: a `POSIXError`, an `NSError` of the
    /// POSIX domain, or Foundation's `CocoaError` for a full or read-only volume (as `Data.write`
    /// and `FileHandle.write` throw), looking through underlying errors.
    public static func from(_ error: any Error, what: String) -> StorageFailure? {
        if let failure = error as? StorageFailure { return failure }
        guard let code = errnoCode(error, depth: 0), storageCodes.contains(code) else { return nil }
        return StorageFailure(code: code, what: what)
    }

    private static func errnoCode(_ error: any Error, depth: Int) -> Int32? {
        guard depth < 4 else { return nil }
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error,
            let code = errnoCode(underlying, depth: depth + 1)
        {
            return code
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case CocoaError.fileWriteOutOfSpace.rawValue: return ENOSPC
            case CocoaError.fileWriteVolumeReadOnly.rawValue: return EROFS
            default: return nil
            }
        }
        return nil
    }
}
