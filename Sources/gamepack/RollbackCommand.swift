import ArgumentParser
import Foundation
import GamePackFormat
import GamePackPublishing

/// `gamepack rollback --server URL --channel production [--pack-version VERSION]`.
struct RollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Point a channel back at an earlier pack, as a new entry with a higher sequence.",
        discussion: """
            Without --pack-version, goes back to the newest earlier entry whose pack differs from the \
            current one. The new pointer's sequence is one above the current, so clients that \
            refuse lower sequences still take the rollback.
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "The pack version to go back to, as `history` lists it (default: the previous pack).")
    var packVersion: String?

    /// `--to VERSION`, the old name of `--pack-version`.
    @Option(name: .customLong("to"), help: .hidden)
    var toAlias: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    var channel: String { channelOption.channel }

    /// The version asked for: `--pack-version`, or its old name `--to`.
    var version: String? { packVersion ?? toAlias }

    func validate() throws {
        _ = try OptionAlias.merge(packVersion, toAlias, newName: "--pack-version", oldName: "--to")
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let client = try serverOptions.client(requireToken: true)
            let project = try await serverOptions.resolveProject(client)
            let entries = try await client.history(project: project, channel: channel)
            guard let current = entries.first else {
                Terminal.error("\(project)/\(channel) has no history to roll back")
                throw ExitCode(1)
            }
            let target: ChannelHistoryEntry?
            if let version {
                guard version != current.version else {
                    Terminal.error("\(project)/\(channel) already serves \(version)")
                    throw ExitCode(1)
                }
                target = entries.first { $0.version == version }
            } else {
                target = entries.first { $0.pack != current.pack }
            }
            guard let target else {
                Terminal.error(
                    version.map { "\(project)/\(channel) never served version \($0)" }
                        ?? "\(project)/\(channel) has no earlier pack to roll back to")
                throw ExitCode(1)
            }
            let now = Date()
            // The pack rolled back to needs the client format its manifest says; the channel's
            // current pointer gives the packs kept for older apps.
            let manifest = try await client.manifest(pack: target.pack)
            let previous = try await client.pointer(project: project, channel: channel)
            let head = PackReference(
                version: target.version, pack: target.pack, size: target.size, manifest: target.manifest,
                minimumClientFormat: manifest.minimumClientFormat)
            let pointer = ChannelPointer(
                project: project, channel: channel, sequence: current.sequence + 1, version: target.version,
                pack: target.pack, size: target.size, manifest: target.manifest, created: ChannelPointer.formatTime(now),
                expires: signing.expires(from: now).map(ChannelPointer.formatTime),
                minimumClientFormat: head.minimumClientFormat,
                compatible: ChannelPointer.compatible(for: head, previous: previous))
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: "rollback")
            if !outputOptions.quiet {
                print(
                    "Rolled back \(project)/\(channel) from \(current.version) to \(target.version) at sequence \(entry.sequence)"
                )
            }
        } catch {
            throw failure(error, .publishing)
        }
    }
}
