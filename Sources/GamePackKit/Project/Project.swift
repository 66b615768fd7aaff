import Foundation

/// One content item: a map in a file under `content/<collection>/`.
public struct ContentItem: Sendable {
    /// The collection (the folder under `content/`).
    public var collection: String
    /// The item's id, when it has a valid one.
    public var id: ItemID?
    /// The item's fields as written, `id` included.
    public var node: SourceNode
    /// The project-relative path of its file.
    public var file: String { node.location.file }
}

/// A source project read from disk: its config, content types, items and asset files, plus the
/// problems met while reading them (as diagnostics; the linter adds its own).
public struct Project: Sendable {
    /// The project folder.
    public var root: URL
    public var config: ProjectConfig
    /// Content types by collection name: the built-ins, overridden or extended by `schema/`.
    public var types: [String: ContentType]
    /// Every item, ordered by file path then position in the file.
    public var items: [ContentItem]
    /// Project-relative paths of the content files read.
    public var contentFiles: [String]
    /// Project-relative paths of the content files whose text holds a stored source hash
    /// (`gamepack:source`, written by `l10n import`): the only ones a translation can be stale in.
    public var markedFiles: Set<String> = []
    /// Project-relative paths of the content files that could not be loaded (syntax errors).
    /// Their items are unknown, so checks that need every item hold back on their account.
    public var unloadedFiles: [String] = []
    /// Paths of the files under `assets/`, relative to `assets/`.
    public var assetFiles: [String]
    /// Problems met while loading.
    public var diagnostics: [Diagnostic]
    /// The text of every file read, by project-relative path, for reporters that quote lines.
    public var sources: SourceTexts

    /// The file name of the config.
    public static let configFile = "gamepack.yaml"

    /// Reads the project at `root`. Throws only when `root` is not a project or cannot be read;
    /// anything wrong inside it comes back in `diagnostics`.
    public static func load(at root: URL) async throws -> Project {
        try await load(at: root, parse: nil)
    }

