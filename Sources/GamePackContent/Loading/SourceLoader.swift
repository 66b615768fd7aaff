import Foundation
import GamePackFormat
import Yams

/// Reads YAML and JSON source files into `SourceNode` trees that know the line and column of
/// every value. Problems (syntax, duplicate keys, tabs, alias bombs, encoding, empty files) come
/// back as `syntax` diagnostics; the loader never throws for bad content and never crashes on it.
public enum SourceLoader {
    /// The outcome of reading one file: its root value, or the problems that stopped it.
    public enum Outcome: Sendable {
        case loaded(SourceNode)
        case failed([Diagnostic])
    }

    /// How many nodes a file may expand to beyond one per byte of its text. A document without
    /// aliases has fewer nodes than bytes, so only alias expansion ("billion laughs") exceeds it.
    static let expansionAllowance = 10_000

    /// The largest source file read (bytes). Parsing takes far more memory than the file's size,
    /// so a larger file is refused before it is read; items belong in many small files.
    public static let maxFileBytes: Int64 = 4 << 20

    static func tooLarge(_ size: Int64, _ path: String) -> Diagnostic {
        syntaxError(
            "the file is \(ByteCount.describe(Int(size))), over the \(ByteCount.describe(Int(maxFileBytes))) limit for "
                + "a source file; split its items into several files", .file(path))
    }

    /// Reads the file at `url`, naming it `path` (project-relative) in locations.
    public static func load(contentsOf url: URL, path: String) -> Outcome {
        var info = stat()
        if stat(url.path, &info) == 0 {
            if info.st_mode & S_IFMT != S_IFREG {
                let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file (a pipe, socket or device)"
                return .failed([syntaxError("it is \(kind), not a YAML or JSON file; replace it with a file", .file(path))])
            }
            if info.st_size > maxFileBytes {
                return .failed([tooLarge(Int64(info.st_size), path)])
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failed([
                syntaxError("cannot read the file: \(error.localizedDescription)", .file(path))
            ])
        }
        return load(data: data, path: path)
    }

    /// Parses `data` as YAML (JSON is read as the YAML subset it is), naming it `path`.
    public static func load(data: Data, path: String) -> Outcome {
        load(data: data, path: path, fromEvents: true)
    }

    /// `load(data:path:)`; `fromEvents: false` always goes through Yams's tree (the tests
    /// compare both ways).
    static func load(data: Data, path: String, fromEvents: Bool) -> Outcome {
        let isJSON = path.lowercased().hasSuffix(".json")
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return .failed([
                syntaxError(
                    "the file is UTF-16; save it as UTF-8", SourceLocation(file: path, line: 1, column: 1))
            ])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let location = firstInvalidUTF8(in: Data(bytes), path: path)
            return .failed([
                syntaxError(
                    "the file is not valid UTF-8 (first bad byte here); save it as UTF-8", location)
            ])
        }
        if !isJSON, let tab = indentationTab(in: text, path: path) {
            return .failed([
                syntaxError("a tab is used for indentation; YAML indents with spaces only", tab)
            ])
        }
        // Most files are read straight from libyaml's events; the rest through Yams's tree.
        if fromEvents, let node = YAMLEventLoader.load(text, path: path) { return .loaded(node) }
        let root: Node?
        do {
            // `encoding` given explicitly: its default reads the process environment on every call.
            let parser = try Parser(yaml: text, resolver: .basic, encoding: .utf8)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            return .failed([diagnostic(for: error, text: text, path: path)])
        } catch {
            return .failed([syntaxError("cannot parse: \(error)", .file(path))])
        }
        guard let root else {
            return .failed([
                syntaxError(
                    "the file is empty; write an item (a map with an id) or remove the file",
                    SourceLocation(file: path, line: 1, column: 1))
            ])
        }
        var converter = Converter(path: path, budget: bytes.count + expansionAllowance)
        do {
            return .loaded(try converter.convert(root))
        } catch let problem as Converter.Problem {
            return .failed([syntaxError(problem.message, problem.location)])
        } catch {
            return .failed([syntaxError("\(error)", .file(path))])
        }
    }

