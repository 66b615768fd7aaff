import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat

/// `gamepack inspect`: what is in a pack.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a pack's manifest: project, versions, sequence, files."
    )

    @Argument(help: "The .gamepack file.")
    var pack: String

    @Option(name: .shortAndLong, help: "text or json (the manifest itself).")
    var format: InspectFormat = .text

    enum InspectFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        try InputFile.require(pack, role: "pack")
        let manifest: PackManifest
        do {
            manifest = try PackArchive.Reader(url: URL(fileURLWithPath: pack)).manifest()
        } catch {
            Terminal.error("\(pack): \(error)")
            throw ExitCode(1)
        }
        // With --quiet only the exit status says whether the pack's manifest can be read.
        guard !outputOptions.quiet else { return }
        switch format {
        case .json:
            FileHandle.standardOutput.write(try manifest.encoded())
        case .text:
            var lines = [
                "\(manifest.name) (\(manifest.project))",
                "version    \(manifest.version)",
                "sequence   \(manifest.sequence)",
                "created    \(manifest.created)",
                "expires    \(manifest.expires ?? "never")",
                "locales    \(manifest.locales.joined(separator: ", "))",
            ]
            // Only packs that need more than every client reads say so (their manifest has the key).
            if let format = manifest.minimumClientFormat { lines.append("clients    content format \(format) or newer") }
            for target in manifest.targets { lines.append("target     \(target) \(manifest.versions[target] ?? "")") }
            let total = manifest.files.reduce(Int64(0)) { $0 + $1.size }
            lines.append("files      \(manifest.files.count) (\(ByteCount.describe(Int(total))) uncompressed)")
            for file in manifest.files {
                lines.append("  \(file.path)  \(ByteCount.describe(Int(file.size)))  sha256:\(file.sha256.prefix(16))…")
            }
            // A pack's manifest is input like any other: its texts are shown as `TerminalText` does.
            print(TerminalText.shown(lines.joined(separator: "\n")))
        }
    }
}
