import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
import GamePackTestSupport
import Testing

@Suite("Localization: hostile and broken XLIFF files")
struct LocalizationXLIFFBadInputTests {
    /// Imports `data` into a fresh copy of the fixture project; returns the error thrown and
    /// whether the project is byte-for-byte unchanged.
    static func refusal(_ data: Data, locale: String? = nil) async throws -> (error: LocalizationError?, unchanged: Bool) {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let before = try L10n.snapshot(root)
        let project = try await Project.load(at: root)
        var thrown: LocalizationError?
        do {
            _ = try await XLIFFImporter.importXLIFF(data, name: "in.xlf", into: project, locale: locale)
        } catch let error as LocalizationError {
            thrown = error
        }
        return (thrown, try L10n.snapshot(root) == before)
    }

    static func problems(_ error: LocalizationError?) -> [XLIFFProblem] {
        if case .invalidXLIFF(_, let problems) = error { return problems }
        return []
    }

    /// A valid export of the fixture for nl with the hello phrase translated.
    static func validExport() async throws -> String {
        let project = try await Project.load(at: L10n.coverageProject)
        return LocalizationXLIFFImportTests.setTarget(
            try XLIFFExporter.export(project: project, locale: "nl"), "phrases/hello/text", "Hallo")
    }

    @Test(
        "XXE, billion laughs and external DTDs are refused before parsing; nothing is written",
        arguments: [
            "xxe-passwd.xlf", "billion-laughs.xlf", "xxe-parameter-entity.xlf",
        ])
    func entityAttacks(fixture: String) async throws {
        let data = try Data(contentsOf: L10n.fixtures.appendingPathComponent(fixture))
        let requestsBefore = XLIFFValidator.entityRequests
        let (error, unchanged) = try await Self.refusal(data)
        #expect(unchanged)
        let problems = Self.problems(error)
        #expect(problems.first?.line == 2)
        #expect(problems.first?.column == 1)
        #expect(problems.first?.message.contains("not allowed in an XLIFF file") == true)
        #expect(!(error?.description.contains("root:") ?? true))
        // libxml2 was never asked for an entity: only the schema's xml.xsd import (other tests compile schemas).
        #expect(XLIFFValidator.entityRequests.allSatisfy { $0 == "xml.xsd" })
        #expect(XLIFFValidator.entityRequests.count >= requestsBefore.count)
    }

