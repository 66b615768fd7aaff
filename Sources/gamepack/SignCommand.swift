import ArgumentParser
import Foundation
import GamePackFormat

/// `gamepack sign`: a detached minisign signature for a pack.
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a pack, writing PACK.minisig (verifiable with `minisign -Vm PACK -p KEY.pub`)."
    )

    @Argument(help: "The .gamepack file.")
    var pack: String

    @Option(help: "The minisign secret key file (default: the GAMEPACK_SECRET_KEY environment variable).")
    var key: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        try InputFile.require(pack, role: "pack")
        do {
            guard let source = try SigningKeySource.resolve(option: key) else {
                throw SigningProblem("no secret key: pass --key FILE or set \(SigningKeySource.environmentVariable)")
            }
            let url = URL(fileURLWithPath: pack)
            let manifest = try PackArchive.Reader(url: url).manifest()
            let text = try source.sign(fileAt: url, manifest: manifest)
            try Data(text.utf8).write(to: URL(fileURLWithPath: pack + ".minisig"), options: .atomic)
            if !outputOptions.quiet { print("Signed \(pack) with key \(source.key.publicKey.keyIDHex): \(pack).minisig") }
        } catch {
            throw failure(error)
        }
    }
}
