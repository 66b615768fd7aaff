import Crypto
import Foundation

/// The short hash of a default-locale text that a translation was made from, and the YAML
/// comment that stores it beside the translation in the source files.
///
/// ## The marker
///
/// A translation's source hash is written in the YAML comment at the end of the line on which
/// the translation's value starts, as `gamepack:source` followed by `KEY=HASH` pairs:
///
/// ```yaml
/// name:
///   en: "Green Trail"
///   nl: "Groene Pad"  # gamepack:source nl=3fa2b1c4
/// title: {en: Green Trail, nl: Groene Pad, de: Grüner Pfad}  # gamepack:source nl=3fa2b1c4 de=3fa2b1c4
/// ```
///
/// - `HASH` is the first 8 hex digits (lowercase) of the SHA-256 of the default-locale text's
///   UTF-8 bytes, exactly as the text is (line breaks such as `\r\n` included).
/// - `KEY` is the translation's locale. When several texts of one locale start on the same line
///   (several localized fields written as flow maps on one line), the key is qualified with the
///   field path of the unit id: `name.nl=…`, `description.nl=…`. A reader takes `FIELD.LOCALE`
///   first, then `LOCALE`.
/// - The same syntax serves block maps (the comment on the translation's own line) and flow
///   maps (one comment at the end of the map's line, one pair per locale).
/// - Other comment text on the line is kept: `# checked by Anna gamepack:source nl=3fa2b1c4`.
/// - `KEY=HASH:approved` records that the translator approved a translation that is identical
///   to the source text (a name such as `Obrechtkerk` that stays the same in Dutch), so it counts
///   as translated, not as an unreviewed copy. The approval holds for the source text of `HASH`
///   only: when the source text changes, the translation is stale like any other, and approving
///   it again takes a new import.
/// - JSON content files cannot hold comments, so their translations stay untracked.
///
/// YAML parsers drop comments, so the marker is read from the file's text by the line (1-based)
/// of the translation's `SourceNode`. A translation with a marker whose hash differs from the
/// current source text's hash is *stale*; one without a marker is *untracked* (never stale).
/// `gamepack l10n import` writes the marker; editors never need to.
public enum SourceHash {
    /// The marker word that starts the pairs in a comment.
    public static let marker = "gamepack:source"

    /// The short hash of a source text: the first 8 lowercase hex digits of SHA-256 of its UTF-8.
    public static func of(_ text: String) -> String {
        let digest = SHA256.hash(data: Data(text.utf8))
        return digest.prefix(4).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether a file's bytes contain the marker anywhere (a quick test before reading lines).
    public static func isMarked(_ data: Data) -> Bool {
        let marker = Array(marker.utf8)
        return data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count >= marker.count else { return false }
            var offset = 0
            while offset + marker.count <= buffer.count,
                let hit = memchr(base + offset, Int32(marker[0]), buffer.count - offset - marker.count + 1)
            {
                let position = base.distance(to: UnsafeRawPointer(hit))
                if marker.withUnsafeBytes({ memcmp(base + position, $0.baseAddress!, marker.count) }) == 0 { return true }
                offset = position + 1
            }
            return false
        }
    }

