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
            nginx, a CDN or object storage. With --rollout N%, the pack goes to N% of installs \
            only and the others keep the channel's current pack; widen, pause, complete or \
            revert it with `gamepack rollout`. See docs/publishing.md.
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

    @Option(
        help: ArgumentHelp(
            "Give the pack to this share of installs only, e.g. 10%.",
            discussion:
                "The other installs keep the channel's current pack. Each install's share is fixed by a random id it keeps."))
    var rollout: String?

    @Option(help: "The folder of key sets to publish before the pack (default: keys/ in the current folder, when it exists).")
    var keys: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    var channel: String { channelOption.channel }

    /// `--rollout` as a whole percentage.
    var rolloutPercentage: Int? { rollout.flatMap(ChannelRollout.parsePercentage) }

    /// The static tree's folder: `--out`, or its old name `--to`.
    var folder: String? { out ?? toAlias }

    func validate() throws {
        let folder = try OptionAlias.merge(out, toAlias, newName: "--out", oldName: "--to")
        guard (server == nil) != (folder == nil) else { throw ValidationError("give exactly one of --server URL and --out DIR") }
        if let server { try ServerOptions.validate(server: server) }
        if let rollout, ChannelRollout.parsePercentage(rollout) == nil {
            throw ValidationError("--rollout: give a whole percentage from 0 to 100, such as 10%")
        }
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
            try await uploadKeySets(project: manifest.project, client: client)
            let stored = try await client.uploadPack(at: url, sha256: digest.sha256, signature: signatureText)
            let now = Date()
            let created = ChannelPointer.formatTime(now), expires = signing.expires(from: now).map(ChannelPointer.formatTime)
            let reference = ChannelPointer.reference(
                to: manifest, pack: digest.sha256, size: digest.size, manifestSHA256: Digest.sha256Hex(manifestBytes))
            let current = try await client.pointer(project: manifest.project, channel: channel)
            let pointer: ChannelPointer
            if let percentage = rolloutPercentage {
                guard let current else {
                    Terminal.error("\(manifest.project)/\(channel) has no pack yet; publish its first pack without --rollout")
                    throw ExitCode(1)
                }
                pointer = try current.startingRollout(
                    of: reference, percentage: percentage, sequence: manifest.sequence, created: created, expires: expires)
            } else {
                // It keeps, for apps too old for this pack, the newest pack each older content format reads.
                pointer = ChannelPointer(
                    project: manifest.project, channel: channel, sequence: manifest.sequence, version: manifest.version,
                    pack: reference.pack, size: reference.size, manifest: reference.manifest, created: created,
                    expires: expires, minimumClientFormat: reference.minimumClientFormat,
                    compatible: ChannelPointer.compatible(for: reference, previous: current))
            }
            let action = rolloutPercentage == nil ? "publish" : "rollout"
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: action)
            if !outputOptions.quiet {
                let share = rolloutPercentage.map { " for \($0)% of installs" } ?? ""
                print(
                    "Published \(manifest.project) \(manifest.version) to \(channel)\(share) at sequence \(entry.sequence)"
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
            try publishKeySets(pack: pack, folder: folder, key: key, now: now)
            pointer = try StaticPublisher(root: URL(fileURLWithPath: folder)).publish(
                packAt: pack, signatureAt: signature, channel: channel, key: key, expires: signing.expires(from: now),
                now: now, rollout: rolloutPercentage)
        } catch let error as GamePackError {
            Terminal.error("\(error)")
            switch error {
            case .publishRefused, .sequenceNotIncreasing: throw ExitCode(1)
            default: throw ExitCode(2)
            }
        }
        guard !outputOptions.quiet else { return }
        let share = rolloutPercentage.map { " for \($0)% of installs" } ?? ""
        print(
            "Published \(pointer.project) \(pointer.rollout?.pack.version ?? pointer.version)\(share) to \(folder)/\(PublishLayout.channelPointer(project: pointer.project, channel: channel))"
                + " at sequence \(pointer.sequence)")
    }
}
