import Foundation

/// Walks a project's folders (`schema/`, `content/`, `assets/`) the one way every command reads
/// them, treating the repository as untrusted:
///
/// - a top-level folder that is a symlink is refused (it could lead anywhere, and build writes
///   `.gamepack/` and `build/`);
/// - a symlink below is followed only when it stays inside the project, and each folder is read
///   once (remembered by device and inode), so links like `a -> .` neither loop nor read files
///   twice;
/// - what cannot be read as a file is reported, never silently dropped: pipes, sockets and
///   devices, names that are not UTF-8, dangling or looping symlinks.
///
/// The listing is done with `opendir`/`readdir`, which give names as bytes (Foundation's listing
/// drops names it cannot decode).
public enum ProjectWalker {
    /// Whether the top-level folder `name` of `root` may be read: true when it is a real folder
    /// (or absent); false, with a finding, when it is a symlink or not a folder.
    package static func topLevelFolder(_ name: String, of root: URL, diagnostics: inout [Diagnostic]) -> Bool {
        var info = stat()
        let path = root.appendingPathComponent(name).path
        guard lstat(path, &info) == 0 else { return true }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return true
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            diagnostics.append(
                Diagnostic(
                    severity: .error, rule: rule(for: name),
                    message:
                        "\(name)/ is a symlink (to \(target)); gamepack does not follow a symlinked \(name)/ folder, "
                        + "whose files could come from outside the project. Make \(name)/ a real folder",
                    location: .file(name)))
            return false
        default:
            diagnostics.append(
                Diagnostic(
                    severity: .error, rule: rule(for: name),
                    message: "\(name) is not a folder; make it a folder holding the project's \(name)",
                    location: .file(name)))
            return false
        }
    }

    private static func rule(for topLevel: String) -> String {
        topLevel == "assets" ? RuleID.assetOutsideProject : RuleID.syntax
    }

    /// Throws when `folder` (a folder gamepack writes, such as `.gamepack/cache` or `build`)
    /// or one of its parents up to `root` is a symlink: writing there would write outside the
    /// project.
    public static func checkWritable(_ folder: URL, inside root: URL) throws {
        let rootPath = root.standardizedFileURL.path
        var path = folder.standardizedFileURL.path
        guard path.hasPrefix(rootPath + "/") else { return }
        while path.count > rootPath.count {
            var info = stat()
            if lstat(path, &info) == 0 {
                let relative = String(path.dropFirst(rootPath.count + 1))
                if info.st_mode & S_IFMT == S_IFLNK {
                    throw GamePackError.io(
                        path: path,
                        reason:
                            "\(relative) is a symlink; gamepack does not write through a symlink in the project. "
                            + "Remove it (gamepack creates the folder) or pass another folder")
                }
                if info.st_mode & S_IFMT != S_IFDIR {
                    throw GamePackError.io(path: path, reason: "\(relative) is not a folder; remove it or pass another folder")
                }
            }
            path = (path as NSString).deletingLastPathComponent
        }
    }

    /// Regular files below `dir` (sorted, relative to `base`, `/`-separated), skipping hidden
    /// files; `projectRoot` bounds where symlinks may lead. Findings name paths relative to
    /// `projectRoot`.
    package static func listFiles(under dir: URL, relativeTo base: URL, projectRoot: URL, diagnostics: inout [Diagnostic])
        throws -> [String]
    {
        var info = stat()
        guard stat(dir.path, &info) == 0 else { return [] }
        let basePath = base.path
        let rootPath = projectRoot.path
        let realRoot = realPath(rootPath) ?? rootPath
        let ruleForFiles = dir.lastPathComponent == "assets" ? RuleID.assetUnreadable : RuleID.syntax
        var visited: [FolderID: String] = [:]
        var result: [String] = []
        var stack = [dir.path]
        // By UTF-8 bytes: cheaper than counting characters, and a name that starts with a
        // combining accent joins the `/` before it into one character.
        func shown(_ path: String) -> String { String(Substring(path.utf8.dropFirst(rootPath.utf8.count + 1))) }
        func report(_ path: String, _ what: String, rule: String? = nil) {
            diagnostics.append(
                Diagnostic(
                    severity: .error, rule: rule ?? ruleForFiles, message: "\(shown(path)) \(what)",
                    location: .file(shown(path))))
        }
        if stat(dir.path, &info) == 0 { visited[FolderID(info)] = dir.path }
        while let current = stack.popLast() {
            let entries: [Name]
            do {
                entries = try names(in: current)
            } catch let error as POSIXError {
                throw GamePackError.io(path: current, reason: "cannot list the folder (\(error.code))")
            }
            for entry in entries {
                guard let name = entry.text else {
                    let escaped = entry.bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }
                        .joined()
                    report(
                        current + "/" + escaped,
                        "has a name that is not UTF-8 (bytes shown as \\xNN); it is not read. Rename it with UTF-8 characters")
                    continue
                }
                // Hidden to the file system by its first byte (`.\u{301}env` too).
                if name.utf8.first == UInt8(ascii: ".") { continue }
                let path = current + "/" + name
                let relative = String(Substring(path.utf8.dropFirst(basePath.utf8.count + 1)))
                var mode: mode_t
                if entry.type == UInt8(DT_REG) {
                    // readdir said so: no lstat for the many plain files.
                    mode = S_IFREG
                } else {
                    guard lstat(path, &info) == 0 else { continue }
                    mode = info.st_mode & S_IFMT
                }
                if mode == S_IFLNK {
                    guard let followed = followLink(path, realRoot: realRoot, info: &info, report: report) else { continue }
                    mode = followed
                }
                switch mode {
                case S_IFDIR:
                    let id = FolderID(info)
                    if let first = visited[id] {
                        report(
                            path,
                            "is a symlink to \(first == rootPath ? "the project" : shown(first)), a folder read already; "
                                + "it is not read twice. Remove the link")
                        continue
                    }
                    visited[id] = path
                    stack.append(path)
                case S_IFREG:
                    result.append(relative)
                default:
                    report(path, "is not a regular file (a pipe, socket or device); it is not read. Replace it with a file")
                }
            }
        }
        return result.sorted()
    }

    /// The type (`S_IFMT` bits) of what the symlink at `path` leads to, with its `stat` in
    /// `info`; nil, reported, when the link dangles, loops or leads outside `realRoot`.
    static func followLink(
        _ path: String, realRoot: String, info: inout stat, report: (String, String, String?) -> Void
    ) -> mode_t? {
        guard stat(path, &info) == 0 else {
            let why = errno == ELOOP ? "is a symlink loop" : "is a symlink to nothing (dangling)"
            report(path, "\(why); it is not read. Fix or remove the link", nil)
            return nil
        }
        let target = realPath(path) ?? path
        guard target == realRoot || target.hasPrefix(realRoot + "/") else {
            report(
                path,
                "is a symlink leading outside the project; it is not read. Copy the file into the project instead",
                RuleID.assetOutsideProject)
            return nil
        }
        return info.st_mode & S_IFMT
    }

    /// A folder's identity: device and inode.
    struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// A folder entry's name as bytes, and as text when it is UTF-8.
    struct Name {
        var bytes: [UInt8]
        /// `d_type`: `DT_REG` for a regular file; `DT_UNKNOWN` when the file system does not
        /// say (then `lstat` tells).
        var type: UInt8 = UInt8(DT_UNKNOWN)
        var text: String? { String(validating: bytes, as: UTF8.self) }
    }

    /// The entries of the folder at `path` (without `.` and `..`), sorted by bytes.
    static func names(in path: String) throws -> [Name] {
        guard let dir = opendir(path) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { closedir(dir) }
        var result: [Name] = []
        // The name is read through a pointer up to its NUL: readdir's entries are only as long
        // as their name (d_reclen), so copying the whole `dirent` (`entry.pointee`) could read
        // past the end of the buffer.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
        while let entry = readdir(dir) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let bytes = Array(
                UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let type = UnsafeRawPointer(entry).load(fromByteOffset: typeOffset, as: UInt8.self)
            result.append(Name(bytes: bytes, type: type))
        }
        return result.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// `realpath(3)`: the absolute path with every symlink resolved, nil when it cannot be.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
