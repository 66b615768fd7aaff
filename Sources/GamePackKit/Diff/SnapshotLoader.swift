import Crypto
import Foundation
import GamePackFormat

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

/// Reads a `ContentSnapshot` from any of the four input kinds.
public enum SnapshotLoader {
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
        async let before = load(old)
        async let after = load(new)
        return try await (before, after)
    }

    /// Loads `input`, finding out what it is: a folder with `gamepack.yaml` is a project, a ZIP
    /// file a pack, a JSON file a gohike content.json.
    public static func load(_ input: DiffInput) async throws -> ContentSnapshot {
        try await load(input, shared: nil)
    }

    static func load(_ input: DiffInput, shared: SharedParses?) async throws -> ContentSnapshot {
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
            let head: Data
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                head = try handle.read(upToCount: 64) ?? Data()
            } catch {
                throw DiffError.io(path: path, reason: "cannot read (\(error.localizedDescription))")
            }
            if head.starts(with: [0x50, 0x4B]) || path.hasSuffix(".\(PackFormat.fileExtension)") {
                return try await loadPack(at: url, label: path)
            }
            let firstByte = head.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            if firstByte == UInt8(ascii: "{") || path.lowercased().hasSuffix(".json") {
                let data: Data
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw DiffError.io(path: path, reason: "cannot read (\(error.localizedDescription))")
                }
                return try loadGohikeContent(data, label: path, kind: .gohikeContent)
            }
            throw DiffError.unknownKind(path: path, reason: "the file is neither a pack (ZIP) nor JSON")
        }
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
            if let snapshot = try await contentReader.read(source) { return snapshot }
        }
        let readable = BuildTargetRegistry.contentReaders.map(\.name)
        throw DiffError.unreadablePack(
            path: label,
            reason:
                "it has no \(BuildTargetRegistry.list(readable)) target (targets: \(manifest.targets.joined(separator: ", "))); rebuild it with --target \(readable.first ?? "")"
        )
    }

    /// One `canonical/<collection>.json`: its collection name and items.
    static func canonicalCollection(
        _ data: Data, path: String, label: String, types: [String: ContentType], reader: SnapshotValueReader
    ) throws -> (String, [ItemID: SnapshotItem]) {
        let root: JSONValue
        do {
            root = try JSONScanner.parse(data)
        } catch {
            throw DiffError.unreadablePack(
                path: label, reason: "\(path) is not JSON (\(JSONValue.syntaxError(in: data) ?? "\(error)"))")
        }
        guard case .object(let top) = root, case .string(let collection)? = top["collection"],
            case .array(let values)? = top["items"]
        else {
            throw DiffError.unreadablePack(
                path: label, reason: "\(path) is not a canonical collection (no `collection` and `items`)")
        }
        var byID: [ItemID: SnapshotItem] = [:]
        for (index, value) in values.enumerated() {
            guard case .object(let object) = value else {
                throw DiffError.unreadablePack(path: label, reason: "\(path): items[\(index)] is not an object")
            }
            let id: ItemID
            switch object["id"] {
            case .int(let number)?: id = ItemID(String(number))
            case .string(let text)?: id = ItemID(text)
            default: throw DiffError.unreadablePack(path: label, reason: "\(path): items[\(index)] has no id")
            }
            let fields = reader.fields(ofJSON: object, type: types[collection])
            byID[id] = SnapshotItem(collection: collection, id: id, fields: fields, title: reader.title(fields))
        }
        return (collection, byID)
    }

    // MARK: Go Take a Hike! content

    static func loadGohikeContent(_ data: Data, label: String, kind: SnapshotKind) throws -> ContentSnapshot {
        let root: JSONValue
        do {
            root = try JSONScanner.parse(data)
        } catch {
            throw DiffError.invalidContent(path: label, reason: "not JSON: \(JSONValue.syntaxError(in: data) ?? "\(error)")")
        }
        var reader = GohikeContentReader()
        reader.read(root)
        if let error = ImportError.combined(reader.errors) {
            throw DiffError.invalidContent(path: label, reason: error.description)
        }
        let types = builtinTypes()
        var refs: [String: AssetRef] = [:]
        for (path, image) in reader.images {
            let info = try? MediaProbe.probe(
                header: image.prefix(MediaProbe.jpegScanLimit), tail: image.suffix(16), byteCount: image.count)
            refs[path] = AssetRef(
                path: path, sha256: Digest.sha256Hex(image), bytes: Int64(image.count), format: info?.format,
                width: info?.width, height: info?.height)
        }
        let store = AssetStore(.memory(reader.images))
        let knownRefs = refs
        let valueReader = SnapshotValueReader(
            defaultLocale: "en", locales: ["en", "nl"], asset: { knownRefs[$0] ?? AssetRef(path: $0) })
        var items: [String: [ItemID: SnapshotItem]] = [:]
        let collections: [(String, [GohikeItem])] = [
            ("profiles", reader.profiles), ("routes", reader.routes), ("locations", reader.locations),
            ("rewards", reader.rewards),
        ]
        for (collection, gohikeItems) in collections {
            var byID: [ItemID: SnapshotItem] = [:]
            for item in gohikeItems {
                // The node the imported YAML would load into, without writing and parsing it.
                let node = item.node(file: item.path + ".yaml")
                let id = ItemID(String(item.id))
                let fields = valueReader.fields(of: node, type: types[collection])
                byID[id] = SnapshotItem(collection: collection, id: id, fields: fields, title: valueReader.title(fields))
            }
            items[collection] = byID
        }
        var version: String?
        if case .object(let top) = root, case .string(let written)? = top["version"] { version = written }
        return ContentSnapshot(
            label: label, kind: kind, project: nil, version: version, locales: ["en", "nl"], defaultLocale: "en",
            types: types, items: items, assets: store, warnings: reader.warnings)
    }

    /// The built-in content types (what packs and content.json files are read with).
    static func builtinTypes() -> [String: ContentType] {
        var parser = SchemaParser()
        var types: [String: ContentType] = [:]
        for (name, yaml) in BuiltinTypes.sources {
            if case .loaded(let node) = SourceLoader.load(data: Data(yaml.utf8), path: "<built-in \(name)>"),
                let type = parser.parseType(name: name, root: node, sourceFile: nil)
            {
                types[name] = type
            }
        }
        return types
    }
}

