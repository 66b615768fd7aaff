import Foundation

/// Errors that stop a GamePackKit operation before it can report diagnostics: usage and I/O
/// problems (the CLI maps them to exit status 2). Content problems are `Diagnostic`s instead.
public enum GamePackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `path` has no `gamepack.yaml`.
    case notAProject(path: String)
    /// The project folder `path` (as given) does not exist; `suggestion` is the closest
    /// existing folder when the name looks like a typo of one.
    case noSuchFolder(path: String, suggestion: String?)
    /// The project path `path` (as given) names a file, not a folder.
    case notAFolder(path: String)
    /// A file or folder could not be read or written.
    case io(path: String, reason: String)
    /// `gamepack init` was asked for a template that does not exist.
    case unknownTemplate(name: String, available: [String])
    /// The templates folder could not be found.
    case templatesNotFound(searched: [String])
    /// `gamepack init` would overwrite files.
    case destinationNotEmpty(path: String)
    /// A project id given on the command line is not valid.
    case invalidProjectID(String)
    /// A build target name is not known; `known` lists the targets there are.
    case unknownTarget(String, known: [String])
    /// A target could not be emitted.
    case buildFailed(target: String, reason: String)
    /// A pack offered for publishing failed verification (signature, files, names).
    case publishRefused(pack: String, reason: String)
    /// A channel already serves this sequence or a higher one.
    case sequenceNotIncreasing(channel: String, current: Int64, offered: Int64)

    public var description: String {
        switch self {
        case .notAProject(let path):
            "\(path) is not a gamepack project: it has no gamepack.yaml (create one with `gamepack init`)"
        case .noSuchFolder(let path, let suggestion):
            if let suggestion {
                "\(path) does not exist; did you mean \(suggestion)?"
            } else {
                "\(path) does not exist; give a project folder (one holding gamepack.yaml), or create one with `gamepack init \(path)`"
            }
        case .notAFolder(let path):
            "\(path) is a file, not a project folder; give the folder holding gamepack.yaml"
        case .io(let path, let reason):
            "\(path): \(reason)"
        case .unknownTemplate(let name, let available):
            "no template named '\(name)'; available: \(available.joined(separator: ", "))"
        case .templatesNotFound(let searched):
            "cannot find gamepack's templates folder (looked in \(searched.joined(separator: ", "))); set GAMEPACK_TEMPLATES to it"
        case .destinationNotEmpty(let path):
            "\(path) already exists and is not empty; choose a new folder"
        case .unknownTarget(let name, let known):
            "unknown target '\(name)'; targets: \(known.joined(separator: ", "))"
        case .buildFailed(let target, let reason):
            "the \(target) target failed: \(reason)"
        case .publishRefused(let pack, let reason):
            "cannot publish \(pack): \(reason)"
        case .sequenceNotIncreasing(let channel, let current, let offered):
            "the pack's sequence \(offered) is not higher than channel \(channel)'s \(current); build the pack again "
                + "with a higher sequence: from a newer commit, with a later SOURCE_DATE_EPOCH, or with "
                + "`gamepack build --sequence N` (N above \(current))"
        case .invalidProjectID(let id):
            "'\(id)' is not a valid project id: use lowercase letters, digits and dashes, starting with a letter"
        }
    }
}
