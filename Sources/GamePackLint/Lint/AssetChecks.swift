import Foundation
import GamePackContent
import GamePackFormat

/// The asset inspection: looks at every asset an item refers to (stays inside `assets/`, exists,
/// can be read, and what its bytes hold), reading each file once for all the asset rules
/// (`asset-missing` … `asset-dimensions` in `Lint/Rules/`, adopting `AssetLintRule`), which then
/// check what it found.
package enum AssetChecks {
    /// Inspects each asset path the items name once (side by side), then hands each use with
    /// its path's inspection to every asset rule (`AssetLintRule`), in registry order; returns
    /// the inspections, by the paths as the items name them.
    @discardableResult
    static func run(_ context: LintContext) async -> [String: AssetInspection] {
        let paths = Array(Set(context.assetUses.map(\.path))).sorted()
        let (root, assetsRoot) = roots(of: context.project)
        let folders = plainFolders(of: paths, in: root.path + "/assets")
        let handles = FolderHandles(root: root.path + "/assets", folders: folders.map(String.init))
        let inspections = await paths.concurrentMap { path in
            inspect(path, root: root, assetsRoot: assetsRoot, plainFolders: folders, handles: handles)
        }
        let byPath = Dictionary(uniqueKeysWithValues: zip(paths, inspections))
        // The uses are checked side by side too, in runs, each run's findings into a context of
        // its own, added in order: the same findings as one pass over them.
        let uses = context.assetUses
        let project = context.project
        let runs = stride(from: 0, to: uses.count, by: checkRun).map { $0..<min($0 + checkRun, uses.count) }
        let parts = await runs.concurrentMap { run -> LintFacts in
            let part = LintContext(project: project)
            check(uses[run], in: part, inspections: byPath)
            return part.facts
        }
        for part in parts { context.append(part) }
        return byPath
    }

    /// How many asset uses one task of `run` checks.
    static let checkRun = 1024

    /// `run` one path after the other, for the few assets of a few items (the preview's changes).
    static func runSerially(_ context: LintContext) {
        let (root, assetsRoot) = roots(of: context.project)
        var inspections: [String: AssetInspection] = [:]
        for use in context.assetUses where inspections[use.path] == nil {
            inspections[use.path] = inspect(use.path, root: root, assetsRoot: assetsRoot)
        }
        check(context, inspections: inspections)
    }

    /// The project's root, and its `assets/` folder with symlinks resolved.
    static func roots(of project: Project) -> (root: URL, assetsRoot: String) {
        (project.root, project.root.appendingPathComponent("assets").resolvingSymlinksInPath().path)
    }

    /// Hands each asset use with its path's inspection to the asset rules the project has on.
    static func check(_ context: LintContext, inspections: [String: AssetInspection]) {
        check(context.assetUses[...], in: context, inspections: inspections)
    }

    /// `check` of `uses`, reporting into `context`.
    static func check(_ uses: ArraySlice<AssetUse>, in context: LintContext, inspections: [String: AssetInspection]) {
        let rules = LintRuleRegistry.assetRules.filter { context.settings.severity(of: LintRule($0)) != nil }
        for use in uses {
            let inspection = inspections[use.path]!
            for rule in rules {
                rule.check(inspection, of: use, context: context)
            }
        }
    }

    /// `photos/./a.jpg` and `photos//a.jpg` name `photos/a.jpg` (see `AssetPath.normalize`).
    static func normalize(_ path: String) -> String { AssetPath.normalize(path) }

    /// What `path` (as an item names it) is: outside `assets/`, missing, unreadable or probed.
    /// `plainFolders` (from `plainFolders(of:in:)`) are folders known to hold no symlink on the
    /// way, which the short way then does not look at again.
    /// `handles`, when given, are open handles on `plainFolders` (relative to `assets/`): a file
    /// in one of them is then looked at and read by its name there.
    package static func inspect(
        _ path: String, root: URL, assetsRoot: String, plainFolders: Set<Substring> = [], handles: FolderHandles? = nil
    ) -> AssetInspection {
        if path.isEmpty { return .missing }
        if let reason = AssetPath.outsideReason(path) { return .outside(reason) }
        let relative = normalize(path)
        // In a plain folder, only the file itself can be a symlink: `AT_SYMLINK_NOFOLLOW` says.
        if let (folder, name) = handles?.locate(relative) {
            var info = stat()
            if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT != S_IFLNK {
                return inspect(kind: info.st_mode & S_IFMT) {
                    try MediaProbe.probe(named: name, in: folder, size: Int(info.st_size))
                }
            }
        }
        let file = root.path + "/assets/" + relative
        if let info = statWithoutSymlinks(relative, in: root.path + "/assets", plainFolders: plainFolders) {
            return inspect(file, kind: info.st_mode & S_IFMT, size: Int(info.st_size))
        }
        let url = URL(fileURLWithPath: file, isDirectory: false)
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            // A dangling symlink is "missing" to the user.
            return .missing
        }
        let resolved = url.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(assetsRoot + "/") else {
            return .outside("is a symlink to \(resolved), outside assets/")
        }
        if isDirectory.boolValue { return .unreadable("it is a folder, not a file") }
        var info = stat()
        guard stat(file, &info) == 0 else { return inspect(file, kind: S_IFREG) }
        return inspect(file, kind: info.st_mode & S_IFMT)
    }

    /// The file type (`S_IFREG`, `S_IFDIR`, …) of `relative` below `assetsRoot` when neither it
    /// nor a folder on the way is a symlink, found with one `lstat` per part of the path: then
    /// it is inside `assets/` without resolving anything. Nil when a part is a symlink or
    /// cannot be read, which `inspect` then looks at the slow way. A folder of `plainFolders`
    /// (a path relative to `assetsRoot`) is not looked at again.
    static func kindWithoutSymlinks(
        _ relative: String, in assetsRoot: String, plainFolders: Set<Substring> = []
    ) -> mode_t? {
        statWithoutSymlinks(relative, in: assetsRoot, plainFolders: plainFolders).map { $0.st_mode & S_IFMT }
    }

    /// `kindWithoutSymlinks`, with the whole `lstat` of the file (its size saves the probe an `fstat`).
    static func statWithoutSymlinks(
        _ relative: String, in assetsRoot: String, plainFolders: Set<Substring> = []
    ) -> stat? {
        let parts = AssetPath.parts(of: relative)
        guard !parts.isEmpty else { return nil }
        var start = parts.startIndex
        // The deepest folder on the way already known to be plain, and so every one above it.
        if let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")), plainFolders.contains(relative[..<slash]) {
            start = parts.index(before: parts.endIndex)
        }
        var info = stat()
        var path = assetsRoot
        for part in parts[..<start] { path += "/" + part }
        for part in parts[start...] {
            path += "/" + part
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return nil }
        }
        return info
    }

    /// The folders on the way to `paths` (relative to `assetsRoot`, as items name them) that
    /// are folders with no symlink at or above them inside `assetsRoot`, each looked at with one
    /// `lstat` however many files it holds.
    static func plainFolders(of paths: [String], in assetsRoot: String) -> Set<Substring> {
        var plain: Set<Substring> = [""]
        var refused: Set<Substring> = []
        for path in Set(paths.map(normalize)) {
            // At `/` bytes, as `AssetPath.parts(of:)` splits (a `/` with an accent is one character).
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let folder = path[..<slash]
            var end = folder.startIndex
            while end < folder.endIndex {
                end = folder.utf8[folder.utf8.index(after: end)...].firstIndex(of: UInt8(ascii: "/")) ?? folder.endIndex
                let prefix = folder[..<end]
                if plain.contains(prefix) { continue }
                var info = stat()
                guard !refused.contains(prefix), lstat(assetsRoot + "/" + prefix, &info) == 0,
                    info.st_mode & S_IFMT == S_IFDIR
                else {
                    refused.insert(prefix)
                    break
                }
                plain.insert(prefix)
            }
        }
        return plain
    }

    /// Probes the file at `file`, inside `assets/`, whose file type is `kind` (and size `size`,
    /// when known).
    static func inspect(_ file: String, kind: mode_t, size: Int? = nil) -> AssetInspection {
        inspect(kind: kind) { try MediaProbe.probe(path: file, size: size) }
    }

    /// What a file of type `kind` is, probed by `probe` when it is a regular file.
    static func inspect(kind: mode_t, probe: () throws -> MediaInfo) -> AssetInspection {
        if kind == S_IFDIR { return .unreadable("it is a folder, not a file") }
        // Opening a pipe blocks until a writer comes; a device may never end.
        if kind != S_IFREG {
            return .unreadable("it is not a regular file (a pipe, socket or device); replace it with the file")
        }
        do {
            return .probed(try probe())
        } catch let error as MediaProbeError {
            return .unreadable(error.description)
        } catch {
            return .unreadable("cannot read it (\(error.localizedDescription))")
        }
    }
}

/// What the asset inspection found for one asset path, looked at once per path.
package enum AssetInspection: Sendable {
    /// The path leaves `assets/` (why, as a phrase: "climbs out with ..").
    case outside(String)
    case missing
    /// The file cannot be used (why).
    case unreadable(String)
    case probed(MediaInfo)
}

extension AssetUse {
    /// Whether a file of `format` is the kind (image or sound) the use's field takes.
    func takesKind(of format: MediaFormat) -> Bool { (spec.type == .image) == format.isImage }
}
