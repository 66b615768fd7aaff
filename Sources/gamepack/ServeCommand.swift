import ArgumentParser
import Foundation
import GamePackFormat
import GamePackServer
import Logging

/// `gamepack serve`: run the content server, or manage its upload tokens.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the content server (modern v1 API and legacy gohike API), or manage its upload tokens.",
        subcommands: [ServeRunCommand.self, TokenCommand.self, MigrateBlobsCommand.self, GCCommand.self],
        defaultSubcommand: ServeRunCommand.self
    )
}
