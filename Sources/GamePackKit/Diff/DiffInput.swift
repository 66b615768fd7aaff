import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackLint

/// One side of a diff as the user named it.
public enum DiffInput: Sendable, Equatable {
    /// A project folder, a `.gamepack` file or a content.json; the kind is found by looking.
    case path(String)
    /// A git revision of the project in `project` (a folder inside a git work tree).
    case git(revision: String, project: String)

    /// How the input is named in reports.
    public var label: String {
        switch self {
        case .path(let path): path
        case .git(let revision, _): "git:\(revision)"
        }
    }
}

extension SnapshotLoader {
    /// Loads both sides of a diff. Two project versions are read one after the other, sharing
    /// the parse of every content file whose bytes are the same in both (most of them); other
    /// kinds are read in parallel.
    public static func loadPair(_ old: DiffInput, _ new: DiffInput) async throws -> (ContentSnapshot, ContentSnapshot) {
        func isProject(_ input: DiffInput) -> Bool {
            switch input {
            case .git: return true
            case .path(let path):
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        }
        if isProject(old) && isProject(new) {
            let shared = SharedParses()
            let before = try await load(old, shared: shared)
            // Hash the old version's likely-compared assets while the new one loads.
            var prehash: Task<Void, Never>?
            if case .path(let path) = new {
                prehash = AssetStore.prehash(
                    old: before, newAssetsRoot: URL(fileURLWithPath: path).appendingPathComponent("assets"))
            }
            let after = try await load(new, shared: shared)
            await prehash?.value
            return (before, after)
        }
        // A content.json's images are hashed only where the versions differ.
        async let before = load(old, shared: nil, pendingImages: true)
        async let after = load(new, shared: nil, pendingImages: true)
        var (a, b) = try await (before, after)
        ContentSnapshot.resolvePendingImages(&a, &b)
        return (a, b)
    }

    /// Loads `input`, finding out what it is: a folder with `gamepack.yaml` is a project, a ZIP
    /// file a pack, a JSON file a gohike content.json.
    public static func load(_ input: DiffInput) async throws -> ContentSnapshot {
        try await load(input, shared: nil)
    }

    /// `pendingImages`: a content.json's images are left unhashed (`readGohikeContent`).
    static func load(_ input: DiffInput, shared: SharedParses?, pendingImages: Bool = false) async throws
        -> ContentSnapshot
    {
        switch input {
        case .git(let revision, let project):
            let (folder, projectFolder) = try GitRevision.materialize(revision, projectFolder: URL(fileURLWithPath: project))
            do {
                return try await loadProject(
                    at: projectFolder, label: input.label, kind: .gitRevision, temporaryFolder: folder, shared: shared)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
        case .path(let path):
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw DiffError.notFound(path: path, suggestion: Suggestions.existingPath(near: path, kind: .any))
            }
            if isDirectory.boolValue {
                guard FileManager.default.fileExists(atPath: url.appendingPathComponent(Project.configFile).path) else {
                    throw DiffError.unknownKind(path: path, reason: "a folder without gamepack.yaml is not a project")
                }
                return try await loadProject(at: url, label: path, kind: .project, temporaryFolder: nil, shared: shared)
            }
            if !Self.isRegularFile(path) {
                // A pipe, as `<(git show main:content.json)` gives: read once, whole, then
                // known by its bytes alone.
                return try loadStream(at: url, label: path, pendingImages: pendingImages)
            }
            let head: Data
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                head = try handle.read(upToCount: 64) ?? Data()
            } catch {
                throw DiffError.io(path: path, reason: "cannot read (\(error.localizedDescription))")
            }
            if isZIP(head) || path.hasSuffix(".\(PackFormat.fileExtension)") {
                return try await loadPack(at: url, label: path)
            }
            if startsLikeJSON(head) || path.lowercased().hasSuffix(".json") {
                let data: Data
                do {
                    // Mapped, not read: no copy of the file into fresh (zeroed) pages, which took
                    // about a tenth of a large content.json diff's time.
                    data = try Data(contentsOf: url, options: .alwaysMapped)
                } catch {
                    throw DiffError.io(path: path, reason: "cannot read (\(error.localizedDescription))")
                }
                return try gohikeContent(data, label: path, pendingImages: pendingImages)
            }
            throw DiffError.unknownKind(path: path, reason: "the file is neither a pack (ZIP) nor JSON")
        }
    }

    /// A content.json's snapshot, its images pending or hashed (`readGohikeContent`).
    static func gohikeContent(_ data: Data, label: String, pendingImages: Bool) throws -> ContentSnapshot {
        pendingImages
            ? try readGohikeContent(data, label: label, kind: .gohikeContent)
            : try loadGohikeContent(data, label: label, kind: .gohikeContent)
    }

