import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackKit

/// `gamepack schema`: shows the content types a project has.
struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "List a project's content types, or print one's definition.",
        discussion: """
            With --json-schema, writes one JSON Schema (draft-07) per content type for \
            editors: into .gamepack/schemas/ of the project unless --out names another \
            folder, and maps them to content/<collection>/ in .vscode/settings.json \
            (yaml.schemas) so the YAML language server completes and checks as you type. \
            Run it again after changing schema/, gamepack.yaml or the items.
            """
    )

    @Argument(help: "A collection name whose content type to print as YAML.")
    var collection: String?

    @Option(
        name: .shortAndLong,
        help: "The project folder (default: the current folder when it holds a gamepack.yaml; built-in types only otherwise).")
    var project: String?

    @Flag(help: "Write JSON Schemas of every content type (for editors and validators) instead of listing them.")
    var jsonSchema = false

    @Option(
        help: ArgumentHelp("With --json-schema: the folder to write into (default: PROJECT/.gamepack/schemas).", valueName: "dir")
    )
    var out: String?

    @Flag(
        inversion: .prefixedNo,
        help: "With --json-schema: create or update .vscode/settings.json and .vscode/extensions.json.")
    var editorSettings = true

    func validate() throws {
        if jsonSchema && collection != nil {
            throw ValidationError("--json-schema writes every content type; give no COLLECTION.")
        }
        if !jsonSchema && out != nil { throw ValidationError("--out goes with --json-schema.") }
    }

    func run() async throws {
        if jsonSchema { return try await writeJSONSchemas() }
        var custom: [String: String] = [:]
        var loaded: Project?
        // Without --project, the current folder is the project when it is one, so its own
        // types (schema/*.yaml) are listed like the built-in ones.
        let folder = project ?? (FileManager.default.fileExists(atPath: Project.configFile) ? "." : nil)
        if let folder {
            do {
                loaded = try await Project.load(at: URL(fileURLWithPath: folder))
            } catch {
                throw failure(error)
            }
            for type in loaded!.types.values {
                if let file = type.sourceFile { custom[type.name] = file }
            }
        }
        let builtins = Dictionary(uniqueKeysWithValues: BuiltinTypes.sources.map { ($0.name, $0.yaml) })
        guard let collection else {
            let names = Set(builtins.keys).union(custom.keys).sorted()
            for name in names {
                let origin = custom[name].map { "from \($0)" } ?? "built-in"
                let description = loaded?.types[name]?.description ?? ""
                print(
                    "\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(origin.padding(toLength: 24, withPad: " ", startingAt: 0)) \(description)"
                )
            }
            return
        }
        if let file = custom[collection], let root = loaded?.root,
            let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        {
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        } else if let yaml = builtins[collection] {
            print(yaml)
        } else {
            Terminal.error("no content type named '\(collection)'")
            throw ExitCode(2)
        }
    }

    /// `--json-schema`: the schemas, then the editor settings.
    func writeJSONSchemas() async throws {
        let folder = project ?? "."
        let loaded: Project
        do {
            loaded = try await Project.load(at: URL(fileURLWithPath: folder))
        } catch {
            throw failure(error)
        }
        let root = loaded.root
        let destination =
            out.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? root.appendingPathComponent(EditorSettings.defaultSchemaFolder)
        do {
            let names = try EditorSettings.writeSchemas(for: loaded, to: destination)
            print("Wrote \(names.count) JSON Schemas to \(destination.path): \(names.joined(separator: ", "))")
            guard editorSettings else { return }
            let outcome = try EditorSettings.update(
                projectRoot: root, collections: loaded.types.keys.sorted(),
                schemaFolder: EditorSettings.settingsPath(of: destination, projectRoot: root))
            for file in outcome.written { print("Updated \(file)") }
            for (file, reason) in outcome.skipped {
                Terminal.info(
                    "warning: \(root.appendingPathComponent(file).path) left as it is (\(reason)); map the schemas under \"yaml.schemas\" by hand (see the README's \"Editor support\")"
                )
            }
        } catch {
            throw failure(error)
        }
    }
}
