import Foundation

/// Checks every asset an item refers to (exists, stays inside `assets/`, is what its extension
/// says, fits its field's formats, bytes and dimensions), reading each file once for all the
/// asset rules (`asset-missing` … `asset-dimensions` in `Lint/Rules/`).
enum AssetChecks {
    /// The result of looking at one referenced asset path, computed once per path.
    enum Inspection: Sendable {
        case outside(String)
        case missing
        case unreadable(String)
        case probed(MediaInfo)
    }

    static func run(_ context: LintContext) async {
        let project = context.project
        let assetsRoot = project.root.appendingPathComponent("assets").resolvingSymlinksInPath().path
        let paths = Array(Set(context.assetUses.map(\.path))).sorted()
        let root = project.root
        let inspections = await paths.concurrentMap { path in
            inspect(path, root: root, assetsRoot: assetsRoot)
        }
        let byPath = Dictionary(uniqueKeysWithValues: zip(paths, inspections))
        let existing = project.assetFiles

        for use in context.assetUses {
            let field = use.spec.name
            switch byPath[use.path]! {
            case .outside(let why):
                context.report(
                    .assetOutsideProject,
                    "`\(use.path)` \(why); asset paths are relative to assets/ and stay inside it",
                    at: use.location)
            case .missing:
                let hint =
                    Suggestions.closest(to: use.path, among: existing)
                    ?? existing.first { ($0 as NSString).lastPathComponent == (use.path as NSString).lastPathComponent }
                context.report(
                    .assetMissing,
                    "assets/\(use.path) does not exist"
                        + (hint.map { "; did you mean `\($0)`?" } ?? "; add the file or correct the path"),
                    at: use.location, fix: hint)
            case .unreadable(let why):
                context.report(.assetUnreadable, "assets/\(use.path) cannot be used: \(why)", at: use.location)
            case .probed(let info):
                check(info, use: use, field: field, context: context)
            }
        }
    }

    static func check(_ info: MediaInfo, use: AssetUse, field: String, context: LintContext) {
        let path = use.path
        let ext = (path as NSString).pathExtension
        if let claimed = MediaFormat(fileExtension: ext), claimed != info.format {
            context.report(
                .assetFormatMismatch,
                "assets/\(path) is named .\(ext) but holds \(info.format.rawValue.uppercased()) data; rename it or convert it",
                at: use.location)
        } else if MediaFormat(fileExtension: ext) == nil {
            context.report(
                .assetFormatMismatch,
                "assets/\(path) has no media extension (.png, .jpg, .gif, .webp, .wav, .mp3, .caf, .m4a) but holds \(info.format.rawValue.uppercased()) data; rename it",
                at: use.location)
        }
        let wantsImage = use.spec.type == .image
        if wantsImage != info.format.isImage {
            context.report(
                .assetFormatNotAllowed,
                "`\(field)` takes \(wantsImage ? "an image" : "a sound"), but assets/\(path) is \(info.format.rawValue.uppercased())",
                at: use.location)
            return
        }
        if !use.spec.formats.isEmpty, !use.spec.formats.contains(info.format) {
            context.report(
                .assetFormatNotAllowed,
                "`\(field)` allows \(use.spec.formats.map { $0.rawValue.uppercased() }.joined(separator: ", ")), but assets/\(path) is \(info.format.rawValue.uppercased()); convert it",
                at: use.location)
        }
        let budget = use.spec.maxBytes ?? context.settings.maxAssetBytes
        if info.byteCount > budget {
            context.report(
                .assetTooLarge,
                "assets/\(path) is \(ByteCount.describe(info.byteCount)); `\(field)` allows \(ByteCount.describe(budget)). Compress or resize it",
                at: use.location)
        }
        guard let width = info.width, let height = info.height else { return }
        var problems: [String] = []
        if let min = use.spec.minWidth, width < min { problems.append("narrower than \(min) px") }
        if let max = use.spec.maxWidth, width > max { problems.append("wider than \(max) px") }
        if let min = use.spec.minHeight, height < min { problems.append("lower than \(min) px") }
        if let max = use.spec.maxHeight, height > max { problems.append("taller than \(max) px") }
        if !problems.isEmpty {
            context.report(
                .assetDimensions,
                "assets/\(path) is \(width)×\(height), \(problems.joined(separator: " and ")) (limits of `\(field)`); resize it",
                at: use.location)
        }
    }

    /// `photos/./a.jpg` and `photos//a.jpg` name `photos/a.jpg` (see `AssetPath.normalize`).
    static func normalize(_ path: String) -> String { AssetPath.normalize(path) }

    static func inspect(_ path: String, root: URL, assetsRoot: String) -> Inspection {
        if path.isEmpty { return .missing }
        if path.hasPrefix("/") || path.hasPrefix("~") { return .outside("is an absolute path") }
        if path.contains("\\") { return .outside("contains a backslash; use / between folders") }
        if path.split(separator: "/").contains("..") { return .outside("climbs out with ..") }
        if path.contains("\0") { return .outside("contains a NUL byte") }
        let relative = normalize(path)
        let url = root.appendingPathComponent("assets").appendingPathComponent(relative)
        if let kind = kindWithoutSymlinks(relative, in: root.path + "/assets") {
            return inspect(url, kind: kind)
        }
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
        guard stat(url.path, &info) == 0 else { return inspect(url, kind: S_IFREG) }
        return inspect(url, kind: info.st_mode & S_IFMT)
    }

    /// The file type (`S_IFREG`, `S_IFDIR`, …) of `relative` below `assetsRoot` when neither it
    /// nor a folder on the way is a symlink, found with one `lstat` per part of the path: then
    /// it is inside `assets/` without resolving anything. Nil when a part is a symlink or
    /// cannot be read, which `inspect` then looks at the slow way.
    static func kindWithoutSymlinks(_ relative: String, in assetsRoot: String) -> mode_t? {
        let parts = relative.split(separator: "/")
        guard !parts.isEmpty else { return nil }
        var info = stat()
        var path = assetsRoot
        for part in parts {
            path += "/" + part
            guard lstat(path, &info) == 0 else { return nil }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK { return nil }
        }
        return info.st_mode & S_IFMT
    }

    /// Probes the file at `url`, inside `assets/`, whose file type is `kind`.
    static func inspect(_ url: URL, kind: mode_t) -> Inspection {
        if kind == S_IFDIR { return .unreadable("it is a folder, not a file") }
        // Opening a pipe blocks until a writer comes; a device may never end.
        if kind != S_IFREG {
            return .unreadable("it is not a regular file (a pipe, socket or device); replace it with the file")
        }
        do {
            return .probed(try MediaProbe.probe(fileAt: url))
        } catch let error as MediaProbeError {
            return .unreadable(error.description)
        } catch {
            return .unreadable("cannot read it (\(error.localizedDescription))")
        }
    }
}
