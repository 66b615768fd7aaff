import Foundation
import GamePackFormat

/// Why an import stopped. Paths inside JSON files are written as `profiles[0].routes[2].image_data`;
/// rows of CSV files as `VC-Details.csv line 4`. Problems with the destination or with reading
/// and writing files are `GamePackError`s (`destinationNotEmpty`, `io`).
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input file is not JSON at all.
    case notJSON(file: String, reason: String)
    /// The value at `path` is not of the expected kind (`expected` says what it should be).
    case wrongShape(path: String, expected: String)
    /// The object at `path` lacks the required key `key`.
    case missingField(path: String, key: String)
    /// The value at `path` has the right kind but an unusable value.
    case invalidValue(path: String, reason: String)
    /// The string at `path` is not base64.
    case invalidBase64(path: String)
    /// The bytes at `path` are not an image gamepack knows (PNG, JPEG, GIF, WebP).
    case notAnImage(path: String, reason: String)
    /// Two items of `collection` have the id `id`, at `path` and at `firstPath`.
    case duplicateID(collection: String, id: String, path: String, firstPath: String)
    /// A folder that should hold a Kinvey export has none of its CSV files.
    case notAnExport(folder: String, expected: [String])
    /// A CSV file lacks a column the importer needs.
    case missingColumn(file: String, column: String)
    /// A CSV row cannot be read (`line` is 1-based).
    case malformedCSV(file: String, line: Int, reason: String)
    /// A file the importer wrote does not read back as YAML (a defect of the importer, caught
    /// before the project is moved into place).
    case unreadableOutput(file: String, reason: String)
    /// One of the problems above, where it is written in a JSON file.
    indirect case located(ImportError, at: JSONLocation)
    /// The problems above, found in one input file.
    indirect case inFile(String, ImportError)
    /// More than one of the problems above, all found in one pass.
    case several([ImportError])
    /// One of the problems above, with the warnings the same read gave before it stopped, each
    /// after the file's path (printed with it: see `WarningsKept`).
    indirect case warned(ImportError, warnings: [String])

    /// What went wrong and where, in one line (several lines for `several`).
    public var description: String {
        switch self {
        case .notJSON(let file, let reason):
            "\(file) is not JSON: \(reason)"
        case .wrongShape(let path, let expected):
            "\(path): expected \(expected)"
        case .missingField(let path, let key):
            "\(path.isEmpty ? "the top-level object" : path) has no `\(key)`"
        case .invalidValue(let path, let reason):
            "\(path): \(reason)"
        case .invalidBase64(let path):
            "\(path): not valid base64; write the image file's bytes as standard base64 (A–Z, a–z, 0–9, + and /, "
                + "padded with =), as `base64 -w0 photo.jpg` prints them, or null for no image"
        case .notAnImage(let path, let reason):
            "\(path): not an image (\(reason))"
        case .duplicateID(let collection, let id, let path, let firstPath):
            "\(path): \(collection) id \(id) is already used at \(firstPath)"
        case .notAnExport(let folder, let expected):
            "\(folder) holds none of \(expected.joined(separator: ", ")); is it a Kinvey export folder?"
        case .missingColumn(let file, let column):
            "\(file) has no column `\(column)`"
        case .malformedCSV(let file, let line, let reason):
            "\(file) line \(line): \(reason)"
        case .unreadableOutput(let file, let reason):
            "the imported \(file) does not read back (\(reason)); nothing was imported. This is a defect of gamepack's importer: please report it with the input"
        case .located(let problem, let location):
            "\(location): \(problem)"
        case .inFile(let file, let problem):
            "\(file): \(problem)"
        case .several(let problems):
            "\(problems.count) problems:\n" + problems.map { "  \($0.description)" }.joined(separator: "\n")
        case .warned(let problem, _):
            problem.description
        }
    }

    /// `error` with `warnings` kept (itself when there are none).
    package static func warned(_ error: ImportError, keeping warnings: [String]) -> ImportError {
        warnings.isEmpty ? error : .warned(error, warnings: warnings)
    }

    /// One error for a list of problems found in one pass (nil when there are none).
    package static func combined(_ problems: [ImportError]) -> ImportError? {
        problems.count > 1 ? .several(problems) : problems.first
    }
}

extension ImportError: WarningsKept {
    public var keptWarnings: [String] {
        if case .warned(_, let warnings) = self { return warnings }
        return []
    }
}
