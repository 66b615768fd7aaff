import ArgumentParser
import Foundation
import GamePackKit

/// `gamepack schema`: shows the content types a project has.
struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "List a project's content types, or print one's definition."
    )

    @Argument(help: "A collection name whose content type to print as YAML.")
    var collection: String?

    @Option(
        name: .shortAndLong,
        help: "The project folder (default: the current folder when it holds a gamepack.yaml; built-in types only otherwise).")
    var project: String?

    func run() async throws {
        var custom: [String: String] = [:]
        var loaded: Project?
        // Without --project, the current folder is the project when it is one, so its own
        // types (schema/*.yaml) are listed like the built-in ones.
        let folder = project ?? (FileManager.default.fileExists(atPath: Project.configFile) ? "." : nil)
        if let folder {
            do {
                loaded = try await Project.load(at: URL(fileURLWithPath: folder))
            } catch {
                throw fail(error)
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
}
