import Foundation
import GamePackContent

/// Wires a project's JSON Schemas into editors: writes the schemas into a folder (by default
/// `.gamepack/schemas/`, generated and not committed, since they list the project's current ids
/// and locales) and keeps `.vscode/settings.json` (`yaml.schemas`, read by Red Hat's YAML
/// extension) and `.vscode/extensions.json` (recommending that extension) current. Other
/// editors running yaml-language-server read the same mapping (see the README's "Editor
/// support").
public enum EditorSettings {
    /// The project-relative folder schemas go to unless `--out` says otherwise.
    public static let defaultSchemaFolder = ".gamepack/schemas"
    /// The VS Code extension that runs yaml-language-server.
    public static let yamlExtension = "redhat.vscode-yaml"
    /// The VS Code settings files, relative to the project.
    public static let settingsFile = ".vscode/settings.json"
    public static let extensionsFile = ".vscode/extensions.json"

    /// What updating the settings did.
    public struct Outcome: Sendable {
        /// Project-relative paths of the files written.
        public var written: [String] = []
        /// Files left alone, each with the reason (for a warning).
        public var skipped: [(file: String, reason: String)] = []
    }

    /// Writes one `<collection>.schema.json` per content type of `project` into `folder`
    /// (created when missing) and removes the `*.schema.json` files there of types that no
    /// longer exist. Each file is replaced atomically.
    /// - Returns: the file names written, sorted.
    @discardableResult
    public static func writeSchemas(for project: Project, to folder: URL) throws -> [String] {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            let schemas = JSONSchemaGenerator.schemas(for: project)
            var written: [String] = []
            for (collection, schema) in schemas.sorted(by: { $0.key < $1.key }) {
                let name = JSONSchemaGenerator.fileName(for: collection)
                let url = folder.appendingPathComponent(name)
                let data = schema.encoded()
                if (try? Data(contentsOf: url)) != data { try data.write(to: url, options: .atomic) }
                written.append(name)
            }
            let current = Set(written)
            for name in try fm.contentsOfDirectory(atPath: folder.path)
            where name.hasSuffix(".schema.json") && !current.contains(name) {
                try fm.removeItem(at: folder.appendingPathComponent(name))
            }
            return written
        } catch {
            throw GamePackError.io(path: folder.path, reason: error.localizedDescription)
        }
    }

    /// How `settings.json` names the schema folder: `./<path>` inside the project, else the
    /// absolute path.
    public static func settingsPath(of folder: URL, projectRoot: URL) -> String {
        let root = projectRoot.standardizedFileURL.path
        let path = folder.standardizedFileURL.path
        if path.hasPrefix(root + "/") { return "./" + path.dropFirst(root.count + 1) }
        return path
    }

    /// The `yaml.schemas` entries: each collection's schema → the globs of its content files.
    /// yaml-language-server matches a glob against the end of a file's path, so the mapping
    /// also works when the project is a folder inside the opened workspace.
    public static func yamlSchemas(collections: [String], schemaFolder: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for collection in collections {
            let key = schemaFolder + "/" + JSONSchemaGenerator.fileName(for: collection)
            result[key] = [
                "/content/\(collection)/*.yaml", "/content/\(collection)/*.yml",
                "/content/\(collection)/**/*.yaml", "/content/\(collection)/**/*.yml",
            ]
        }
        return result
    }

    /// Creates or updates `.vscode/settings.json` and `.vscode/extensions.json` below
    /// `projectRoot`: the `yaml.schemas` entries gamepack wrote before are replaced by the
    /// current ones; every other setting, schema mapping and recommendation is kept. A file
    /// with comments (VS Code allows them) is not rewritten, since rewriting would drop them;
    /// it is reported in `skipped` instead.
    public static func update(projectRoot: URL, collections: [String], schemaFolder: String) throws -> Outcome {
        var outcome = Outcome()
        let schemas = yamlSchemas(collections: collections, schemaFolder: schemaFolder)

        try edit(settingsFile, in: projectRoot, outcome: &outcome) { settings in
            var mapping = settings["yaml.schemas"] as? [String: Any] ?? [:]
            for (key, value) in mapping where isGamePackEntry(key: key, value: value, schemaFolder: schemaFolder) {
                mapping[key] = nil
            }
            for (key, globs) in schemas { mapping[key] = globs }
            settings["yaml.schemas"] = mapping
        }
        try edit(extensionsFile, in: projectRoot, outcome: &outcome) { extensions in
            var recommendations = extensions["recommendations"] as? [String] ?? []
            if !recommendations.contains(yamlExtension) { recommendations.append(yamlExtension) }
            extensions["recommendations"] = recommendations
        }
        return outcome
    }

    /// Whether a `yaml.schemas` entry is one gamepack wrote: a schema in the folder, or a
    /// `*.schema.json` mapped to content folders only (written for another `--out`).
    static func isGamePackEntry(key: String, value: Any, schemaFolder: String) -> Bool {
        if key.hasPrefix(schemaFolder + "/") { return true }
        guard key.hasSuffix(".schema.json") else { return false }
        let globs = (value as? [String]) ?? (value as? String).map { [$0] } ?? []
        return !globs.isEmpty && globs.allSatisfy { $0.hasPrefix("/content/") }
    }

    /// Reads the JSON object in `file` (or an empty one), lets `change` edit it, and writes it
    /// back with sorted keys when it changed.
    static func edit(_ file: String, in root: URL, outcome: inout Outcome, change: (inout [String: Any]) -> Void) throws {
        let url = root.appendingPathComponent(file)
        var object: [String: Any] = [:]
        var original: Data?
        if let data = try? Data(contentsOf: url) {
            original = data
            if JSONComments.contains(data) {
                outcome.skipped.append((file, "it has comments, which rewriting would drop"))
                return
            }
            let trimmed = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty {
                guard let parsed = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    outcome.skipped.append((file, "it is not a JSON object"))
                    return
                }
                object = parsed
            }
        }
        change(&object)
        do {
            var data = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            data.append(UInt8(ascii: "\n"))
            guard data != original else { return }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            outcome.written.append(file)
        } catch {
            throw GamePackError.io(path: url.path, reason: error.localizedDescription)
        }
    }
}

/// Finds `//` and `/* */` comments outside strings in a JSON-with-comments file such as VS
/// Code's settings (Foundation's JSON reader refuses them).
enum JSONComments {
    static func contains(_ data: Data) -> Bool {
        var inString = false, escaped = false
        var previous: UInt8 = 0
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*") {
                return true
            }
            previous = inString ? 0 : byte
        }
        return false
    }
}
