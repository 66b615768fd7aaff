import Foundation
import GamePackTestSupport
import Testing

/// Fixtures and tools shared by the localization tests.
enum L10n {
    /// `Fixtures/l10n`.
    static let fixtures = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("l10n")
    /// The small project with known missing, identical and stale translations.
    static let coverageProject = fixtures.appendingPathComponent("coverage")
    /// The XLIFF 1.2 strict schema in `standards/` (its `xml.xsd` import is beside it).
    static let schema = TestPaths.standards.appendingPathComponent("xliff-core-1.2-strict.xsd")

    /// A copy of `source` in `temp`, named `name`.
    static func copy(_ source: URL, in temp: TemporaryDirectory, as name: String = "project") throws -> URL {
        try temp.copy(source, as: name)
    }

    /// Every regular file below `root` with its bytes, by relative path.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    /// The text of a project file.
    static func read(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Writes `text` to a project file.
    static func write(_ text: String, to root: URL, _ path: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    /// Runs `xmllint --noout --nonet --schema <the standards/ schema> FILE`; fails the test with an install
    /// hint when xmllint is missing.
    static func xmllint(_ file: URL) throws -> CommandResult? {
        guard let xmllint = CommandRunner.which("xmllint") else {
            Issue.record("xmllint is not installed; install it with `apt-get install -y libxml2-utils`")
            return nil
        }
        return try CommandRunner.run(xmllint, ["--noout", "--nonet", "--schema", schema.path, file.path])
    }

    /// Python 3 with translate-toolkit (`from translate.storage import xliff`); records a test
    /// failure with the install hint when it is missing.
    static func pythonWithTranslateToolkit() throws -> URL? {
        guard let python = CommandRunner.which("python3") else {
            Issue.record("python3 is not installed; install it, then `pip install translate-toolkit`")
            return nil
        }
        let probe = try CommandRunner.run(python, ["-c", "from translate.storage import xliff"])
        guard probe.status == 0 else {
            Issue.record(
                "the Python package translate-toolkit is missing; install it with `pip install translate-toolkit` (\(probe.stderr))"
            )
            return nil
        }
        return python
    }
}
