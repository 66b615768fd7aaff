import Foundation
import GamePackTestSupport
import Testing

/// End to end: every command's help, as `gamepack help COMMAND` prints it at 80 columns, fits
/// the width and reads as whole sentences (no line broken inside one by a hard line break in a
/// doc string, which ArgumentParser would then wrap again).
@Suite("gamepack help texts (end to end)")
struct HelpTextTests {
    static let width = 80

    /// `gamepack help` for `path` (empty: the root), at `width` columns.
    static func help(_ path: [String]) throws -> CommandResult {
        try CommandRunner.gamepack(["help"] + path, environment: ["COLUMNS": "\(width)"])
    }

    /// The names listed under SUBCOMMANDS in a help text ("run (default)" gives "run").
    static func subcommands(in help: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") {
                inSection = true
                continue
            }
            guard inSection else { continue }
            if line.isEmpty || !line.hasPrefix(" ") { break }
            // Entries are indented by two spaces; wrapped abstracts are indented further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { continue }
            names.append(String(name))
        }
        return names
    }

    /// Every command path below the root, found by walking the SUBCOMMANDS sections.
    static func allCommandPaths() throws -> [[String]] {
        var result: [[String]] = []
        var queue: [[String]] = [[]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            let output = try help(path)
            for name in subcommands(in: output.stdout) where name != "help" {
                result.append(path + [name])
                queue.append(path + [name])
            }
        }
        return result
    }

    /// Problems of a help text: lines over `width`, and lines that end inside a sentence.
    ///
    /// A line ends inside a sentence when the next line continues its paragraph (it is not
    /// empty, is indented the same, and is not a list item or an option: it does not start with
    /// `-`, `*` or `•`), the line does not end with punctuation that may end a line (`.:;!?)`
    /// and the like), and the next line's first word would have fitted on it: wrapping breaks
    /// a line only when the next word does not fit, so such a break is a hard line break in
    /// the source (a short line before a long unbreakable word, a URL, is fine).
    static func problems(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var problems: [String] = []
        func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        for (index, line) in lines.enumerated() {
            if line.count > width { problems.append("line \(index + 1) has \(line.count) columns: \(line)") }
            guard index + 1 < lines.count else { continue }
            let next = lines[index + 1]
            let body = line.trimmingCharacters(in: .whitespaces)
            let nextBody = next.trimmingCharacters(in: .whitespaces)
            guard !body.isEmpty, !nextBody.isEmpty, indentation(line) == indentation(next) else { continue }
            guard let last = body.last, !".:;!?)]}>\"'`…".contains(last) else { continue }
            guard let first = nextBody.first, !"-*•".contains(first) else { continue }
            let nextWord = nextBody.prefix { $0 != " " }
            // ArgumentParser keeps wrapped lines under the width (at most width - 1 columns).
            guard line.count + 1 + nextWord.count < width else { continue }
            problems.append("line \(index + 1) ends inside a sentence:\n    \(line)\n    \(next)")
        }
        return problems
    }

    @Test("the checker finds a hard break inside a sentence and an over-long line, and passes whole paragraphs")
    func checkerWorks() {
        let broken =
            "Checks the pack, uploads it with its signature (PACK.minisig) using the token\nin\nGAMEPACK_TOKEN, then signs.\n"
        #expect(Self.problems(in: broken).count == 1)
        #expect(Self.problems(in: String(repeating: "x", count: 81)).count == 1)
        // A short line before a word too long to fit on it is how wrapping leaves it.
        let url =
            "  --database <database>   The metadata database: sqlite:PATH (default\n"
            + "                          DATA/gamepack.sqlite) or\n"
            + "                          postgres://USER[:PASSWORD]@HOST[:PORT]/DB.\n"
        #expect(Self.problems(in: url).isEmpty, "\(Self.problems(in: url))")
        let fine = """
            OVERVIEW: Build a pack.

            Exit status:
            - 0 when clean
            - 1 otherwise

            OPTIONS:
              --out <out>             The output folder.
              --quiet                 Print only errors.
            """
        #expect(Self.problems(in: fine).isEmpty, "\(Self.problems(in: fine))")
    }

    @Test("every command's help fits 80 columns and no line breaks inside a sentence")
    func helpTextsReflow() throws {
        let paths = try Self.allCommandPaths()
        // The walk reaches nested commands too.
        #expect(paths.contains(["l10n", "status"]) && paths.contains(["serve", "token", "create"]), "\(paths)")
        #expect(paths.count >= 20, "\(paths)")
        for path in [[]] + paths {
            let result = try Self.help(path)
            #expect(result.status == 0, "gamepack help \(path.joined(separator: " ")): \(result.stderr)")
            let problems = Self.problems(in: result.stdout)
            #expect(
                problems.isEmpty,
                "gamepack help \(path.joined(separator: " ")):\n\(problems.joined(separator: "\n"))\n\n\(result.stdout)")
        }
    }
}
