import ArgumentParser
import Foundation
import GamePackFormat
import GamePackPublishing

/// `gamepack promote --server URL --from staging --channel production`.
struct PromoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Point a channel at the exact pack another channel serves (staging → production).",
        discussion: """
            Signs a new pointer for --channel naming the pack of --from's current pointer. Its \
            sequence is --from's sequence, or one above --channel's when that is higher (so a \
            channel's sequence only grows).
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "The channel whose pack is promoted.")
    var from: String = ChannelOption.defaultChannel

    @Option(name: .customLong("channel"), help: "The channel to point at that pack (e.g. production).")
    var channelName: String?

    /// `--to CHANNEL`, the old name of `--channel`.
    @Option(name: .customLong("to"), help: .hidden)
    var toAlias: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    /// The channel promoted into: `--channel`, or its old name `--to`.
    var to: String { channelName ?? toAlias ?? "" }

    func validate() throws {
        guard try OptionAlias.merge(channelName, toAlias, newName: "--channel", oldName: "--to") != nil else {
            throw ValidationError("give the channel to promote into: --channel NAME (e.g. --channel production).")
        }
        guard ChannelPointer.isSafeName(from), ChannelPointer.isSafeName(to), from != to else {
            throw ValidationError("--from and --channel must be two different channel names")
        }
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let client = try serverOptions.client(requireToken: true)
            let project = try await serverOptions.resolveProject(client)
            guard let source = try await client.pointer(project: project, channel: from) else {
                Terminal.error("\(project)/\(from) has no pack to promote")
                throw ExitCode(1)
            }
            let target = try await client.pointer(project: project, channel: to)
            if let target, target.pack == source.pack {
                if !outputOptions.quiet {
                    print("\(project)/\(to) already serves \(source.version) (sequence \(target.sequence)); nothing to do")
                }
                return
            }
            let sequence = max(source.sequence, (target?.sequence ?? -1) + 1)
            let now = Date()
            let pointer = ChannelPointer(
                project: project, channel: to, sequence: sequence, version: source.version, pack: source.pack,
                size: source.size, manifest: source.manifest, created: ChannelPointer.formatTime(now),
                expires: signing.expires(from: now).map(ChannelPointer.formatTime),
                minimumClientFormat: source.minimumClientFormat,
                compatible: ChannelPointer.compatible(for: source.head, previous: target))
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: "promote")
            if !outputOptions.quiet {
                print("Promoted \(project) \(source.version) from \(from) to \(to) at sequence \(entry.sequence)")
            }
        } catch {
            throw failure(error, .publishing)
        }
    }
}
