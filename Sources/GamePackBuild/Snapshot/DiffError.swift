import Foundation
import GamePackContent

/// Why a diff could not be made: unreadable or unrecognized inputs and git problems. The CLI
/// maps every case to exit status 2.
public enum DiffError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input does not exist; `suggestion` is the closest existing path when the name looks
    /// like a typo of one.
    case notFound(path: String, suggestion: String?)
    /// The input is neither a project folder, a pack, nor a content.json.
    case unknownKind(path: String, reason: String)
    /// A pack that cannot be read, or that has no target the diff reads.
    case unreadablePack(path: String, reason: String)
    /// A content.json that is not JSON or not a Go Take a Hike! content file.
    case invalidContent(path: String, reason: String)
    /// A Go Take a Hike! content file (an object with a list of `profiles`) with values that
    /// cannot be read: an id that is not a number, an image that is not base64, … (`reason`
    /// names each, with its line and column). `warnings`: what reading it warned of before,
    /// each after the input's path (printed with the error: see `WarningsKept`).
    case invalidValues(path: String, reason: String, warnings: [String] = [])
    /// A project whose files cannot be parsed: `problems` are `file:line:col: message` lines.
    case unreadableProject(path: String, problems: [String])
    /// A git command failed (not a repository, unknown revision).
    case git(revision: String, reason: String)
    /// The two inputs have no collection in common: they are not versions of one project.
    case mismatchedKinds(old: String, new: String, reason: String)
    /// `--collection` named a collection neither version has.
    case unknownCollection(name: String, available: [String])
    /// A file could not be read or written.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path, let suggestion):
            "\(path): no such file or folder" + (suggestion.map { "; did you mean \($0)?" } ?? "")
        case .unknownKind(let path, let reason):
            "\(path): \(reason); give a project folder, a .gamepack file, a content.json, or --git REV"
        case .unreadablePack(let path, let reason):
            "\(path): cannot read the pack: \(reason)"
        case .invalidContent(let path, let reason):
            "\(path): not a Go Take a Hike! content file: \(reason)"
        case .invalidValues(let path, let reason, _):
            "\(path): \(reason)"
        case .unreadableProject(let path, let problems):
            "\(path): the project cannot be read (fix these first, `gamepack lint` shows them all):\n"
                + problems.map { "  \($0)" }.joined(separator: "\n")
        case .git(let revision, let reason):
            "git revision '\(revision)': \(reason)"
        case .mismatchedKinds(let old, let new, let reason):
            "\(old) and \(new) cannot be compared: \(reason)"
        case .unknownCollection(let name, let available):
            "neither version has a collection named '\(name)'; collections: \(available.joined(separator: ", "))"
        case .io(let path, let reason):
            "\(path): \(reason)"
        }
    }
}

extension DiffError: WarningsKept {
    public var keptWarnings: [String] {
        if case .invalidValues(_, _, let warnings) = self { return warnings }
        return []
    }
}
