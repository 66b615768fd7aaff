import ArgumentParser
import Foundation
import GamePackFormat
import GamePackPublishing

/// `gamepack history --server URL --channel NAME`.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a channel's history, newest first: sequence, action, version, pack, times."
    )

    @OptionGroup var serverOptions: ServerOptions

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "Output format: text or json.")
    var format: String = "text"

    var channel: String { channelOption.channel }

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json") }
    }

    func run() async throws {
        do {
            let client = try serverOptions.client(requireToken: false)
            let project = try await serverOptions.resolveProject(client)
            let entries = try await client.history(project: project, channel: channel)
            if format == "json" {
                struct Output: Encodable {
                    var project: String
                    var channel: String
                    var entries: [ChannelHistoryEntry]
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(
                    String(
                        decoding: try encoder.encode(Output(project: project, channel: channel, entries: entries)), as: UTF8.self)
                )
                return
            }
            guard !entries.isEmpty else {
                print("\(project)/\(channel): no history")
                return
            }
            print("\(project)/\(channel)")
            let rows =
                [["SEQUENCE", "ACTION", "VERSION", "PACK", "CREATED", "EXPIRES"]]
                + entries.map { entry in
                    [
                        "\(entry.sequence)", Self.action(entry), entry.version, String(entry.pack.prefix(12)), entry.created,
                        entry.expires ?? "never",
                    ]
                }
            let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    row.enumerated().map { index, cell in
                        index == 5 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    }.joined(separator: "  "))
            }
        } catch {
            throw failure(error, .publishing)
        }
    }

    /// The action column: a rollout shows its pack's version, share and state.
    static func action(_ entry: ChannelHistoryEntry) -> String {
        guard let rollout = entry.rollout else { return entry.action }
        return
            "\(entry.action) \(rollout.pack.version.prefix(12)) at \(rollout.percentage)%\(rollout.isPaused ? " (paused)" : "")"
    }
}
