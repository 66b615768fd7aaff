import ArgumentParser
import Foundation
import GamePackFormat
import GamePackPublishing

/// `gamepack history --server URL --channel NAME [--adoption [--days N]]`.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a channel's history, newest first: sequence, action, version, pack, times.",
        discussion: """
            With --adoption, list instead how many installs ran each version on each of the last \
            --days UTC days, from the reports of apps that opted into adoption figures.
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "Output format: text or json.")
    var format: String = "text"

    @Flag(help: "List installs per version per day (opted-in apps' reports) instead of the pointer history.")
    var adoption = false

    @Option(help: "With --adoption: how many UTC days to list, today included (1–366).")
    var days: Int = 30

    var channel: String { channelOption.channel }

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json") }
        guard (1...366).contains(days) else { throw ValidationError("--days is a whole number 1–366") }
    }

    func run() async throws {
        do {
            let client = try serverOptions.client(requireToken: false)
            let project = try await serverOptions.resolveProject(client)
            if adoption {
                try await printAdoption(client, project: project)
                return
            }
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

    /// The explanation printed under the adoption table, at most 80 columns a line.
    static let adoptionNote = """
        Installs are the reports of apps that opted into adoption figures: each install
        reports at most once per UTC day and version, so a day's figure counts the
        opted-in installs that ran the version that day. Installs that never opted in,
        or never checked that day, are not counted.
        """

    /// `--adoption`: the channel's installs per version per day, newest day first.
    func printAdoption(_ client: ContentServerClient, project: String) async throws {
        let figures = try await client.adoption(project: project, channel: channel, days: days)
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(figures), as: UTF8.self))
            return
        }
        let span = "the last \(days) day\(days == 1 ? "" : "s")"
        guard !figures.figures.isEmpty else {
            print("\(project)/\(channel): no adoption reports in \(span)\n\n\(Self.adoptionNote)")
            return
        }
        print("\(project)/\(channel): installs per version per day, \(span)")
        var rows = [["DAY", "VERSION", "INSTALLS", "SHARE"]]
        for day in figures.figures {
            let total = max(day.installs, 1)
            for version in day.versions {
                let share = Double(version.installs) * 100 / Double(total)
                rows.append([day.day, version.version, "\(version.installs)", String(format: "%.1f%%", share)])
            }
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(
                row.enumerated().map { index, cell in
                    index == 3 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                }.joined(separator: "  "))
        }
        print("\n\(Self.adoptionNote)")
    }
}
