import Foundation
import GamePackFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a project's files and reports the project-relative paths that changed, in batches.
/// On Linux it uses inotify (one watch per folder, folders added as they appear); elsewhere it
/// compares modification times every 100 ms. Hidden folders, `build/` and `.gamepack/` are
/// not watched. A path of `*` means "anything may have changed" (the kernel's queue overflowed).
public final class FileWatcher: @unchecked Sendable {
    let root: URL
    private let lock = NSLock()

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The changes, until the stream is dropped. Paths arriving within a few milliseconds of
    /// one another come as one batch.
    public func changes() -> AsyncStream<[String]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [String].self, bufferingPolicy: .unbounded)
        #if canImport(Glibc)
            if startInotify(continuation) { return stream }
        #endif
        startPolling(continuation)
        return stream
    }

    /// Folders to watch: the root, then `content/`, `schema/` and `assets/` and their folders.
    func folders() -> [String] {
        var result = [""]
        let fm = FileManager.default
        var stack = ["content", "schema", "assets"]
        while let folder = stack.popLast() {
            var isDirectory: ObjCBool = false
            let path = root.path + "/" + folder
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            // Never follow a symlinked folder out of the project.
            if (try? fm.destinationOfSymbolicLink(atPath: path)) != nil { continue }
            result.append(folder)
            for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                stack.append(folder + "/" + name)
            }
        }
        return result
    }

    #if canImport(Glibc)
        // inotify's event bits (linux/inotify.h), spelled out: Swift does not import every macro.
        static let modify: UInt32 = 0x2, attrib: UInt32 = 0x4, closeWrite: UInt32 = 0x8, movedFrom: UInt32 = 0x40
        static let movedTo: UInt32 = 0x80, create: UInt32 = 0x100, delete: UInt32 = 0x200, deleteSelf: UInt32 = 0x400
        static let queueOverflow: UInt32 = 0x4000, isDirectory: UInt32 = 0x4000_0000
        /// IN_DONT_FOLLOW: a watch never goes through a symlink (a symlinked folder moved in).
        static let dontFollow: UInt32 = 0x0200_0000

        private var watches: [Int32: String] = [:]

        private func addWatch(_ fd: Int32, _ folder: String) {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            let mask =
                Self.modify | Self.attrib | Self.closeWrite | Self.movedFrom | Self.movedTo | Self.create | Self.delete
                | Self.dontFollow
            let wd = inotify_add_watch(fd, path, mask)
            guard wd >= 0 else { return }
            lock.lock()
            watches[wd] = folder
            lock.unlock()
        }

        private func startInotify(_ continuation: AsyncStream<[String]>.Continuation) -> Bool {
            let fd = inotify_init1(0o2000000)  // IN_CLOEXEC
            guard fd >= 0 else { return false }
            for folder in folders() { addWatch(fd, folder) }
            let thread = Thread { [self] in
                let size = 64 * 1024
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
                defer { buffer.deallocate() }
                var paths: [String] = []
                while true {
                    let count = Interruptible.retry { read(fd, buffer, size) }
                    guard count > 0 else { break }
                    var offset = 0
                    while offset + 16 <= count {
                        let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
                        let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                        var name = ""
                        if length > 0 {
                            let start = buffer.advanced(by: offset + 16).assumingMemoryBound(to: CChar.self)
                            name = String(cString: start)
                        }
                        offset += 16 + length
                        if mask & Self.queueOverflow != 0 {
                            paths.append("*")
                            continue
                        }
                        lock.lock()
                        let folder = watches[wd]
                        lock.unlock()
                        guard let folder, !name.isEmpty, !name.hasPrefix(".") else { continue }
                        let path = folder.isEmpty ? name : folder + "/" + name
                        if folder.isEmpty && !["content", "schema", "assets", "gamepack.yaml"].contains(name) { continue }
                        paths.append(path)
                        if mask & Self.isDirectory != 0 && mask & (Self.create | Self.movedTo) != 0 {
                            // A new folder: watch it and everything already in it.
                            let fm = FileManager.default
                            addWatch(fd, path)
                            if let enumerator = fm.enumerator(atPath: root.path + "/" + path) {
                                for case let sub as String in enumerator where !sub.hasPrefix(".") {
                                    var isDirectory: ObjCBool = false
                                    let full = root.path + "/" + path + "/" + sub
                                    // A symlink is reported, not entered: the workspace's load
                                    // decides with the project walker's rules.
                                    if (try? fm.destinationOfSymbolicLink(atPath: full)) != nil {
                                        paths.append(path + "/" + sub)
                                        enumerator.skipDescendants()
                                    } else if fm.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                                        addWatch(fd, path + "/" + sub)
                                    } else {
                                        paths.append(path + "/" + sub)
                                    }
                                }
                            }
                        }
                    }
                    // An editor's save is several events (write, close, rename): gather those
                    // that follow within 10 ms into one batch.
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if poll(&poller, 1, 10) > 0 { continue }
                    if !paths.isEmpty { continuation.yield(paths) }
                    paths = []
                }
                continuation.finish()
            }
            thread.name = "gamepack-preview-watcher"
            thread.start()
            continuation.onTermination = { _ in close(fd) }
            return true
        }
    #endif

    /// Modification time and size of every file below the watched folders.
    private func stamps() -> [String: String] {
        var result: [String: String] = [:]
        let fm = FileManager.default
        for folder in folders() {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && name != "gamepack.yaml" { continue }
                guard let attributes = try? fm.attributesOfItem(atPath: root.path + "/" + relative),
                    attributes[.type] as? FileAttributeType != .typeDirectory
                else { continue }
                let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                result[relative] = "\(date)-\(attributes[.size] ?? 0)"
            }
        }
        return result
    }

    private func startPolling(_ continuation: AsyncStream<[String]>.Continuation) {
        let task = Task { [self] in
            var previous = stamps()
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 100_000_000)
                let current = stamps()
                var changed: [String] = []
                for (path, stamp) in current where previous[path] != stamp { changed.append(path) }
                for path in previous.keys where current[path] == nil { changed.append(path) }
                previous = current
                if !changed.isEmpty { continuation.yield(changed) }
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}
