import Foundation
import GamePackContent

/// Starter projects for `gamepack init`, copied from the `templates/` folder.
///
/// The folder is found, in order: `$GAMEPACK_TEMPLATES`; `share/gamepack/templates` next to the
/// installed binary (`<prefix>/bin/gamepack`); the `templates/` folder of the source checkout the
/// binary was built from (so `swift build` then `.build/debug/gamepack init` works from any
/// directory).
public enum ProjectTemplate {
    /// The text in template files replaced by the new project's id and name.
    static let idPlaceholder = "{{id}}"
    static let namePlaceholder = "{{name}}"

    /// Candidate template folders, most specific first.
    public static func searchPaths(executable: URL? = Bundle.main.executableURL) -> [URL] {
        var paths: [URL] = []
        if let env = ProcessInfo.processInfo.environment["GAMEPACK_TEMPLATES"], !env.isEmpty {
            paths.append(URL(fileURLWithPath: env))
        }
        if let executable = executable?.resolvingSymlinksInPath() {
            let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
            paths.append(prefix.appendingPathComponent("share/gamepack/templates"))
        }
        // This file is Sources/GamePackKit/Templates/ProjectTemplate.swift in the checkout.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        paths.append(checkout.appendingPathComponent("templates"))
        return paths
    }

    /// The first template folder that exists.
    public static func locate() throws -> URL {
        let candidates = searchPaths()
        for url in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return url
            }
        }
        throw GamePackError.templatesNotFound(searched: candidates.map(\.path))
    }

    /// The names of the available templates: the folders holding a `gamepack.yaml` (not
    /// `ci/`, which holds the CI workflows `init --ci` adds).
    public static func available(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter {
            !$0.hasPrefix(".")
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/\(Project.configFile)").path)
        }.sorted()
    }

    /// Creates a project at `destination` from template `name`, with `id` and `name` filled in.
    /// Refuses to write into a folder that exists and is not empty. Writes into a temporary
    /// sibling folder first and renames it, so a failure leaves nothing half-made.
    /// - Returns: the project-relative paths of the files written.
    @discardableResult
    public static func instantiate(
        _ template: String, at destination: URL, projectID: String, projectName: String, templates: URL? = nil
    ) throws -> [String] {
        let folder = try templates ?? locate()
        let (staging, written) = try stage(
            template, at: destination, projectID: projectID, projectName: projectName, templates: folder)
        try commit(staging, to: destination)
        return written
    }

    /// `instantiate` that lets `finish` add files to the new project (CI workflows, editor
    /// settings, schemas: `ProjectTooling.add`) before it is moved into place, so a failure
    /// there leaves nothing behind either. `finish` gets the project folder and the templates
    /// folder and returns the paths it wrote.
    @discardableResult
    public static func instantiate(
        _ template: String, at destination: URL, projectID: String, projectName: String, templates: URL? = nil,
        finish: (URL, URL) async throws -> [String]
    ) async throws -> [String] {
        let folder = try templates ?? locate()
        let (staging, written) = try stage(
            template, at: destination, projectID: projectID, projectName: projectName, templates: folder)
        do {
            let added = try await finish(staging, folder)
            try commit(staging, to: destination)
            return Array(Set(written + added)).sorted()
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Copies template `template` into a temporary sibling folder of `destination` with the
    /// placeholders filled in. Returns that folder and the files written.
    static func stage(_ template: String, at destination: URL, projectID: String, projectName: String, templates folder: URL)
        throws -> (URL, [String])
    {
        let fm = FileManager.default
        let source = folder.appendingPathComponent(template)
        guard !template.utf8.contains(UInt8(ascii: "/")),
            fm.fileExists(atPath: source.appendingPathComponent(Project.configFile).path)
        else {
            throw GamePackError.unknownTemplate(name: template, available: available(in: folder))
        }
        guard ProjectConfig.isValidProjectID(projectID) else { throw GamePackError.invalidProjectID(projectID) }
        if fm.fileExists(atPath: destination.path) {
            let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? ["?"]
            if !contents.isEmpty { throw GamePackError.destinationNotEmpty(path: destination.path) }
        }
        let parent = destination.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".\(destination.lastPathComponent).gamepack-init-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            try? fm.removeItem(at: staging)
            try fm.copyItem(at: source, to: staging)
            var written: [String] = []
            let enumerator = fm.enumerator(at: staging, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(staging.standardizedFileURL.path.count + 1))
                written.append(relative)
                let ext = url.pathExtension.lowercased()
                guard ["yaml", "yml", "json", "md"].contains(ext), let text = try? String(contentsOf: url, encoding: .utf8),
                    text.contains(idPlaceholder) || text.contains(namePlaceholder)
                else { continue }
                let filled = text.replacingOccurrences(of: idPlaceholder, with: projectID)
                    .replacingOccurrences(of: namePlaceholder, with: yamlSafe(projectName))
                try filled.write(to: url, atomically: true, encoding: .utf8)
            }
            return (staging, written.sorted())
        } catch let error as GamePackError {
            try? fm.removeItem(at: staging)
            throw error
        } catch {
            try? fm.removeItem(at: staging)
            throw GamePackError.io(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Moves the staged project into place (replacing an empty `destination` folder).
    static func commit(_ staging: URL, to destination: URL) throws {
        let fm = FileManager.default
        do {
            if fm.fileExists(atPath: destination.path) { try fm.removeItem(at: destination) }
            try fm.moveItem(at: staging, to: destination)
        } catch {
            try? fm.removeItem(at: staging)
            throw GamePackError.io(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// A project id derived from a folder name: `My Game!` → `my-game`.
    public static func projectID(fromFolderName name: String) -> String {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                id.unicodeScalars.append(scalar)
            } else if !id.hasSuffix("-") && !id.isEmpty {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty || !(id.first!.isLetter) { id = "game" + (id.isEmpty ? "" : "-" + id) }
        return String(id.prefix(64))
    }

    /// A display name as a YAML double-quoted scalar when it needs quoting.
    static func yamlSafe(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" }
        if plain, !name.isEmpty, name.first != " " { return name }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
