import Foundation
import GamePackContent
import GamePackFormat
import GamePackLocalization

/// Reading a project from disk: `gamepack.yaml` (checked against the build targets gamepack
/// knows), `schema/`, `content/` and `assets/`. It sits above `Build/` and `Localization/`,
/// whose registry and source-hash marker it uses; the model it fills in is in `Project/`.
extension Project {
    /// Reads the project at `root`. Throws only when `root` is not a project or cannot be read;
    /// anything wrong inside it comes back in `diagnostics`.
    public static func load(at root: URL) async throws -> Project {
        try await load(at: root, parse: nil)
    }

    /// `load(at:)` with another way to parse a content file (its bytes, project-relative path):
    /// the diff shares parses between two versions of a project this way.
    package static func load(at root: URL, parse: (@Sendable (Data, String) -> SourceLoader.Outcome)?) async throws
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
        let config = loadConfig(configURL, diagnostics: &diagnostics)
        let types = try loadSchema(root: root, diagnostics: &diagnostics)
        // assets/ is listed while content/ is read (a folder of 20,000 photos takes a while);
        // its findings come after content's, as when one followed the other.
        async let assets = listAssets(root: root)
        let content = try await loadContent(root: root, parse: parse, diagnostics: &diagnostics)
        let (assetFiles, assetDiagnostics) = try await assets
        diagnostics += assetDiagnostics

        var project = Project(
            root: root, config: config, types: types, items: content.items, contentFiles: content.files,
            markedFiles: content.markedFiles, unloadedFiles: content.unloadedFiles, assetFiles: assetFiles,
            diagnostics: diagnostics, sources: sources)
        project.diagnostics += ClientFormatFeatures.check(project)
        return project
    }

    /// `gamepack.yaml`; the defaults when it cannot be read.
    static func loadConfig(_ configURL: URL, diagnostics: inout [Diagnostic]) -> ProjectConfig {
        switch SourceLoader.load(contentsOf: configURL, path: configFile) {
        case .loaded(let node):
            return ProjectConfig.parse(node, file: configFile, diagnostics: &diagnostics)
        case .failed(let problems):
            diagnostics += problems
            return ProjectConfig(id: "project", name: "Untitled", locales: ["en"], defaultLocale: "en")
        }
    }

    /// The built-in content types and those of `schema/`.
    static func loadSchema(root: URL, diagnostics: inout [Diagnostic]) throws -> [String: ContentType] {
        var types = BuiltinTypes.types
        var schemaParser = SchemaParser()
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
        return types
    }

    /// What `content/` holds: its source files, read side by side, and their items.
    struct LoadedContent {
        var files: [String]
        var items: [ContentItem] = []
        var unloadedFiles: [String] = []
        var markedFiles: Set<String> = []
    }

    /// Reads `content/`, each file with `parse` when given.
    static func loadContent(
        root: URL, parse: (@Sendable (Data, String) -> SourceLoader.Outcome)?, diagnostics: inout [Diagnostic]
    ) async throws -> LoadedContent {
        let contentDir = root.appendingPathComponent("content")
        let readContent = ProjectWalker.topLevelFolder("content", of: root, diagnostics: &diagnostics)
        var content = LoadedContent(
            files: try (readContent ? listFiles(under: contentDir, relativeTo: root, diagnostics: &diagnostics) : [])
                .filter(isSourceFile))
        let rootPath = root.path
        let folders = FolderHandles(root: rootPath, folders: Set(content.files.map(FolderHandles.folder(of:))))
        // Each file is read, parsed and split into its items side by side; what the files hold
        // is then added in file order, as one pass over them would.
        let loads = await content.files.concurrentMap { path -> LoadedFile in
            guard let data = SourceLoader.contents(of: path, in: folders, root: rootPath) else {
                let file = rootPath + "/" + path
                let outcome = SourceLoader.load(contentsOf: URL(fileURLWithPath: file, isDirectory: false), path: path)
                return LoadedFile(path: path, outcome: outcome, marked: false)
            }
            return LoadedFile(
                path: path, outcome: parse?(data, path) ?? SourceLoader.load(data: data, path: path),
                marked: SourceHash.isMarked(data))
        }
        content.items.reserveCapacity(loads.reduce(0) { $0 + $1.items.count })
        for file in loads {
            if file.marked { content.markedFiles.insert(file.path) }
            diagnostics += file.problems
            if file.failed { content.unloadedFiles.append(file.path) }
            content.items += file.items
        }
        return content
    }

    /// One content file as read: its items, or what kept it from loading.
    struct LoadedFile: Sendable {
        var path: String
        var items: [ContentItem] = []
        var problems: [Diagnostic] = []
        /// Whether it could not be parsed.
        var failed = false
        /// Whether its text holds a stored source hash (`SourceHash.isMarked`).
        var marked: Bool

        init(path: String, outcome: SourceLoader.Outcome, marked: Bool) {
            self.path = path
            self.marked = marked
            let components = path.split(separator: "/")
            guard components.count >= 3 else {
                problems.append(
                    Diagnostic(
                        severity: .error, rule: RuleID.unknownCollection,
                        message: "content files go in a collection folder: move it to content/<collection>/",
                        location: .file(path)))
                return
            }
            switch outcome {
            case .failed(let found):
                problems = found
                failed = true
            case .loaded(let node):
                items = ContentItem.items(in: node, collection: String(components[1]), problems: &problems)
            }
        }
    }

    /// The files of `assets/` (relative to it), and what could not be read there.
    static func listAssets(root: URL) throws -> (files: [String], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let assetsDir = root.appendingPathComponent("assets")
        let readAssets = ProjectWalker.topLevelFolder("assets", of: root, diagnostics: &diagnostics)
        let files = try readAssets ? listFiles(under: assetsDir, relativeTo: assetsDir, diagnostics: &diagnostics) : []
        return (files, diagnostics)
    }

    /// Regular files below `dir` (sorted, relative to `base`, `/`-separated), skipping hidden
    /// files; what cannot be read is reported (see `ProjectWalker`).
    static func listFiles(under dir: URL, relativeTo base: URL, diagnostics: inout [Diagnostic]) throws -> [String] {
        let projectRoot = base.path.hasSuffix("/assets") ? base.deletingLastPathComponent() : base
        return try ProjectWalker.listFiles(under: dir, relativeTo: base, projectRoot: projectRoot, diagnostics: &diagnostics)
    }
}
