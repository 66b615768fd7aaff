import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackPublishing

/// `gamepack rollout CHANNEL --to 50% | --complete | --pause | --resume | --revert`, on a server
/// (`--server URL`) or a static tree (`--out DIR`).
struct RolloutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollout",
        abstract: "Widen, pause, complete or revert a channel's staged rollout.",
        discussion: """
            A rollout starts with `gamepack publish PACK --channel CHANNEL --rollout 10%`. Each \
            step signs the channel's next pointer, one sequence above the current one, so \
            clients' rollback and freeze protection hold throughout. --to only widens: an \
            install in the rollout never moves back while it grows. --revert sends every \
            install back to the channel's previous pack; --complete gives the new pack to all.
            """
    )

    @Argument(help: "The channel whose rollout changes (e.g. production).")
    var channel: String

    @Option(help: "Widen the rollout to this share of installs, e.g. 50% (100% completes it).")
    var to: String?

    @Flag(help: "Give the rollout's pack to every install and end the rollout.")
    var complete = false

    @Flag(help: "Take no new installs into the rollout; those already on its pack keep it.")
    var pause = false

    @Flag(help: "Take new installs into a paused rollout again.")
    var resume = false

    @Flag(help: "End the rollout: every install goes back to the channel's previous pack.")
    var revert = false

    @Option(help: "The server's base URL, e.g. http://127.0.0.1:8080.")
    var server: String?

    @Option(help: "A static tree written by `gamepack publish --out DIR`, instead of a server.")
    var out: String?

    @Option(help: "The project (default: the only one on the server or in the tree).")
    var project: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        guard ChannelPointer.isSafeName(channel) else { throw ValidationError("CHANNEL: not a channel name") }
        guard (server == nil) != (out == nil) else { throw ValidationError("give exactly one of --server URL and --out DIR") }
        if let server { try ServerOptions.validate(server: server) }
        if let project, !ChannelPointer.isSafeName(project) { throw ValidationError("--project: not a project name") }
        let steps = [to != nil, complete, pause, resume, revert].filter { $0 }.count
        guard steps == 1 else {
            throw ValidationError("give exactly one of --to N%, --complete, --pause, --resume and --revert")
        }
        if let to, ChannelRollout.parsePercentage(to) == nil {
            throw ValidationError("--to: give a whole percentage from 0 to 100, such as 50%")
        }
    }

    /// The step the flags ask for.
    var change: RolloutChange {
        if let to { return .widen(to: ChannelRollout.parsePercentage(to)!) }
        if complete { return .complete }
        if pause { return .pause }
        if resume { return .resume }
        return .revert
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let now = Date()
            let pointer: ChannelPointer
            if let out {
                let root = URL(fileURLWithPath: out)
                pointer = try StaticPublisher(root: root).changeRollout(
                    project: try treeProject(root), channel: channel, change: change, key: key,
                    expires: signing.expires(from: now), now: now)
            } else {
                pointer = try await changeOnServer(key: key, now: now)
            }
            if !outputOptions.quiet { print(summary(of: pointer)) }
        } catch let error as GamePackError {
            Terminal.error("\(error)")
            if case .publishRefused = error { throw ExitCode(1) }
            throw ExitCode(2)
        } catch {
            throw failure(error, .publishing)
        }
    }

    func changeOnServer(key: MinisignSecretKey, now: Date) async throws -> ChannelPointer {
        let client = try ServerOptions.client(server: server!, requireToken: true)
        let project = try await ServerOptions.resolveProject(client, project: project)
        guard let current = try await client.pointer(project: project, channel: channel) else {
            throw RolloutError("\(project)/\(channel) has no pack yet; publish one first")
        }
        let next = try current.changingRollout(
            change, created: ChannelPointer.formatTime(now),
            expires: signing.expires(from: now).map(ChannelPointer.formatTime))
        _ = try await client.putPointer(try SignedPointer.sign(next, with: key), action: "rollout")
        return next
    }

    /// `--project`, else the tree's only project.
    func treeProject(_ root: URL) throws -> String {
        if let project { return project }
        let channels = root.appendingPathComponent("\(PublishLayout.prefix)/channels")
        let projects = ((try? FileManager.default.contentsOfDirectory(atPath: channels.path)) ?? [])
            .filter(ChannelPointer.isSafeName).sorted()
        guard projects.count == 1 else {
            throw ValidationError(
                projects.isEmpty
                    ? "\(channels.path) holds no project; publish a pack there first"
                    : "the tree holds several projects (\(projects.joined(separator: ", "))); pass --project")
        }
        return projects[0]
    }

    func summary(of pointer: ChannelPointer) -> String {
        let place = "\(pointer.project)/\(channel) at sequence \(pointer.sequence)"
        guard let rollout = pointer.rollout else {
            return change == .complete || change == .widen(to: 100)
                ? "Completed the rollout: \(place) serves \(pointer.version) to every install"
                : "Reverted the rollout: \(place) serves \(pointer.version) to every install"
        }
        let state = rollout.isPaused ? " (paused: no new installs join)" : ""
        return "Rollout of \(rollout.pack.version) on \(place): \(rollout.percentage)% of installs\(state); "
            + "the others keep \(pointer.version)"
    }
}