    @Test("an external entity pointing at a FIFO is never opened: no file outside the project is read")
    func noFileRead() async throws {
        let temp = try TemporaryDirectory()
        let fifo = temp.url.appendingPathComponent("secret.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // A writer that blocks until somebody opens the FIFO for reading.
        let opened = OpenFlag()
        let writer = Thread {
            let fd = open(fifo.path, O_WRONLY)
            opened.set()
            if fd >= 0 {
                _ = "SECRET-7f3a".withCString { write(fd, $0, 11) }
                close(fd)
            }
        }
        writer.start()
        let xliff = """
            <?xml version="1.0"?>
            <!DOCTYPE xliff [<!ENTITY secret SYSTEM "file://\(fifo.path)">]>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="l10n-fixture" source-language="en" target-language="nl" datatype="plaintext"><body>
                <trans-unit id="phrases/hello/text"><source>Hello</source><target>&secret;</target></trans-unit>
              </body></file>
            </xliff>
            """
        let (error, unchanged) = try await Self.refusal(Data(xliff.utf8))
        #expect(unchanged)
        #expect(!Self.problems(error).isEmpty)
        #expect(!(error?.description.contains("SECRET") ?? true))
        // Nobody opened the FIFO: the writer is still waiting.
        usleep(100_000)
        #expect(!opened.isSet)
        #expect(!XLIFFValidator.entityRequests.contains { $0.contains("secret.fifo") })
        // Release the writer.
        let fd = open(fifo.path, O_RDONLY | O_NONBLOCK)
        while !opened.isSet { usleep(1000) }
        close(fd)
    }

    @Test("an entity reference without a DTD is a well-formedness error, not a lookup")
    func undefinedEntity() async throws {
        var xliff = try await Self.validExport()
        xliff = xliff.replacingOccurrences(of: ">Hallo</target>", with: ">&passwd;</target>")
        let requestsBefore = XLIFFValidator.entityRequests
        let (error, unchanged) = try await Self.refusal(Data(xliff.utf8))
        #expect(unchanged)
        let problem = try #require(Self.problems(error).first)
        #expect(problem.message.contains("passwd"))
        #expect(problem.line > 1 && problem.column > 1)
        #expect(XLIFFValidator.entityRequests.allSatisfy { $0 == "xml.xsd" })
        #expect(XLIFFValidator.entityRequests.count >= requestsBefore.count)
    }

    @Test("malformed XML is reported with libxml2's line and column")
    func malformed() async throws {
        var xliff = try await Self.validExport()
        let lines = xliff.split(separator: "\n", omittingEmptySubsequences: false)
        let sourceLine = try #require(lines.firstIndex { $0.contains("<source xml:space=\"preserve\">Green Trail</source>") })
        xliff = xliff.replacingOccurrences(of: "Green Trail</source>", with: "Green Trail</sourc>")
        let (error, unchanged) = try await Self.refusal(Data(xliff.utf8))
        #expect(unchanged)
        let problem = try #require(Self.problems(error).first)
        #expect(problem.line == sourceLine + 1)
        #expect(problem.column > 0)
        #expect(problem.message.contains("mismatch"))
        #expect(error?.description.contains("in.xlf:\(sourceLine + 1):\(problem.column): ") == true)
    }

    @Test("a file for another project or another locale is refused")
    func wrongProjectOrLocale() async throws {
        let xliff = try await Self.validExport()
        let other = xliff.replacingOccurrences(of: "original=\"l10n-fixture\"", with: "original=\"gohike-amsterdam\"")
        var result = try await Self.refusal(Data(other.utf8))
        #expect(result.error == .wrongProject(file: "in.xlf", found: "gohike-amsterdam", expected: "l10n-fixture"))
        #expect(result.unchanged)

        let french = xliff.replacingOccurrences(of: "target-language=\"nl\"", with: "target-language=\"fr\"")
        result = try await Self.refusal(Data(french.utf8))
        guard case .wrongLocale? = result.error else {
            Issue.record("expected wrongLocale, got \(String(describing: result.error))")
            return
        }
        #expect(result.unchanged)

        result = try await Self.refusal(Data(xliff.utf8), locale: "de")
        guard case .wrongLocale? = result.error else {
            Issue.record("expected wrongLocale, got \(String(describing: result.error))")
            return
        }
        #expect(result.unchanged)

        let source = xliff.replacingOccurrences(of: "source-language=\"en\"", with: "source-language=\"de\"")
        result = try await Self.refusal(Data(source.utf8))
        guard case .wrongLocale? = result.error else {
            Issue.record("expected wrongLocale, got \(String(describing: result.error))")
            return
        }
    }

    @Test("duplicate unit ids are refused, naming both lines")
    func duplicateIDs() async throws {
        var xliff = try await Self.validExport()
        xliff = xliff.replacingOccurrences(
            of: "<trans-unit id=\"phrases/bye/text\" resname=\"phrases/bye/text\"",
            with: "<trans-unit id=\"phrases/hello/text\" resname=\"phrases/hello/text\"")
        let (error, unchanged) = try await Self.refusal(Data(xliff.utf8))
        #expect(unchanged)
        let problems = Self.problems(error)
        #expect(problems.contains { $0.message.contains("duplicate unit id `phrases/hello/text` (first at line") })
    }

    @Test("markup inside a target is refused")
    func markupInTarget() async throws {
        var xliff = try await Self.validExport()
        xliff = xliff.replacingOccurrences(of: ">Hallo</target>", with: ">Hallo <g id=\"1\">wereld</g></target>")
        #expect(
            XLIFFValidator.problems(in: Data(xliff.utf8), schema: try Data(contentsOf: L10n.schema)).contains {
                $0.message.contains("markup")
            })
        let (error, unchanged) = try await Self.refusal(Data(xliff.utf8))
        #expect(unchanged)
        #expect(
            Self.problems(error).map(\.message) == [
                "the target of unit `phrases/hello/text` contains markup (<g>); gamepack's texts are plain text, so write it as text"
            ])
    }

    @Test("what is not XLIFF 1.2 is refused: other XML, XLIFF 2.0, schema violations, other encodings")
    func notXLIFF12() async throws {
        var result = try await Self.refusal(Data("<?xml version=\"1.0\"?>\n<html><body/></html>\n".utf8))
        #expect(Self.problems(result.error).first?.message.contains("not XLIFF 1.2") == true)
        #expect(result.unchanged)

        result = try await Self.refusal(
            Data(
                "<?xml version=\"1.0\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\"/>\n"
                    .utf8))
        #expect(Self.problems(result.error).first?.message.contains("XLIFF 2") == true)

        var xliff = try await Self.validExport()
        xliff = xliff.replacingOccurrences(
            of: "<trans-unit id=\"phrases/bye/text\" resname=\"phrases/bye/text\"",
            with: "<trans-unit resname=\"phrases/bye/text\"")
        result = try await Self.refusal(Data(xliff.utf8))
        #expect(
            Self.problems(result.error).contains {
                $0.message.hasPrefix("not valid XLIFF 1.2:") && $0.message.contains("id") && $0.line > 0
            })
        #expect(result.unchanged)

        let utf16 = try #require((try await Self.validExport()).data(using: .utf16))
        result = try await Self.refusal(utf16)
        #expect(Self.problems(result.error).first?.message.contains("UTF-8") == true)
    }

    @Test("a declared encoding other than UTF-8, or a PO plural written as an XLIFF group, is refused with its line")
    func charsetAndPlurals() async throws {
        let valid = try await Self.validExport()
        var result = try await Self.refusal(
            Data(valid.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"").utf8))
        let charset = Self.problems(result.error)
        #expect(charset.first?.line == 1 && charset.first?.message.contains("encoding=\"ISO-8859-1\"") == true, "\(charset)")
        #expect(result.unchanged)

        // po2xliff's plural: a group of one unit per form (in a file po2xliff wrote).
        let lines = valid.components(separatedBy: "\n")
        let body = try #require(lines.firstIndex { $0.contains("<body>") })
        let plural =
            (lines[...body] + [
                "<group restype=\"x-gettext-plurals\"><trans-unit id=\"9[0]\"><source>Bye</source><target>Dag</target></trans-unit>",
                "<trans-unit id=\"9[1]\"><source>Byes</source><target>Dagen</target></trans-unit></group>",
            ] + lines[(body + 1)...]).joined(separator: "\n")
        result = try await Self.refusal(Data(plural.utf8))
        let problems = Self.problems(result.error)
        #expect(problems.contains { $0.line == body + 2 && $0.message.contains("plural form") }, "\(problems)")
        #expect(result.unchanged)
    }
}

/// A flag set from another thread.
final class OpenFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
