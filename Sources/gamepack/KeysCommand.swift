import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat

/// `gamepack keys`: the chain of key sets that lets a project change its signing key.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Rotate the signing key: key sets that clients follow from the key they ship with.",
        discussion: """
            A key set lists the keys that may sign a project's packs and channel pointers. Each \
            set is signed by a key of the previous one (the first by the key the app ships with), \
            so clients follow the chain to the current keys, and a key a set removes is refused \
            from then on. `publish` uploads the sets to a server or writes them into a static tree.
            """,
        subcommands: [KeysRotateCommand.self, KeysShowCommand.self]
    )

    /// The folder of key sets: `--keys`, else `keys/` in the current folder.
    static func folder(_ option: String?) -> URL {
        URL(fileURLWithPath: option ?? "keys", isDirectory: true)
    }

    /// `--project`, else the id in `gamepack.yaml` in the current folder.
    static func project(_ option: String?) throws -> String {
        if let option { return option }
        let url = URL(fileURLWithPath: Project.configFile)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("no \(Project.configFile) in the current folder: pass --project with the project id")
        }
        guard case .loaded(let node) = SourceLoader.load(contentsOf: url, path: Project.configFile) else {
            throw ValidationError("cannot read \(Project.configFile): pass --project with the project id")
        }
        var diagnostics: [Diagnostic] = []
        return ProjectConfig.parse(node, file: Project.configFile, diagnostics: &diagnostics).id
    }
}

/// `gamepack keys show`: the chain of key sets in a folder.
struct KeysShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "List the key sets in a folder and the keys each one holds.")

    @Option(help: "The folder of key sets (default: keys/ in the current folder).")
    var keys: String?

    func run() throws {
        let folder = KeysCommand.folder(keys)
        do {
            let sets = try KeySetFolder.load(folder)
            guard !sets.isEmpty else {
                print("\(folder.path) holds no key sets yet; write the first with `gamepack keys rotate`.")
                return
            }
            let chain = try KeySetFolder.chain(sets, knownKeys: [], now: nil)
            for signed in sets {
                let signer = (try? MinisignSignature(fileContents: signed.signature))?.keyIDHex ?? "?"
                let keys = signed.set.keys.map { $0.id + ($0.expires.map { " (expires \($0))" } ?? "") }
                print(
                    "\(signed.set.project) key set \(signed.set.version), signed by \(signer): "
                        + keys.joined(separator: ", "))
            }
            if !chain.removed.isEmpty {
                print("Removed: " + chain.removed.keys.sorted().joined(separator: ", "))
            }
        } catch {
            throw failure(error)
        }
    }
}
