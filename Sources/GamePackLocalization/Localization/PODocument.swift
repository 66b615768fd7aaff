import Foundation

/// A gettext PO file read for import: its header fields and its entries as translation units,
/// after every check that does not need the project. The file is untrusted (it comes back from
/// a translator's tool), so reading refuses, collecting every problem with its line:
/// - bytes that are not UTF-8, or a header whose `Content-Type` names another charset;
/// - a string with a broken escape (`\q`, a lone `\` at the end) or an unterminated quote, a
///   line that is neither a comment, a keyword nor a string continuing one;
/// - an entry with `msgid_plural` or `msgstr[n]`: gamepack's texts have no plural forms;
/// - an entry without `msgid` or `msgstr`, and two entries with one `msgctxt` and `msgid`.
///
/// Obsolete entries (`#~`) are skipped. Each entry becomes a unit: its id the `msgctxt` (the
/// unit id gamepack's export writes); without one (xliff2po writes none, or a `file:line`
/// place to tell apart entries with one msgid) its places are its `#:` references (or that
/// msgctxt); `state` is `needs-review-translation` when it is `fuzzy`, else `translated`.
struct PODocument {
    /// The header entry's fields (`Language`, `Content-Type`, …), by name.
    var header: [String: String]
    /// The entries, in file order, as units (`line` is the entry's `msgctxt` or `msgid` line).
    var units: [XLIFFDocument.Unit]