/// A pack `diff` opened, handed to the targets' content readers
/// (`BuildTargetKind.contentReader`).
struct PackContentSource: Sendable {
    /// How the pack is named in reports.
    let label: String
    /// The pack's manifest: its targets, locales and files with their hashes.
    let manifest: PackManifest
    /// Reads the pack's files (and, through `AssetStore`, its assets).
    let reader: PackArchive.Reader

    /// The pack's default locale: its manifest's first.
    var defaultLocale: String { manifest.locales.first ?? "en" }

    /// The bytes of one of the pack's files, checked against the manifest's SHA-256.
    func data(_ file: PackManifest.File) throws -> Data {
        do {
            let data = try reader.data(at: file.path, limit: 1 << 30)
            let sha = Digest.sha256Hex(data)
            guard sha == file.sha256 else {
                throw PackError.hashMismatch(path: file.path, expected: file.sha256, actual: sha)
            }
            return data
        } catch {
            throw DiffError.unreadablePack(path: label, reason: "\(error)")
        }
    }
}

/// Content files parsed while loading one version of a project, by project-relative path,
/// with their bytes: the other version reuses a parse when its file has the same bytes.
final class SharedParses: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (Data, SourceLoader.Outcome)] = [:]

    func outcome(_ data: Data, _ path: String) -> SourceLoader.Outcome {
        if let hit = lock.withLock({ entries[path] }), hit.0 == data { return hit.1 }
        let outcome = SourceLoader.load(data: data, path: path)
        lock.withLock { entries[path] = (data, outcome) }
        return outcome
    }

}

/// Materializes a git revision of a project into a temporary folder with `git archive`.
enum GitRevision {
    /// Extracts the project folder `projectFolder` (inside a git work tree) as it is at
    /// `revision`. Returns the temporary folder (the caller removes it) and the project in it.
    static func materialize(_ revision: String, projectFolder: URL) throws -> (URL, URL) {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw DiffError.git(revision: revision, reason: "not a revision name")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: projectFolder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            let given = projectFolder.relativePath
            throw DiffError.notFound(
                path: given, suggestion: Suggestions.existingPath(near: given, kind: .folder, base: projectFolder.baseURL))
        }
        let folder = projectFolder.standardizedFileURL
        let prefix = try git(["rev-parse", "--show-prefix"], in: folder, revision: revision)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let top = try git(["rev-parse", "--show-toplevel"], in: folder, revision: revision)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try git(
            ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder, revision: revision,
            failure: "unknown revision (check the name with `git log --oneline`)")
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gamepack-diff-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw DiffError.io(path: temporary.path, reason: "cannot create a temporary folder")
        }
        do {
            let archive = Process()
            archive.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            archive.arguments = ["git", "-C", top, "archive", "--format=tar", revision, "--", prefix.isEmpty ? "." : prefix]
            let extract = Process()
            extract.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            extract.arguments = ["tar", "-x", "-C", temporary.path]
            let pipe = Pipe()
            let errors = Pipe()
            archive.standardOutput = pipe
            archive.standardError = errors
            extract.standardInput = pipe
            extract.standardError = FileHandle.nullDevice
            try archive.run()
            try extract.run()
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            archive.waitUntilExit()
            extract.waitUntilExit()
            guard archive.terminationStatus == 0, extract.terminationStatus == 0 else {
                let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw DiffError.git(revision: revision, reason: reason.isEmpty ? "git archive failed" : reason)
            }
            let project = temporary.appendingPathComponent(prefix)
            guard FileManager.default.fileExists(atPath: project.appendingPathComponent(Project.configFile).path) else {
                throw DiffError.git(
                    revision: revision,
                    reason: "the project (\(prefix.isEmpty ? "." : prefix)) has no gamepack.yaml at that revision")
            }
            return (temporary, project)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if error is DiffError { throw error }
            throw DiffError.git(revision: revision, reason: "cannot run git (\(error.localizedDescription))")
        }
    }

    /// Runs git in `folder` and returns its standard output.
    static func git(_ arguments: [String], in folder: URL, revision: String, failure: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw DiffError.git(revision: revision, reason: "cannot run git (\(error.localizedDescription))")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw DiffError.git(
                revision: revision,
                reason: failure ?? (reason.isEmpty ? "git \(arguments.first ?? "") failed" : reason + " (\(folder.path))"))
        }
        return String(decoding: output, as: UTF8.self)
    }
}