    /// Whether `data` starts as a ZIP file (a pack) does: `PK`.
    static func isZIP(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B]) }

    /// Whether `data` starts as a JSON document does (`{` or `[`, after white space): an
    /// array goes to the content reader too, which says that a content.json is an object.
    static func startsLikeJSON(_ data: Data) -> Bool {
        let first = firstMeaningfulByte(data)
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The first byte of `data` that is not whitespace or a byte of a UTF-8 byte order mark.
    static func firstMeaningfulByte(_ data: Data) -> UInt8? {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }

    /// Whether `path`, its symlinks followed, is a regular file (not a pipe or a device).
    static func isRegularFile(_ path: String) -> Bool {
        RegularFile.status(atPath: path, followingSymlink: true) != nil
    }

    /// A content.json read from a pipe or another stream, of fewer than `limit` bytes; a pack
    /// must be a file, whose entries are read where they lie.
    static func loadStream(at url: URL, label: String, pendingImages: Bool, limit: Int = JSONTape.maximumSize) throws
        -> ContentSnapshot
    {
        var data = Data()
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            // In chunks, up to the largest document the JSON reader reads: `/dev/zero` ends.
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
                guard data.count < limit else {
                    throw DiffError.io(
                        path: label, reason: "gives \(ByteCount.describe(limit)) or more, more than the JSON reader reads")
                }
            }
        } catch let error as DiffError {
            throw error
        } catch {
            throw DiffError.io(path: label, reason: "cannot read (\(error.localizedDescription))")
        }
        if isZIP(data) {
            throw DiffError.unknownKind(
                path: label, reason: "a pack is read from a file, not from a pipe; save it to a file first")
        }
        guard startsLikeJSON(data) else {
            throw DiffError.unknownKind(path: label, reason: "what the pipe gives is neither a pack (ZIP) nor JSON")
        }
        return try gohikeContent(data, label: label, pendingImages: pendingImages)
    }

    // MARK: Projects

    static func loadProject(
        at url: URL, label: String, kind: SnapshotKind, temporaryFolder: URL?, shared: SharedParses? = nil
    ) async throws -> ContentSnapshot {
        let project: Project
        do {
            var parse: (@Sendable (Data, String) -> SourceLoader.Outcome)?
            if let shared { parse = { data, path in shared.outcome(data, path) } }
            project = try await Project.load(at: url, parse: parse)
        } catch {
            throw DiffError.unknownKind(path: label, reason: "\(error)")
        }
        let unreadable = project.diagnostics.filter { $0.rule == LintRule.syntax.rawValue && $0.severity == .error }
        if !unreadable.isEmpty {
            throw DiffError.unreadableProject(
                path: label,
                problems: unreadable.map { d in
                    let place = d.location.map { kind == .project ? label + "/" + $0.description : $0.description } ?? label
                    return "\(place): \(d.message)"
                })
        }
        let config = project.config
        let store = AssetStore(
            .directory(url.standardizedFileURL.appendingPathComponent("assets")),
            cacheFile: url.appendingPathComponent(".gamepack/cache/assets.json"), temporaryFolder: temporaryFolder)
        let reader = SnapshotValueReader(
            defaultLocale: config.defaultLocale, locales: config.locales, asset: store.reference(forProjectPath:))
        let types = project.types
        let converted = await project.items.concurrentMap { item -> SnapshotItem? in
            guard let id = item.id else { return nil }
            let fields = reader.fields(of: item.node, type: types[item.collection])
            return SnapshotItem(
                collection: item.collection, id: id, fields: fields, title: reader.title(fields), file: item.file)
        }
        var items: [String: [ItemID: SnapshotItem]] = [:]
        var warnings: [String] = []
        for (item, snapshotItem) in zip(project.items, converted) {
            guard let snapshotItem else {
                warnings.append("\(item.file): an item without a valid id is left out")
                continue
            }
            if items[item.collection]?[snapshotItem.id] != nil {
                warnings.append(
                    "\(item.file): \(item.collection) \(snapshotItem.id) is defined twice; the first definition is compared")
                continue
            }
            items[item.collection, default: [:]][snapshotItem.id] = snapshotItem
        }
        var snapshot = ContentSnapshot(
            label: label, kind: kind, project: config.id, version: nil, locales: config.locales,
            defaultLocale: config.defaultLocale, types: types, items: items, assets: store, warnings: warnings)
        snapshot.storedHashes = StoredSourceHashes(
            root: url.standardizedFileURL, types: types, defaultLocale: config.defaultLocale)
        snapshot.minimumClientFormat = ClientFormatFeatures.minimumClientFormat(of: project)
        return snapshot
    }

    // MARK: Packs

    static func loadPack(at url: URL, label: String) async throws -> ContentSnapshot {
        let reader: PackArchive.Reader
        let manifest: PackManifest
        do {
            reader = try PackArchive.Reader(url: url)
            manifest = try reader.manifest()
        } catch {
            throw DiffError.unreadablePack(path: label, reason: "\(error)")
        }
        let source = PackContentSource(label: label, manifest: manifest, reader: reader)
        // The most faithful target the pack was built with reads it back.
        for (name, contentReader) in BuildTargetRegistry.contentReaders where manifest.targets.contains(name) {
            if var snapshot = try await contentReader.read(source) {
                snapshot.minimumClientFormat = manifest.clientFormat
                return snapshot
            }
        }
        let readable = BuildTargetRegistry.contentReaders.map(\.name)
        throw DiffError.unreadablePack(
            path: label,
            reason:
                "it has no \(BuildTargetRegistry.list(readable)) target (targets: \(manifest.targets.joined(separator: ", "))); rebuild it with --target \(readable.first ?? "")"
        )
    }
}