    /// Whether `text` has the form of a stored hash (8 hex digits).
    static func isHash(_ text: Substring) -> Bool {
        text.count == 8
            && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }
    }

    /// The suffix of a pair that records an approved identical translation: `nl=3fa2b1c4:approved`.
    public static let approvedSuffix = ":approved"

    /// The `KEY=HASH` pairs of the marker in a comment's text (the text after `#`), in order,
    /// each with whether it carries `:approved`. Empty when the comment has no marker.
    public static func pairs(inComment comment: Substring) -> [(key: String, hash: String, approved: Bool)] {
        guard let range = comment.range(of: marker) else { return [] }
        var result: [(key: String, hash: String, approved: Bool)] = []
        for token in comment[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            guard let equals = token.firstIndex(of: "="), equals != token.startIndex else { break }
            var hash = token[token.index(after: equals)...]
            let approved = hash.hasSuffix(approvedSuffix)
            if approved { hash = hash.dropLast(approvedSuffix.count) }
            guard isHash(hash) else { break }
            result.append((String(token[..<equals]), hash.lowercased(), approved))
        }
        return result
    }

    /// The hash stored for the text of `locale` in field `field` in a comment's pairs, and
    /// whether it is marked approved.
    package static func lookup(_ pairs: [(key: String, hash: String, approved: Bool)], field: String, locale: String)
        -> (hash: String, approved: Bool)?
    {
        guard let pair = pairs.first(where: { $0.key == "\(field).\(locale)" }) ?? pairs.first(where: { $0.key == locale }) else {
            return nil
        }
        return (pair.hash, pair.approved)
    }

    /// The text of a comment (starting with `#`) with the marker's pairs updated: `setting`
    /// replaces or adds pairs, `removing` drops keys. Other comment text is kept; an empty result
    /// means no comment is needed.
    static func updatedComment(
        _ existing: String?, setting: [(key: String, hash: String, approved: Bool)], removing: Set<String>
    ) -> String {
        var userText = ""
        var trailing = ""
        var pairs: [(key: String, hash: String, approved: Bool)] = []
        if let existing {
            var body = Substring(existing)
            if body.hasPrefix("#") { body = body.dropFirst() }
            if let range = body.range(of: marker) {
                userText = String(body[..<range.lowerBound])
                pairs = Self.pairs(inComment: body)
                // Whatever follows the pairs is the user's too.
                var rest = body[range.upperBound...]
                for _ in pairs {
                    rest = rest.drop { $0 == " " || $0 == "\t" }
                    rest = rest.drop { $0 != " " && $0 != "\t" }
                }
                trailing = rest.trimmingCharacters(in: .whitespaces)
            } else {
                userText = String(body)
            }
        }
        let setKeys = Set(setting.map(\.key))
        pairs.removeAll { removing.contains($0.key) || setKeys.contains($0.key) }
        pairs += setting
        userText = userText.trimmingCharacters(in: .whitespaces)
        var parts: [String] = []
        if !userText.isEmpty { parts.append(userText) }
        if !pairs.isEmpty {
            parts.append(
                ([marker] + pairs.map { "\($0.key)=\($0.hash)" + ($0.approved ? approvedSuffix : "") }).joined(separator: " "))
        }
        if !trailing.isEmpty { parts.append(trailing) }
        return parts.isEmpty ? "" : "# " + parts.joined(separator: " ")
    }
}

/// Finds where a YAML comment starts on one line of a source file. Hand-written because YAML
/// parsers (Yams, libyaml) drop comments and their positions.
///
/// The scan starts at a token boundary (the start of a value), follows quoted scalars, plain
/// scalars and flow indicators, and stops at the first `#` that is preceded by whitespace
/// outside a quoted scalar.
struct YAMLLineScanner {
    /// The outcome of scanning the rest of a line.
    struct Result {
        /// Index (in Unicode scalars) of the `#` starting the comment, if there is one.
        var commentStart: Int?
        /// Whether the line ends inside a quoted scalar (so nothing can be appended to it).
        var endsInQuote: Bool
    }

    private enum State { case boundary, plain, token, double, single }

    /// Scans `line` from index `start` (a token boundary).
    static func scan(_ line: [Unicode.Scalar], from start: Int) -> Result {
        var state = State.boundary
        var i = start
        let n = line.count
        func isSpace(_ index: Int) -> Bool { index < 0 || line[index] == " " || line[index] == "\t" }
        func spaceOrEnd(_ index: Int) -> Bool { index >= n || line[index] == " " || line[index] == "\t" }
        while i < n {
            let c = line[i]
            switch state {
            case .double:
                if c == "\\" {
                    i += 2
                    continue
                }
                if c == "\"" { state = .boundary }
            case .single:
                if c == "'" {
                    if i + 1 < n, line[i + 1] == "'" {
                        i += 2
                        continue
                    }
                    state = .boundary
                }
            case .token:
                if c == " " || c == "\t" { state = .boundary }
                if c == "," || c == "}" || c == "]" { state = .boundary }
            case .plain:
                if c == "#", isSpace(i - 1) { return Result(commentStart: i, endsInQuote: false) }
                if c == ":", spaceOrEnd(i + 1) { state = .boundary }
                if c == "," || c == "}" || c == "]" { state = .boundary }
            case .boundary:
                switch c {
                case " ", "\t", "{", "[", "}", "]", ",": break
                case "#":
                    if i == start || isSpace(i - 1) { return Result(commentStart: i, endsInQuote: false) }
                    state = .plain
                case "\"": state = .double
                case "'": state = .single
                case "&", "!", "*": state = .token
                case ":", "-", "?":
                    if !spaceOrEnd(i + 1) { state = .plain }
                default: state = .plain
                }
            }
            i += 1
        }
        return Result(commentStart: nil, endsInQuote: state == .double || state == .single)
    }
}
