import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent

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
        reader.read(try JSONScanner.tape(data).root)
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
            // `diff` reads the fields straight from the item: as from its node, by every
            // built-in type's specs (a field of another kind goes through the node) and by none.
            let reader = SnapshotValueReader(defaultLocale: "en", locales: ["en", "nl"], asset: { AssetRef(path: $0) })
            for type in Array(types.values) + [nil] {
                #expect(
                    reader.fields(of: item, type: type) == reader.fields(of: loaded, type: type),
                    "\(item.path) as \(type?.name ?? "no type"):\n\(item.yaml)")
            }
        }
    }

    static let types = BuiltinTypes.types

    @Test("a decimal coordinate: a sign, digits, and a fraction with digits after one point")
    func decimals() {
        for text in ["52.341645271", "-0.5", "+4", "4", "004.250", "0"] {
            #expect(GohikeContentReader.isDecimal(text), "\(text)")
        }
        for text in ["", "-", "+", ".5", "5.", "1.2.3", "--1", "1-", "1e3", " 1", "0x1F", "5,0", "+-1", "4.-2"] {
            #expect(!GohikeContentReader.isDecimal(text), "\(text)")
        }
    }

    @Test("a field read straight is the value read from its node, for every kind of spec")
    func everyKind() {
        let reader = SnapshotValueReader(defaultLocale: "en", locales: ["en", "nl"], asset: { AssetRef(path: $0) })
        let plains = [
            "0", "007", "-3", "+4", "12345678901234567890", "1.5", "1e3", "0x1F", "null", "Null", "NULL", "~", "", "yes",
            "true", "nope", "n", "N/A", "images/a.jpg", "./images/b.png", ".inf", "-.inf", "+-1", "-", "4-2",
        ]
        var fields = plains.map { GohikeField.plain($0) }
        fields += [
            .texts([("en", "a"), ("nl", "")]), .texts([("en", ""), ("nl", "")]), .position(latitude: "52.1", longitude: "-4"),
            .position(latitude: "x", longitude: "4"), .ids([3, -1, 0]), .ids([]),
        ]
        // Coordinates: the decimals with a point that are parsed at once, and texts beside them
        // that are numbers or not only as their scalar resolves.
        let coordinates = [
            "+52.1", "-0.0", "0.", ".5", "-.5", "+.5", "5.-", "1.2.3", "--1.5", "-.", ".", "+-.", "052.30", "1e3", "-1.5e-3",
            ".inf", "+.inf", "-.Inf", "1_000.5", "12345678901234567890.5", "4.9e400",
        ]
        fields += coordinates.map { GohikeField.position(latitude: $0, longitude: "4.5") }
        fields += coordinates.map { GohikeField.position(latitude: "52.5", longitude: $0) }
        var specs: [FieldSpec?] = FieldType.allCases.map { FieldSpec(name: "f", type: $0) } + [nil]
        var references = FieldSpec(name: "f", type: .list)
        references.element = Box(FieldSpec(name: "f", type: .reference))
        specs.append(references)
        for field in fields {
            for spec in specs {
                #expect(
                    reader.value(field, spec: spec) == reader.value(GohikeItem.node(field, at: .file("")), spec: spec),
                    "\(field) as \(spec.map { "\($0.type)" } ?? "no spec")")
            }
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
