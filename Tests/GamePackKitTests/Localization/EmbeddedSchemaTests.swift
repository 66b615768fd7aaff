import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackLocalization

@Suite("Localization: the embedded XLIFF schemas")
struct LocalizationEmbeddedSchemaTests {
    @Test("the embedded copies are the files in standards/ (line breaks normalized to LF)")
    func sameAsStandards() throws {
        func normalized(_ url: URL) throws -> String {
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        }
        let schemas = TestPaths.standards
        #expect(
            XLIFFSchemaSource.xliffCore12Strict == (try normalized(schemas.appendingPathComponent("xliff-core-1.2-strict.xsd"))))
        #expect(XLIFFSchemaSource.xmlNamespace == (try normalized(schemas.appendingPathComponent("xml.xsd"))))
    }
}
