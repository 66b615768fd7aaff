import ArgumentParser
import Foundation

/// `gamepack l10n`: translation coverage, XLIFF export and import, pseudo-localization.
struct L10nCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n",
        abstract: "Translation coverage, XLIFF 1.2 export and import, pseudo-localization.",
        subcommands: [L10nStatusCommand.self, L10nExportCommand.self, L10nImportCommand.self, L10nPseudoCommand.self]
    )
}
