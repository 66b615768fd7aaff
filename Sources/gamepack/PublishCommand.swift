import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackPublishing

/// `gamepack publish PACK --server URL --channel NAME` or `gamepack publish PACK --out DIR --channel NAME`.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a signed pack to a channel on a server (--server) or in a static tree (--out).",
        discussion: """
            Checks the pack, uploads it with its signature (PACK.minisig) using the token in \
            GAMEPACK_TOKEN, then signs a channel pointer whose sequence is the pack's and makes \
            it the channel's head. With --out DIR, writes the same layout as static files for \
            nginx, a CDN or object storage. See docs/publishing.md.
            """
    )

    @Argument(help: "The .gamepack file (its signature is PACK.minisig unless --signature says otherwise).")
    var pack: String

    @Option(help: "The server's base URL.")
    var server: String?

    @Option(help: "A folder to publish into as a static tree, instead of a server.")
    var out: String?

    /// `--to DIR`, the old name of `--out`.
    @Option(name: .customLong("to"), help: .hidden)
    var toAlias: String?

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "The pack's signature file (default: PACK.minisig).")
    var signature: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    var channel: String { channelOption.channel }

    /// The static tree's folder: `--out`, or its old name `--to`.
    var folder: String? { out ?? toAlias }

    func validate() throws {
        let folder = try OptionAlias.merge(out, toAlias, newName: "--out", oldName: "--to")
        guard (server == nil) != (folder == nil) else { throw ValidationError("give exactly one of --server URL and --out DIR") }
        if let server { try ServerOptions.validate(server: server) }
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let url = URL(fileURLWithPath: pack)
            try InputFile.require(pack, role: "pack")
            let signaturePath = signature ?? pack + ".minisig"
            guard let signatureText = try? String(contentsOfFile: signaturePath, encoding: .utf8) else {
                Terminal.error("\(signaturePath): no signature; sign the pack first (gamepack sign \(pack))")
                throw ExitCode(1)
            }
            if let folder {
                try publishStatic(pack: url, signature: URL(fileURLWithPath: signaturePath), folder: folder, key: key)
                return
            }
            let manifest = try PackArchive.verifyContents(of: url)
            let manifestBytes = try PackArchive.Reader(url: url).data(at: PackFormat.manifestPath, limit: 16 << 20)
            let digest = try Digest.file(at: url)
            let client = try ServerOptions.client(server: server!, requireToken: true)
            let stored = try await client.uploadPack(at: url, sha256: digest.sha256, signature: signatureText)
            let now = Date()
            let head = ChannelPointer.reference(
                to: manifest, pack: digest.sha256, size: digest.size, manifestSHA256: Digest.sha256Hex(manifestBytes))
            let current = try await client.pointer(project: manifest.project, channel: channel)
            let pointer = ChannelPointer(
                project: manifest.project, channel: channel, sequence: manifest.sequence, version: manifest.version,
                pack: head.pack, size: head.size, manifest: head.manifest, created: ChannelPointer.formatTime(now),
                expires: signing.expires(from: now).map(ChannelPointer.formatTime),
                minimumClientFormat: head.minimumClientFormat, compatible: ChannelPointer.compatible(for: head, previous: current)
            )
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: "publish")
            if !outputOptions.quiet {
                print(
                    "Published \(manifest.project) \(manifest.version) to \(channel) at sequence \(entry.sequence)"
                        + " (pack \(digest.sha256.prefix(12)), \(stored ? "uploaded" : "already on the server"))")
            }
        } catch {
            throw failure(error, .publishing)
        }
    }

    /// `--out DIR`: the client library's `StaticPublisher` writes the tree (pointer last).
    func publishStatic(pack: URL, signature: URL, folder: String, key: MinisignSecretKey) throws {
        let now = Date()
        let pointer: ChannelPointer
        do {
            pointer = try StaticPublisher(root: URL(fileURLWithPath: folder)).publish(
                packAt: pack, signatureAt: signature, channel: channel, key: key, expires: signing.expires(from: now),
                now: now)
        } catch let error as GamePackError {
            Terminal.error("\(error)")
            switch error {
            case .publishRefused, .sequenceNotIncreasing: throw ExitCode(1)
            default: throw ExitCode(2)
            }
        }
        guard !outputOptions.quiet else { return }
        print(
            "Published \(pointer.project) \(pointer.version) to \(folder)/\(PublishLayout.channelPointer(project: pointer.project, channel: channel))"
                + " at sequence \(pointer.sequence)")
    }
}