    /// Reads and checks `data`, naming it `name` in problems. Throws
    /// `LocalizationError.invalidXLIFF` (the error for any translation file that cannot be
    /// imported) listing every problem found.
    static func read(_ data: Data, name: String) throws -> PODocument {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Data(bytes.dropFirst(3)) }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw LocalizationError.invalidXLIFF(
                file: name,
                problems: [
                    XLIFFProblem(line: 0, message: "the file is not UTF-8; save it as UTF-8 (charset=UTF-8 in its header)")
                ])
        }
        var parser = Parser()
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            parser.read(line.last == "\r" ? line.dropLast() : line, at: number)
        }
        parser.finishEntry()
        var problems = parser.problems
        var header: [String: String] = [:]
        var units: [XLIFFDocument.Unit] = []
        var seen: [String: Int] = [:]
        for entry in parser.entries {
            if entry.context == nil && entry.id == "" {
                for field in entry.string.split(separator: "\n") {
                    guard let colon = field.firstIndex(of: ":") else { continue }
                    let name = String(String(field[..<colon]).trimmedWhitespace)
                    header[name] = String(String(field[field.index(after: colon)...]).trimmedWhitespace)
                }
                if let type = header["Content-Type"], let range = type.range(of: "charset=") {
                    let charset = type[range.upperBound...].prefix { !$0.isWhitespace && $0 != ";" }
                    if charset.lowercased() != "utf-8" {
                        problems.append(
                            XLIFFProblem(
                                line: entry.line,
                                message:
                                    "the header says charset=\(charset); gamepack reads UTF-8 only: save the file as UTF-8 with charset=UTF-8"
                            ))
                    }
                }
                continue
            }
            let key = (entry.context ?? "") + "\u{4}" + entry.id
            if let first = seen[key] {
                problems.append(
                    XLIFFProblem(
                        line: entry.line,
                        message: "a second entry with this msgctxt and msgid (first at line \(first)); each text must appear once"
                    ))
                continue
            }
            seen[key] = entry.line
            var unit = XLIFFDocument.Unit(
                id: entry.context ?? "", line: entry.line, fileIndex: 0, source: entry.id, target: entry.string,
                state: entry.fuzzy ? "needs-review-translation" : "translated")
            unit.disapproved = entry.fuzzy
            if let context = entry.context {
                // xliff2po tells apart entries with one msgid by a msgctxt that is their place;
                // any other msgctxt is a unit id, and only it names the field.
                let place = Self.place(context)
                if place.line != nil {
                    unit.id = ""
                    unit.places = [place]
                }
            } else {
                unit.places = entry.references.map(Self.place)
            }
            units.append(unit)
        }
        guard problems.isEmpty else { throw LocalizationError.invalidXLIFF(file: name, problems: problems) }
        return PODocument(header: header, units: units)
    }

    /// A reference `file:line` (or `file`) as a place.
    static func place(_ reference: String) -> XLIFFDocument.Place {
        if let colon = reference.lastIndex(of: ":"), let line = Int(reference[reference.index(after: colon)...]) {
            return .init(file: String(reference[..<colon]), line: line)
        }
        return .init(file: reference, line: nil)
    }

    /// One entry while it is read.
    struct Entry {
        var line = 0
        var context: String?
        var id: String?
        var string: String?
        var fuzzy = false
        var references: [String] = []
        var obsolete = false
    }

    /// The line-by-line reader.
    struct Parser {
        var entries: [(line: Int, context: String?, id: String, string: String, fuzzy: Bool, references: [String])] = []
        var problems: [XLIFFProblem] = []
        var entry = Entry()
        /// Which string continuation lines add to.
        enum Part { case none, context, id, string, ignored }
        var part = Part.none
        /// Whether the entry has a keyword yet (comments after one start a new entry).
        var started = false

        mutating func finishEntry() {
            defer {
                entry = Entry()
                part = .none
                started = false
            }
            guard started, !entry.obsolete else { return }
            guard let id = entry.id, let string = entry.string else {
                problems.append(XLIFFProblem(line: entry.line, message: "an entry without msgid and msgstr"))
                return
            }
            entries.append((entry.line, entry.context, id, string, entry.fuzzy, entry.references))
        }

        mutating func read(_ line: Substring, at number: Int) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty {
                // A blank line ends the entry, or the comments of an obsolete one.
                if started { finishEntry() } else { entry = Entry() }
                return
            }
            if trimmed.hasPrefix("#") {
                if started { finishEntry() }
                if trimmed.hasPrefix("#~") {
                    entry.obsolete = true
                } else if trimmed.hasPrefix("#,") {
                    if trimmed.dropFirst(2).split(separator: ",").contains(where: { String($0).trimmedWhitespace == "fuzzy" }) {
                        entry.fuzzy = true
                    }
                } else if trimmed.hasPrefix("#:") {
                    entry.references += trimmed.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                }
                return
            }
            if trimmed.hasPrefix("\"") {
                guard let value = string(trimmed, at: number) else { return }
                switch part {
                case .context: entry.context? += value
                case .id: entry.id? += value
                case .string: entry.string? += value
                case .ignored: break
                case .none:
                    problems.append(XLIFFProblem(line: number, message: "a string that continues no keyword"))
                }
                return
            }
            let keyword = trimmed.prefix { !$0.isWhitespace }
            let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            if keyword == "msgid_plural" || keyword.hasPrefix("msgstr[") {
                problems.append(
                    XLIFFProblem(
                        line: number,
                        message:
                            "a plural form (\(keyword)): gamepack's texts have none; translate the entry as one msgstr"))
                part = .ignored
                return
            }
            guard ["msgctxt", "msgid", "msgstr"].contains(String(keyword)) else {
                problems.append(
                    XLIFFProblem(line: number, message: "`\(keyword.prefix(40))` is not a PO keyword, comment or string"))
                return
            }
            // A keyword that comes round again starts a new entry (no blank line between).
            if (keyword == "msgctxt" && started) || (keyword == "msgid" && entry.id != nil) { finishEntry() }
            if !started {
                started = true
                entry.line = number
            }
            let value = string(rest, at: number) ?? ""
            switch keyword {
            case "msgctxt":
                entry.context = value
                part = .context
            case "msgid":
                entry.id = value
                part = .id
            default:
                if entry.id == nil {
                    problems.append(XLIFFProblem(line: number, message: "msgstr before its msgid"))
                }
                entry.string = value
                part = .string
            }
        }

        /// The text of one quoted string with its escapes resolved; nil (and a problem) when it
        /// is broken.
        mutating func string(_ text: Substring, at number: Int) -> String? {
            var scalars = text.unicodeScalars[...]
            guard scalars.first == "\"" else {
                problems.append(XLIFFProblem(line: number, message: "a string must be in double quotes"))
                return nil
            }
            scalars = scalars.dropFirst()
            var out = ""
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                switch scalar {
                case "\"":
                    guard scalars.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                        problems.append(
                            XLIFFProblem(line: number, message: "text after the closing quote; escape a quote as \\\""))
                        return nil
                    }
                    return out
                case "\\":
                    guard let next = scalars.first else {
                        problems.append(XLIFFProblem(line: number, message: "a broken escape: `\\` at the end of the string"))
                        return nil
                    }
                    scalars = scalars.dropFirst()
                    switch next {
                    case "n": out += "\n"
                    case "t": out += "\t"
                    case "r": out += "\r"
                    case "\\": out += "\\"
                    case "\"": out += "\""
                    case "a": out += "\u{7}"
                    case "b": out += "\u{8}"
                    case "f": out += "\u{C}"
                    case "v": out += "\u{B}"
                    default:
                        problems.append(
                            XLIFFProblem(
                                line: number,
                                message:
                                    "a broken escape `\\\(next)`: PO strings know \\n, \\t, \\r, \\\\ and \\\" (and \\a \\b \\f \\v)"
                            ))
                        return nil
                    }
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
            problems.append(XLIFFProblem(line: number, message: "the string has no closing quote"))
            return nil
        }
    }
}
