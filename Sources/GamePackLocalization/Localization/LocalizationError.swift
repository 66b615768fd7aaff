import Foundation
import GamePackContent

/// A problem found in an XLIFF file, at a 1-based line and column of that file when known
/// (libxml2's position for malformed XML and schema errors; the element's line otherwise).
public struct XLIFFProblem: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line in the XLIFF file; 0 when unknown.
    public var line: Int
    /// 1-based column; 0 when unknown (libxml2 gives columns for well-formedness errors only).
    public var column: Int
    /// What is wrong and, where obvious, how to fix it.
    public var message: String

    public init(line: Int, column: Int = 0, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`, or `line: message` when the column is unknown.
    public var description: String {
        switch (line > 0, column > 0) {
        case (true, true): "\(line):\(column): \(message)"
        case (true, false): "\(line): \(message)"
        default: message
        }
    }
}

/// Errors that stop a localization operation (status, export, import, pseudo-localization).
/// Nothing is written when one is thrown. The CLI maps `invalidXLIFF` and `wrongProject`/
/// `wrongLocale` to content problems and the rest to usage or I/O errors.
public enum LocalizationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The locale asked for is not one of the project's translation locales.
    case unknownLocale(String, available: [String])
    /// Two items of one collection share an id, so a unit id would name two texts.
    case duplicateUnit(id: String, locations: [SourceLocation])
    /// A text holds a character XML 1.0 cannot carry (U+0000–U+0008, U+000B, U+000C,
    /// U+000E–U+001F, U+FFFE, U+FFFF); `scalar` is written `U+000B`.
    case characterNotAllowedInXML(unit: String, locale: String, scalar: String, location: SourceLocation?)
    /// The XLIFF file is not well-formed, not XLIFF 1.2, not valid against the strict schema, or
    /// breaks one of gamepack's rules (DOCTYPE, duplicate ids, markup in a target). All problems
    /// found are listed.
    case invalidXLIFF(file: String, problems: [XLIFFProblem])
    /// The XLIFF file was exported from another project (`original` is that project's id).
    case wrongProject(file: String, found: String, expected: String)
    /// The XLIFF file's languages do not fit the project (or the locale asked for).
    case wrongLocale(file: String, found: String, expected: String)
    /// A source file cannot be edited in place safely; nothing was written.
    case cannotEdit(location: SourceLocation, reason: String)
    /// A source file changed on disk after the project was loaded.
    case sourceChangedOnDisk(file: String)
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// Writing the translations would make a source file larger than lint and build read
    /// (`SourceLoader.maxFileBytes`); nothing was written.
    case sourceTooLarge(file: String, bytes: Int, limit: Int64)

    public var description: String {
        switch self {
        case .unknownLocale(let locale, let available):
            available.isEmpty
                ? "the project has no locale to translate into (add one to `locales` in gamepack.yaml); `\(locale)` was asked for"
                : "`\(locale)` is not a translation locale of this project; use one of: \(available.joined(separator: ", "))"
        case .duplicateUnit(let id, let locations):
            "two texts would share the XLIFF unit id `\(id)` (\(locations.map(\.description).joined(separator: ", "))); fix the duplicate id first (`gamepack lint` reports it)"
        case .characterNotAllowedInXML(let unit, let locale, let scalar, let location):
            "\(location.map { "\($0): " } ?? "")the \(locale) text of unit `\(unit)` contains \(scalar), which XML 1.0 cannot carry; remove it from the text"
        case .invalidXLIFF(let file, let problems):
            "\(file) cannot be imported:\n" + problems.map { "  \(file):\($0)" }.joined(separator: "\n")
        case .wrongProject(let file, let found, let expected):
            "\(file) was exported from project `\(found)`, not `\(expected)`; import it into that project"
        case .wrongLocale(let file, let found, let expected):
            "\(file) is for \(found), but \(expected) was expected"
        case .cannotEdit(let location, let reason):
            "\(location): cannot write the translation into this file: \(reason)"
        case .sourceChangedOnDisk(let file):
            "\(file) changed on disk after the project was loaded; run the command again"
        case .io(let path, let reason):
            "\(path): \(reason)"
        case .sourceTooLarge(let file, let bytes, let limit):
            "\(file) would grow to \(ByteCount.describe(bytes)) with these translations, over the \(ByteCount.describe(Int(limit))) limit of a source file (lint and build would no longer read any of its items); nothing was written. Move some of its items into another file, or shorten the translations, and import again"
        }
    }
}