    /// A quote or bracket that libyaml found still open, said as what to do about it.
    struct Unclosed {
        let message: String

        /// From libyaml's context ("while parsing a flow sequence") and where it began (`mark`,
        /// 1-based): nil for other contexts.
        init?(context: String, at mark: Mark, in text: String) {
            let opener = Self.character(atLine: mark.line, column: mark.column, in: text)
            switch (context, opener) {
            case ("while parsing a flow sequence", "["?):
                message = "the list opened here with `[` is never closed; add `]` where it ends"
            case ("while parsing a flow mapping", "{"?):
                message = "the map opened here with `{` is never closed; add `}` where it ends"
            case ("while scanning a quoted scalar", let quote?) where quote == "\"" || quote == "'":
                message = "the text opened here with \(quote) is never closed; add the closing \(quote) where it ends"
            default:
                return nil
            }
        }

        /// The character at a 1-based line and column (columns count characters).
        static func character(atLine line: Int, column: Int, in text: String) -> Character? {
            guard line >= 1, column >= 1 else { return nil }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line - 1).makeIterator()
            guard let found = lines.next() else { return nil }
            let characters = Array(found)
            return column <= characters.count ? characters[column - 1] : nil
        }
    }

    /// Whether nothing but white space follows `mark` (1-based) in `text`: libyaml reached the
    /// end of the file.
    static func isAtEnd(_ mark: Mark, of text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return true }
        let rest = lines[mark.line - 1].dropFirst(max(mark.column - 1, 0))
        return rest.allSatisfy(\.isWhitespace) && lines[mark.line...].allSatisfy { $0.allSatisfy(\.isWhitespace) }
    }

    static func syntaxError(_ message: String, _ location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, rule: RuleID.syntax, message: message, location: location)
    }

    /// Turns Yams' errors into a diagnostic at the right line and column.
    static func diagnostic(for error: YamlError, text: String, path: String) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: path, line: max(mark.line, 1), column: max(mark.column, 1))
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = problem
            var notes: [String] = []
            var location = at(mark)
            if let context {
                message = "\(context.text) \(problem)".trimmingCharacters(in: .whitespaces)
                // An unclosed quote or bracket is found where the file ends: say where it began.
                let start = at(context.mark)
                if start != at(mark), start.hasPosition {
                    if let unclosed = Unclosed(context: context.text, at: context.mark, in: text),
                        isAtEnd(mark, of: text)
                    {
                        // Where the file ends is nothing to look at: point at the opening to close.
                        message = unclosed.message
                        notes.append("the file ends at \(location) still inside it")
                        location = start
                    } else {
                        notes.append("\(context.text.replacingOccurrences(of: "while ", with: "")) started at \(start)")
                    }
                }
            }
            if problem.contains("more than one document") || problem.contains("expected a single document") {
                message = "the file holds several YAML documents; write several items as one YAML list instead"
                notes = []
            }
            return Diagnostic(
                severity: .error, rule: RuleID.syntax, message: "invalid YAML: \(message)", location: location,
                notes: notes)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let first = at(context.mark)
            var location = first
            if let key = duplicates.first,
                let second = laterOccurrence(of: key, after: context.mark, in: text, path: path)
            {
                location = second
            }
            return Diagnostic(
                severity: .error, rule: RuleID.syntax,
                message: "duplicate key \(keys) in one map; keep one of them (the later one would silently win)",
                location: location,
                notes: location == first ? [] : ["first written at \(first)"])
        case .reader(let problem, let offset, _, _):
            let location =
                offset.map { lineAndColumn(ofUTF8Offset: $0, in: text, path: path) }
                ?? .file(path)
            return syntaxError("cannot read: \(problem)", location)
        default:
            return syntaxError("invalid YAML: \(error)", .file(path))
        }
    }

    /// The location of a block-style `key:` at the same column after `mark`, if there is one.
    static func laterOccurrence(of key: String, after mark: Mark, in text: String, path: String)
        -> SourceLocation?
    {
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard lineNumber > mark.line else { continue }
            let scalars = Array(line.unicodeScalars)
            let start = mark.column - 1
            guard start < scalars.count else { continue }
            let rest = String(String.UnicodeScalarView(scalars[start...]))
            let prefix = String(String.UnicodeScalarView(scalars[..<start]))
            guard prefix.allSatisfy({ $0 == " " || $0 == "-" }) else { continue }
            for candidate in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(candidate) {
                let after = rest.dropFirst(candidate.count).drop { $0 == " " }
                if after.hasPrefix(":") {
                    return SourceLocation(file: path, line: lineNumber, column: mark.column)
                }
            }
        }
        return nil
    }

    /// The first tab in a line's leading whitespace (YAML forbids tabs in indentation), found
    /// by one pass over the UTF-8 bytes.
    static func indentationTab(in text: String, path: String) -> SourceLocation? {
        var text = text
        text.makeContiguousUTF8()
        var line = 1
        var column = 1
        var atIndentation = true
        return text.utf8.withContiguousStorageIfAvailable { bytes -> SourceLocation? in
            // Most files have no tab at all: `memchr` says so far faster than the walk below.
            guard let start = bytes.baseAddress, memchr(start, 0x09, bytes.count) != nil else { return nil }
            for byte in bytes {
                switch byte {
                case 0x0A:
                    line += 1
                    column = 1
                    atIndentation = true
                    continue
                case 0x09 where atIndentation:
                    return SourceLocation(file: path, line: line, column: column)
                case 0x20:
                    break
                default:
                    atIndentation = false
                }
                // Count Unicode scalars: skip UTF-8 continuation bytes.
                if byte & 0xC0 != 0x80 { column += 1 }
            }
            return nil
        } ?? nil
    }

    static func firstInvalidUTF8(in data: Data, path: String) -> SourceLocation {
        var line = 1
        var column = 1
        let bytes = [UInt8](data)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return SourceLocation(file: path, line: line, column: column)
            }
            if i + length > bytes.count { return SourceLocation(file: path, line: line, column: column) }
            for k in 1..<max(length, 1) where !(0x80...0xBF).contains(bytes[i + k]) {
                return SourceLocation(file: path, line: line, column: column)
            }
            if b == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += length
        }
        return SourceLocation(file: path, line: line, column: column)
    }

    static func lineAndColumn(ofUTF8Offset offset: Int, in text: String, path: String) -> SourceLocation {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(file: path, line: line, column: column)
    }
}

extension SourceLoader {
    /// A small file's bytes with one `open`, `fstat` and `read` (`Data(contentsOf:)` adds a
    /// `stat` and a file URL per call, which shows on 20,000 files).
    public static func contents(of path: String) -> Data? {
        contents(opened: open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC))  // a pipe must not block
    }

    /// `contents(of:)` of the file `path` (relative to the handles' root), opened by its name in
    /// its folder when that folder has a handle (see `FolderHandles`), else by `root + "/" + path`.
    package static func contents(of path: String, in folders: FolderHandles, root: String) -> Data? {
        guard let (folder, name) = folders.locate(path) else { return contents(of: root + "/" + path) }
        return contents(opened: openat(folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC))
    }

    /// The bytes of the regular file open as `fd` (closed here); nil when `fd` is -1, the file is
    /// not a regular one, is larger than `maxFileBytes` or cannot be read.
    static func contents(opened fd: Int32) -> Data? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let size = RegularFile.size(of: fd), Int64(size) <= maxFileBytes else { return nil }
        var data = Data(count: size)
        guard let done = try? data.withUnsafeMutableBytes({ try Interruptible.readFully(fd, into: $0) }) else {
            return nil
        }
        if done < data.count { data.removeSubrange(done...) }
        return data
    }
}
