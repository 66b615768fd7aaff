import Foundation
import Testing

/// A real file system that fills up: a `tmpfs` of a few hundred KiB mounted on a temporary
/// folder, so that tests meet `ENOSPC` from the kernel rather than from a stub. Mounting needs
/// root; elsewhere the tests that need one are skipped with the reason (and fail in CI).
public final class SmallFilesystem: @unchecked Sendable {
    /// The mount point.
    public let url: URL

    /// Mounts a tmpfs of `bytes` on a new temporary folder.
    public init(bytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["mount", "-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw TestPackError(description: "cannot mount a tmpfs: \(result.stderr)")
        }
    }

    /// Whether this process can mount a tmpfs (it runs as root and the kernel lets it).
    public static let isAvailable: Bool = {
        guard getuid() == 0, let probe = try? SmallFilesystem(bytes: 64 << 10) else { return false }
        _ = probe
        return true
    }()

    /// Skips a test that needs a full disk where no tmpfs can be mounted (never in CI).
    public static var required: ConditionTrait {
        .enabled(
            if: ContinuousIntegration.isOn || isAvailable,
            "needs root to mount a small tmpfs (mount -t tmpfs -o size=… tmpfs DIR) for a real full disk")
    }

    deinit {
        _ = try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["umount", "-l", url.path])
        try? FileManager.default.removeItem(at: url)
    }
}
