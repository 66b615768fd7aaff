import ArgumentParser
import Foundation
import GamePackContent

/// The `gamepack` command: subcommands only; each turns flags into a library call and maps the
/// outcome to an exit status (0 clean, 1 content problems, 2 usage or I/O errors).
struct GamePack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gamepack",
        abstract: "Lint, build and sign game content packs from a content repository.",
        version: GamePackVersion.current,
        subcommands: [
            InitCommand.self, LintCommand.self, BuildCommand.self, VerifyCommand.self, InspectCommand.self,
            KeygenCommand.self, KeysCommand.self, SignCommand.self, ImportCommand.self, SchemaCommand.self, L10nCommand.self,
            DiffCommand.self, PreviewCommand.self, StudioCommand.self, ServeCommand.self, PublishCommand.self,
            PromoteCommand.self,
            RollbackCommand.self, RolloutCommand.self,
            HistoryCommand.self,
        ]
    )
}

@main
enum Main {
    static func main() async {
        do {
            var command = try GamePack.parseAsRoot()
            if !(command is LongRunningCommand) { CommandMemory.tuneForOneShot() }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser exits 64 on usage errors; gamepack promises 2.
            HelpText.exit(with: error, status: GamePack.exitCode(for: error) == .validationFailure ? 2 : nil)
        }
    }
}
