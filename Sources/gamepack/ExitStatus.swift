import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat
import GamePackLocalization
import GamePackPublishing

/// Which errors a command counts as problems with the content (exit status 1); every other
/// error is a usage or I/O error (exit status 2).
enum FailureKind {
    /// Every error is a usage or I/O error (a project that does not load, a file that cannot
    /// be written).
    case usageOrIO
    /// `l10n`: a bad XLIFF file, one for another project or locale, duplicate ids and
    /// characters XML cannot hold are content problems.
    case localization
    /// `publish`, `promote`, `rollback`, `history`: the server's refusals of the content
    /// (signature, sequence, pack) and bad packs or signatures are content problems; an
    /// `ExitCode` already chosen passes through unreported.
    case publishing
}

/// Reports `error` on standard error and returns gamepack's exit status for it: 1 for content
/// problems as `kind` defines them, 2 for usage and I/O errors. The one place where a
/// command's error becomes an exit status. The warnings an error kept (`WarningsKept`) follow
/// it, so that none is lost.
func failure(_ error: Error, _ kind: FailureKind = .usageOrIO) -> ExitCode {
    defer {
        for warning in (error as? any WarningsKept)?.keptWarnings ?? [] { Terminal.warning(warning) }
    }
    switch kind {
    case .usageOrIO:
        Terminal.error("\(error)")
        return ExitCode(2)
    case .localization:
        Terminal.error("\(error)")
        guard let error = error as? LocalizationError else { return ExitCode(2) }
        switch error {
        case .invalidXLIFF, .wrongProject, .wrongLocale, .duplicateUnit, .characterNotAllowedInXML, .sourceTooLarge:
            return ExitCode(1)
        case .unknownLocale, .cannotEdit, .sourceChangedOnDisk, .io: return ExitCode(2)
        }
    case .publishing:
        if let exit = error as? ExitCode { return exit }
        if let validation = error as? ValidationError {
            Terminal.error(validation.message)
            return ExitCode(2)
        }
        Terminal.error("\(error)")
        if let refusal = error as? ContentServerClient.Failure, refusal.isContentRefusal { return ExitCode(1) }
        if error is PackError || error is SignatureError || error is RolloutError || error is KeySetError {
            return ExitCode(1)
        }
        return ExitCode(2)
    }
}
