import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackKit

/// `diff` reads a content.json's items as the nodes their imported YAML would load into,
/// without writing and parsing that YAML: the nodes must be the same, scalar for scalar.
@Suite("Gohike items as nodes")
struct GohikeNodeTests {
    /// Whether two nodes hold the same values, raw texts and quoting (locations aside).
    static func same(_ a: SourceNode, _ b: SourceNode) -> Bool {
        guard a.raw == b.raw, a.isQuoted == b.isQuoted else { return false }
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return x == y
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.map(let x), .map(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: return false
        }
    }

    static func items(_ data: Data) throws -> [GohikeItem] {
        var reader = GohikeContentReader()
        reader.read(try JSONScanner.parse(data))
        #expect(reader.errors.isEmpty)
        return reader.profiles + reader.routes + reader.locations + reader.rewards
    }

    static func check(_ items: [GohikeItem]) {
        #expect(!items.isEmpty)
        for item in items {
            guard case .loaded(let loaded) = SourceLoader.load(data: Data(item.yaml.utf8), path: "item.yaml") else {
                Issue.record("\(item.path): its YAML does not load")
                continue
            }
            #expect(same(item.node(file: "item.yaml"), loaded), "\(item.path):\n\(item.yaml)")
        }
    }

    @Test("every item of the fixtures", arguments: [LegacyFixtures.gohikeV1, LegacyFixtures.gohikeV2, LegacyFixtures.gohikeIOS])
    func fixtures(file: URL) throws {
        Self.check(try Self.items(Data(contentsOf: file)))
    }

    @Test("texts YAML could mistake for other values, and coordinates with signs and without fractions")
    func trickyScalars() throws {
        let texts = [
            "yes", "1868", "null", "~", "true", "0x1F", "-.inf", "a: b", "# not a comment", "line\r\nbreak\u{2028}",
            "quote \" backslash \\", "tab\tand \u{01}", " padded ", "Grüße 🚲",
        ]
        var waypoints: [String] = []
        for (index, text) in texts.enumerated() {
            let coordinates = [("+52.1", "4"), ("-0.5", "004.250"), ("52", "+4.0")][index % 3]
            let escaped = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            waypoints.append(
                """
                {"rank":\(index),"location_id":\(index + 1),"name_en":\(escaped),"name_nl":"","description_en":\(escaped),\
                "description_nl":\(escaped),"latitude":"\(coordinates.0)","longitude":"\(coordinates.1)","image_data":null,"route_id":7}
                """)
        }
        let json = """
            {"version":"x","profiles":[{"id":3,"name_en":"a","name_nl":"b","description_en":"","description_nl":"",\
            "image_data":null,"icon_data":null,"routes":[{"id":7,"name_en":"yes","name_nl":"no","description_en":"1.5",\
            "description_nl":"","image_data":null,"icon_data":null,"profile_id":3,"waypoints":[\(waypoints.joined(separator: ","))],\
            "reward":{"id":9,"name_en":"off","name_nl":"on","description_en":"","description_nl":"","image_data":null}}]}]}
            """
        let items = try Self.items(Data(json.utf8))
        #expect(items.count == 1 + 1 + texts.count + 1)
        Self.check(items)
    }
}
