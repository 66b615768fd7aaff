import Foundation

/// Word-level diffs of texts, for reports of long texts: the longest common subsequence of
/// word and whitespace tokens, after trimming the common prefix and suffix, grouped into runs
/// of changes (see `segments(_:_:)`), or plain before and after for a rewritten text (see
/// `rewriteSimilarity`). Written by hand:
/// the Swift standard library's `difference(from:)` works on collections, but gives no segment
/// view and is slow on large inputs.
public enum WordDiff {
    /// Texts at least this long (characters) or with a line break are reported as word diffs.
    public static let longTextThreshold = 80

    /// Above this many cells in the table (old tokens × new tokens) the middle part is reported
    /// as one deletion and one insertion.
    static let maxCells = 4_000_000

    /// Whether a text is long enough to be shown as a word diff.
    public static func isLong(_ text: String) -> Bool {
        text.count >= longTextThreshold || text.contains("\n")
    }

    /// Whether two texts differ only in whitespace (runs collapsed, ends trimmed).
    public static func differOnlyInWhitespace(_ a: String, _ b: String) -> Bool {
        a != b && normalizedWhitespace(a) == normalizedWhitespace(b)
    }

    static func normalizedWhitespace(_ text: String) -> String {
        if let runs = whitespaceRuns(text) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            text.utf8.withContiguousStorageIfAvailable { bytes in
                for run in runs where !run.isSpace {
                    if !out.isEmpty { out.append(0x20) }
                    out.append(contentsOf: bytes[run.range])
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Words and whitespace runs.
    package static func tokens(_ text: String) -> [Substring] {
        if let runs = whitespaceRuns(text) {
            let utf8 = text.utf8
            return runs.map { run in
                let start = utf8.index(utf8.startIndex, offsetBy: run.range.lowerBound)
                return text[start..<utf8.index(start, offsetBy: run.range.count)]
            }
        }
        var out: [Substring] = []
        var start = text.startIndex
        var inSpace: Bool?
        var index = text.startIndex
        while index < text.endIndex {
            let space = text[index].isWhitespace
            if let current = inSpace, current != space {
                out.append(text[start..<index])
                start = index
            }
            inSpace = space
            index = text.index(after: index)
        }
        if start < text.endIndex { out.append(text[start...]) }
        return out
    }

    /// The runs of words and of white space of `text`, as byte ranges, when no scalar of it is
    /// above U+02FF (ASCII, Latin-1 and the Latin extensions: Dutch, German, French texts);
    /// nil for any other text. There every scalar is a character of its own but "\r\n", both
    /// of whose bytes are white space, and the white space is U+0009–U+000D, U+0020, U+0085 and
    /// U+00A0 (checked for every scalar and pair of scalars below U+0300 by the tests), so
    /// splitting the bytes gives the runs that splitting the characters gives, without looking
    /// up a Unicode property for each character. A byte of 0xCC or more starts a scalar from
    /// U+0300 on.
    static func whitespaceRuns(_ text: String) -> [(range: Range<Int>, isSpace: Bool)]? {
        let runs = text.utf8.withContiguousStorageIfAvailable { bytes -> [(range: Range<Int>, isSpace: Bool)]? in
            var runs: [(range: Range<Int>, isSpace: Bool)] = []
            var start = 0
            var inSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let space: Bool
                let width: Int
                if byte < 0x80 {
                    space = String.isASCIIWhitespace(byte)
                    width = 1
                } else if byte >= 0xCC {
                    return nil
                } else {
                    // A two-byte scalar, U+0080–U+02FF (a String is valid UTF-8).
                    space = byte == 0xC2 && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0)
                    width = 2
                }
                if index > 0, space != inSpace {
                    runs.append((start..<index, inSpace))
                    start = index
                }
                inSpace = space
                index += width
            }
            if start < bytes.count { runs.append((start..<bytes.count, inSpace)) }
            return runs
        }
        return runs ?? nil
    }

    /// Below this similarity two texts count as rewritten, and their diff is the whole old text
    /// removed and the whole new text added (plain before and after), because a word diff of
    /// texts with little in common interleaves them into something neither reads like.
    ///
    /// The similarity is the share of words the two texts have in common, as difflib's ratio
    /// counts it: 2 × (words of the longest common subsequence) / (words of old + words of new).
    /// At 0.4, a 20-word text whose words are all replaced but 7 is shown as before and after
    /// (2 × 7 / 40 = 0.35); keeping 8 (0.4) or more, say a sentence changed in a paragraph, it
    /// is a word diff.
    public static let rewriteSimilarity = 0.4

    /// Whether `segments` (from `segments(_:_:)`) show a rewritten text: no unchanged words,
    /// just the old text removed and the new one added.
    public static func isRewrite(_ segments: [WordSegment]) -> Bool {
        !segments.isEmpty && !segments.contains { $0.op == .equal }
    }

    /// The segments turning `old` into `new`, read like `git diff --word-diff`: changed words
    /// separated only by whitespace form one run, all its removed words (one `delete`) then all
    /// its added words (one `insert`), never alternating word by word. When the texts are less
    /// similar than `rewriteSimilarity`, the whole of `old` is deleted and the whole of `new`
    /// inserted (no `equal` segment). The `equal` and `delete` texts joined give `old`; the
    /// `equal` and `insert` texts joined give `new`.
    public static func segments(_ old: String, _ new: String) -> [WordSegment] {
        let ops = tokenOperations(old, new)
        let shared = ops.filter { $0.op == .equal && !isSpace($0.text) }.count
        let words = ops.filter { !isSpace($0.text) }.count + shared  // each equal word is in both texts
        if old != new, words > 0, Double(2 * shared) / Double(words) < rewriteSimilarity {
            return (old.isEmpty ? [] : [WordSegment(.delete, old)]) + (new.isEmpty ? [] : [WordSegment(.insert, new)])
        }
        var out: [WordSegment] = []
        func append(_ op: WordSegment.Operation, _ text: String) {
            guard !text.isEmpty else { return }
            if let last = out.last, last.op == op {
                out[out.count - 1].text += text
            } else {
                out.append(WordSegment(op, text))
            }
        }
        var index = 0
        while index < ops.count {
            guard ops[index].op != .equal else {
                append(.equal, String(ops[index].text))
                index += 1
                continue
            }
            // A run of changes: up to the last change before an unchanged word.
            var end = index
            var scan = index
            while scan < ops.count, ops[scan].op != .equal || isSpace(ops[scan].text) {
                scan += 1
                if ops[scan - 1].op != .equal { end = scan }
            }
            let run = ops[index..<end]
            var removed = run.filter { $0.op != .insert }.map(\.text).joined()
            var added = run.filter { $0.op != .delete }.map(\.text).joined()
            // Whitespace both sides start or end with is unchanged: `[-a -]{+b +}` reads `[-a-]{+b+} `.
            var lead = ""
            while let a = removed.first, let b = added.first, a == b, a.isWhitespace {
                lead.append(removed.removeFirst())
                added.removeFirst()
            }
            var trail = ""
            while let a = removed.last, let b = added.last, a == b, a.isWhitespace {
                trail.insert(removed.removeLast(), at: trail.startIndex)
                added.removeLast()
            }
            append(.equal, lead)
            append(.delete, removed)
            append(.insert, added)
            append(.equal, trail)
            index = end
        }
        return out
    }

    /// Whether a token is whitespace.
    static func isSpace(_ token: Substring) -> Bool {
        // A character that starts with an ASCII byte is white space when that byte is.
        guard let first = token.utf8.first else { return true }
        return first < 0x80 ? String.isASCIIWhitespace(first) : token.first!.isWhitespace
    }

    /// The tokens of `old` and `new` with what happens to each, in order: a longest common
    /// subsequence of the tokens, after trimming the common prefix and suffix.
    static func tokenOperations(_ old: String, _ new: String) -> [(op: WordSegment.Operation, text: Substring)] {
        let a = tokens(old)
        let b = tokens(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var out: [(op: WordSegment.Operation, text: Substring)] = []
        for token in a[..<prefix] { out.append((.equal, token)) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        let n = middleA.count
        let m = middleB.count
        if n * m > maxCells || n == 0 || m == 0 {
            for token in middleA { out.append((.delete, token)) }
            for token in middleB { out.append((.insert, token)) }
        } else {
            // lengths[i][j]: LCS length of middleA[i...] and middleB[j...].
            var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * (m + 1) + j] =
                        middleA[i] == middleB[j]
                        ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                        : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n, j < m, middleA[i] == middleB[j] {
                    out.append((.equal, middleA[i]))
                    i += 1
                    j += 1
                } else if i < n, j == m || lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                    out.append((.delete, middleA[i]))
                    i += 1
                } else {
                    out.append((.insert, middleB[j]))
                    j += 1
                }
            }
        }
        for token in a[(a.count - suffix)...] { out.append((.equal, token)) }
        return out
    }

    /// The elements of `keys` that keep their relative order in `other`: a longest common
    /// subsequence, found as the longest increasing subsequence of positions (both lists hold
    /// unique keys), in O(n log n).
    package static func stableKeys(_ keys: [String], _ other: [String]) -> Set<String> {
        var position: [String: Int] = [:]
        for (index, key) in other.enumerated() { position[key] = index }
        let sequence = keys.compactMap { key in position[key].map { (key, $0) } }
        var tails: [Int] = []  // index into sequence of the smallest tail of each length
        var previous = [Int](repeating: -1, count: sequence.count)
        for (index, element) in sequence.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if sequence[tails[mid]].1 < element.1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var stable = Set<String>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            stable.insert(sequence[cursor].0)
            cursor = previous[cursor]
        }
        return stable
    }
}