    /// Throws unless `root` is an existing folder: every command that takes a project folder
    /// comes through here, so a typo gets one message, naming the path as it was given and the
    /// closest existing folder ("did you mean examples/gohike-amsterdam?").
    public static func checkFolder(_ root: URL) throws {
        var isDirectory: ObjCBool = false
        let given = root.relativePath
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw GamePackError.noSuchFolder(
                path: given, suggestion: Suggestions.existingPath(near: given, kind: .folder, base: root.baseURL))
        }
        guard isDirectory.boolValue else { throw GamePackError.notAFolder(path: given) }
    }

    /// `load(at:)` with another way to parse a content file (its bytes, project-relative path):
    /// the diff shares parses between two versions of a project this way.
    static func load(at root: URL, parse: (@Sendable (Data, String) -> SourceLoader.Outcome)?) async throws
        -> Project
    {
        let fm = FileManager.default
        try checkFolder(root)
        let root = root.standardizedFileURL
        let configURL = root.appendingPathComponent(configFile)
        guard fm.fileExists(atPath: configURL.path) else {
            throw GamePackError.notAProject(path: root.path)
        }
        var diagnostics: [Diagnostic] = []
        let sources = SourceTexts(root: root)

        // gamepack.yaml
        var config = ProjectConfig(id: "project", name: "Untitled", locales: ["en"], defaultLocale: "en")
        switch SourceLoader.load(contentsOf: configURL, path: configFile) {
        case .loaded(let node): config = ProjectConfig.parse(node, file: configFile, diagnostics: &diagnostics)
        case .failed(let problems): diagnostics += problems
        }

        // schema/
        var types: [String: ContentType] = [:]
        var schemaParser = SchemaParser()
        for (name, yaml) in BuiltinTypes.sources {
            if case .loaded(let node) = SourceLoader.load(data: Data(yaml.utf8), path: "<built-in \(name)>"),
                let type = schemaParser.parseType(name: name, root: node, sourceFile: nil)
            {
                types[name] = type
            }
        }
        precondition(schemaParser.diagnostics.isEmpty, "built-in types are invalid: \(schemaParser.diagnostics)")
        let schemaDir = root.appendingPathComponent("schema")
        let readSchema = ProjectWalker.topLevelFolder("schema", of: root, diagnostics: &diagnostics)
        for path in try readSchema ? listFiles(under: schemaDir, relativeTo: root, diagnostics: &diagnostics) : []
        where isSourceFile(path) {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            switch SourceLoader.load(contentsOf: root.appendingPathComponent(path), path: path) {
            case .loaded(let node):
                if let type = schemaParser.parseType(name: name, root: node, sourceFile: path) { types[name] = type }
            case .failed(let problems): diagnostics += problems
            }
        }
        diagnostics += schemaParser.diagnostics

        // content/
        let contentDir = root.appendingPathComponent("content")
        let readContent = ProjectWalker.topLevelFolder("content", of: root, diagnostics: &diagnostics)
        let contentFiles = try (readContent ? listFiles(under: contentDir, relativeTo: root, diagnostics: &diagnostics) : [])
            .filter(isSourceFile)
        let rootPath = root.path
        let loads = await contentFiles.concurrentMap { path -> (SourceLoader.Outcome, Bool) in
            let file = rootPath + "/" + path
            guard let data = SourceLoader.contents(of: file) else {
                return (SourceLoader.load(contentsOf: URL(fileURLWithPath: file, isDirectory: false), path: path), false)
            }
            return (parse?(data, path) ?? SourceLoader.load(data: data, path: path), SourceHash.isMarked(data))
        }
        var items: [ContentItem] = []
        var unloadedFiles: [String] = []
        var markedFiles: Set<String> = []
        for (path, (outcome, marked)) in zip(contentFiles, loads) {
            if marked { markedFiles.insert(path) }
            let components = path.split(separator: "/")
            guard components.count >= 3 else {
                diagnostics.append(
                    Diagnostic(
                        severity: .error, rule: LintRule.unknownCollection.rawValue,
                        message: "content files go in a collection folder: move it to content/<collection>/",
                        location: .file(path)))
                continue
            }
            let collection = String(components[1])
            switch outcome {
            case .failed(let problems):
                diagnostics += problems
                unloadedFiles.append(path)
            case .loaded(let node):
                let maps: [SourceNode]
                if let list = node.elements { maps = list } else { maps = [node] }
                for element in maps {
                    guard element.entries != nil else {
                        diagnostics.append(
                            Diagnostic(
                                severity: .error, rule: LintRule.wrongType.rawValue,
                                message: "an item is a map of fields (with an id); found \(element.kindDescription)",
                                location: element.location))
                        continue
                    }
                    let id = element["id"].flatMap(ItemID.init(node:))
                    items.append(ContentItem(collection: collection, id: id, node: element))
                }
            }
        }

        // assets/
        let assetsDir = root.appendingPathComponent("assets")
        let readAssets = ProjectWalker.topLevelFolder("assets", of: root, diagnostics: &diagnostics)
        let assetFiles = try readAssets ? listFiles(under: assetsDir, relativeTo: assetsDir, diagnostics: &diagnostics) : []

        return Project(
            root: root, config: config, types: types, items: items, contentFiles: contentFiles,
            markedFiles: markedFiles, unloadedFiles: unloadedFiles, assetFiles: assetFiles, diagnostics: diagnostics,
            sources: sources)
    }

    static func isSourceFile(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ext == "yaml" || ext == "yml" || ext == "json"
    }

    /// Regular files below `dir` (sorted, relative to `base`, `/`-separated), skipping hidden
    /// files; what cannot be read is reported (see `ProjectWalker`).
    static func listFiles(under dir: URL, relativeTo base: URL, diagnostics: inout [Diagnostic]) throws -> [String] {
        let projectRoot = base.path.hasSuffix("/assets") ? base.deletingLastPathComponent() : base
        return try ProjectWalker.listFiles(under: dir, relativeTo: base, projectRoot: projectRoot, diagnostics: &diagnostics)
    }

    /// The kind of a file system entry, from `lstat` (symlinks are not followed).
    enum FileKind {
        case regular, directory, symlink, other

        init(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                self = .other
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symlink
            default: self = .other
            }
        }
    }

    /// The content type of `collection`, if the project has one.
    public func type(of collection: String) -> ContentType? { types[collection] }

    /// The URL of an asset path (relative to `assets/`).
    public func assetURL(_ path: String) -> URL {
        root.appendingPathComponent("assets").appendingPathComponent(path)
    }
}

/// Source file texts by project-relative path, read lazily and cached, so reporters can show
/// the line a diagnostic points at.
public final class SourceTexts: @unchecked Sendable {
    private let root: URL
    private var cache: [String: [Substring]] = [:]
    private let lock = NSLock()

    public init(root: URL) { self.root = root }

    /// The 1-based line `line` of `file`, without its line break, if it can be read.
    public func line(_ line: Int, of file: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if cache[file] == nil {
            guard let data = try? Data(contentsOf: root.appendingPathComponent(file)),
                let text = String(data: data, encoding: .utf8)
            else { return nil }
            // "\r\n" is one Character in Swift: normalize it so CRLF files split into lines.
            cache[file] = text.replacingOccurrences(of: "\r\n", with: "\n").split(
                separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = cache[file], line >= 1, line <= lines.count else { return nil }
        var text = String(lines[line - 1])
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
