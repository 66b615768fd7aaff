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
/// problems met while reading them (as diagnostics; the linter adds its own). Reading one from
/// disk (`load(at:)`) is in `ProjectLoading/Project+Load.swift`.
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

    package init(
        root: URL, config: ProjectConfig, types: [String: ContentType], items: [ContentItem], contentFiles: [String],
        markedFiles: Set<String>, unloadedFiles: [String], assetFiles: [String], diagnostics: [Diagnostic],
        sources: SourceTexts
    ) {
        self.root = root
        self.config = config
        self.types = types
        self.items = items
        self.contentFiles = contentFiles
        self.markedFiles = markedFiles
        self.unloadedFiles = unloadedFiles
        self.assetFiles = assetFiles
        self.diagnostics = diagnostics
        self.sources = sources
    }

    /// The file name of the config.
    public static let configFile = "gamepack.yaml"

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

    /// Whether `path` ends in `.yaml`, `.yml` or `.json`, in any case (as its `pathExtension`
    /// would say, read from the bytes: this runs once per file of the project).
    package static func isSourceFile(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let before = dot == bytes.startIndex ? nil : bytes[bytes.index(before: dot)]
        // A dot starting the name (`.yaml`) begins a hidden file's name, not an extension.
        guard before != nil, before != UInt8(ascii: "/") else { return false }
        let ext = bytes[bytes.index(after: dot)...]
        guard (3...4).contains(ext.count), !ext.contains(UInt8(ascii: "/")) else { return false }
        let lower = ext.map { $0 | 0x20 }  // ASCII letters to lower case; others then fail to match
        return lower.elementsEqual("yaml".utf8) || lower.elementsEqual("yml".utf8) || lower.elementsEqual("json".utf8)
    }

    /// The kind of a file system entry, from `lstat` (symlinks are not followed).
    package enum FileKind {
        case regular, directory, symlink, other

        package init(_ path: String) {
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

    /// The URL of an asset path (relative to `assets/`). Said to be a file and a folder, so
    /// that Foundation does not `stat` both to find out (a build asks once per embedded image).
    public func assetURL(_ path: String) -> URL {
        root.appendingPathComponent("assets", isDirectory: true).appendingPathComponent(path, isDirectory: false)
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
