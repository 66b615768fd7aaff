import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackServer

/// The filter language as `APQuery` writes it (`APQuery.m`) and Appacitive's REST reference
/// spells it; bad filters name the character where they go wrong.
@Suite("Appacitive filter parser")
struct AppacitiveFilterParserTests {
    static func condition(_ name: String, _ test: AppacitiveTest, _ subject: AppacitiveCondition.Subject = .property)
        -> AppacitiveFilter
    {
        .condition(AppacitiveCondition(subject: subject, name: name, test: test))
    }

    @Test(
        "every operator in the SDK's spelling",
        arguments: [
            ("*name == 'Two pizzas'", condition("name", .compare(.equal, .text("Two pizzas")))),
            ("*name <> 'x'", condition("name", .compare(.notEqual, .text("x")))),
            ("*age > '25'", condition("age", .compare(.greater, .text("25")))),
            ("*age >= '25'", condition("age", .compare(.greaterOrEqual, .text("25")))),
            ("*age < 25", condition("age", .compare(.less, .number(25)))),
            ("*age <= -2.5e1", condition("age", .compare(.lessOrEqual, .number(-25)))),
            ("*name like 'Two*'", condition("name", .like("Two*"))),
            ("*name match 'pizza two'", condition("name", .match("pizza two"))),
            ("*age between ('20','30')", condition("age", .between(.text("20"), .text("30")))),
            (
                "*valid_from == date('2014-06-13 10:00:00 +0000')",
                condition("valid_from", .compare(.equal, .date(1_402_653_600)))
            ),
            (
                "*valid_from between (date('2014-06-13'),datetime('2014-06-14T00:00:00Z'))",
                condition("valid_from", .between(.date(1_402_617_600), .date(1_402_704_000)))
            ),
            (
                "*location within_circle 52.370216, 4.895168, 5.000000 km",
                condition("location", .withinCircle(AppacitivePoint(latitude: 52.370216, longitude: 4.895168), radius: 5_000))
            ),
            (
                "*location within_circle -33.868820, -70.648270, 2.000000 m",
                condition(
                    "location", .withinCircle(AppacitivePoint(latitude: -33.86882, longitude: -70.64827), radius: 3_218.688))
            ),
            (
                "*location within_circle 52.3,4.8,10 mi",
                condition("location", .withinCircle(AppacitivePoint(latitude: 52.3, longitude: 4.8), radius: 16_093.44))
            ),
            (
                "*location within_polygon 52.3,4.8|52.4,4.8|52.4,4.9",
                condition(
                    "location",
                    .withinPolygon([
                        AppacitivePoint(latitude: 52.3, longitude: 4.8), AppacitivePoint(latitude: 52.4, longitude: 4.8),
                        AppacitivePoint(latitude: 52.4, longitude: 4.9),
                    ]))
            ),
            (
                "*location within_polygon 52.3, 4.8 | 52.4, 4.8 | 52.4, 4.9",
                condition(
                    "location",
                    .withinPolygon([
                        AppacitivePoint(latitude: 52.3, longitude: 4.8), AppacitivePoint(latitude: 52.4, longitude: 4.8),
                        AppacitivePoint(latitude: 52.4, longitude: 4.9),
                    ]))
            ),
            (" tagged_with_one_or_more ('a,b')", condition("", .taggedWithAny(["a", "b"]), .aggregate)),
            ("tagged_with_all('a')", condition("", .taggedWithAll(["a"]), .aggregate)),
            ("@color == 'red'", condition("color", .compare(.equal, .text("red")), .attribute)),
            ("*details.store_name == 'Roma'", condition("details.store_name", .compare(.equal, .text("Roma")))),
        ] as [(String, AppacitiveFilter)])
    func operators(_ text: String, _ expected: AppacitiveFilter) throws {
        #expect(try AppacitiveFilterParser.parse(text) == expected)
    }

    @Test("and/or in every spelling, nested with parentheses, and binding tighter for and")
    func booleans() throws {
        let a = Self.condition("a", .compare(.equal, .text("1")))
        let b = Self.condition("b", .compare(.equal, .text("2")))
        let c = Self.condition("c", .compare(.equal, .text("3")))
        #expect(try AppacitiveFilterParser.parse("(*a == '1' AND *b == '2')") == .all([a, b]))
        #expect(try AppacitiveFilterParser.parse("*a == '1' && *b == '2' || *c == '3'") == .any([.all([a, b]), c]))
        #expect(try AppacitiveFilterParser.parse("*a == '1' and (*b == '2' or *c == '3')") == .all([a, .any([b, c])]))
        #expect(try AppacitiveFilterParser.parse("((*a == '1' OR *b == '2') AND *c == '3')") == .all([.any([a, b]), c]))
        // An `or` inside a name is not the keyword.
        #expect(
            try AppacitiveFilterParser.parse("*order == 'x'") == Self.condition("order", .compare(.equal, .text("x"))))
    }

    @Test(
        "a malformed filter names the character where it goes wrong",
        arguments: [
            ("*name = 'x'", 7, "operator"),
            ("*name == 'x", 10, "never closed"),
            ("*name == 'x' *age > '3'", 14, "and/or"),
            ("(*name == 'x'", 14, "closing the '('"),
            ("*location within_circle 52.3, 4.8, 5", 37, "unit"),
            ("*location within_circle 52.3, 4.8 km", 35, "radius"),
            ("*location within_circle 95, 4.8, 5 km", 25, "latitude"),
            ("*location within_polygon 52.3,4.8|52.4,4.8", 26, "three corners"),
            ("*age between ('1')", 18, "','"),
            ("* == 'x'", 1, "property name"),
            ("", 1, "empty"),
            ("*a == 'x' and", 14, "condition"),
            ("*a frobnicate 'x'", 4, "unknown operator"),
            ("*d == date('yesterday')", 7, "not a date"),
        ] as [(String, Int, String)])
    func errors(_ text: String, _ position: Int, _ words: String) {
        do {
            _ = try AppacitiveFilterParser.parse(text)
            Issue.record("\(text) parsed")
        } catch let error as AppacitiveFilterError {
            #expect(error.position == position, "\(text): \(error)")
            #expect(error.message.contains(words), "\(text): \(error)")
        } catch {
            Issue.record("\(text): \(error)")
        }
    }

    @Test("bounded: length, depth and number of conditions")
    func bounds() {
        let deep = String(repeating: "(", count: 200) + "*a == '1'" + String(repeating: ")", count: 200)
        #expect(throws: AppacitiveFilterError.self) { try AppacitiveFilterParser.parse(deep) }
        let many = (0..<100).map { "*a == '\($0)'" }.joined(separator: " or ")
        #expect(throws: AppacitiveFilterError.self) { try AppacitiveFilterParser.parse(many) }
        let long = "*a == '" + String(repeating: "x", count: 10_000) + "'"
        #expect(throws: AppacitiveFilterError.self) { try AppacitiveFilterParser.parse(long) }
        let fine = (0..<16).map { "*a == '\($0)'" }.joined(separator: " or ")
        #expect((try? AppacitiveFilterParser.parse(fine)) != nil)
    }

    @Test("5,000 random filters from the language's pieces: each parses or names a position inside it, never traps")
    func randomFilters() throws {
        let pieces = [
            "*", "@", "name", "location", " ", "  ", "==", "<>", ">", ">=", "<", "<=", "like", "match", "between",
            "within_circle", "within_polygon", "tagged_with_all", "and", "OR", "&&", "||", "(", ")", "'", "'x'", "'2*'", ",",
            "|", "52.3", "-4.8", "1e400", "km", "mi", "m", "date(", "'2014-06-13'", "é", "\u{0}", "\r\n", "😀",
        ]
        var random = SeededRandom(29)
        let object = AppacitiveObject(
            id: "1", position: 0, type: "deal",
            properties: ["name": .text("x"), "location": .geo(AppacitivePoint(latitude: 52.3, longitude: 4.8))], created: "",
            modified: "", json: "")
        var parsed = 0
        for round in 0..<5_000 {
            let count = Int(random.next() % 12) + 1
            // Half of them start with a valid condition, so the rest is read in every position.
            let text =
                (round % 2 == 0 ? "*name == 'x' " : "")
                + (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            do {
                _ = try AppacitiveFilterParser.parse(text).matches(object)
                parsed += 1
            } catch let error as AppacitiveFilterError {
                #expect(error.position >= 1 && error.position <= text.unicodeScalars.count + 1, "\(text): \(error)")
            }
        }
        #expect(parsed < 5_000)
    }

    @Test("evaluation: numbers, quoted numbers, text, like, match, between, lists, geo, missing")
    func evaluation() throws {
        let object = AppacitiveObject(
            id: "7", position: 0, type: "deal",
            properties: [
                "name": .text("Two Pizzas for one"), "price": .number(12.5), "featured": .bool(true),
                "tags": .list([.text("food"), .text("pizza")]),
                "location": .geo(AppacitivePoint(latitude: 52.370216, longitude: 4.895168)),
                "valid_from": .text("2026-02-02"), "details": .object(["store_name": .text("Roma")]),
            ], created: "", modified: "", json: "")
        let cases: [(String, Bool)] = [
            ("*price > '10'", true), ("*price > 12.5", false), ("*price >= '12.5'", true), ("*price <> '12.5'", false),
            ("*name == 'Two Pizzas for one'", true), ("*name like 'two*'", true), ("*name like '*ONE'", true),
            ("*name like '*pizzas*'", true), ("*name like 'pizzas*'", false), ("*name match 'pizzas two'", true),
            ("*name match 'pasta'", false), ("*featured == 'true'", true), ("*tags == 'pizza'", true),
            ("*tags <> 'pizza'", false), ("*price between ('10','13')", true), ("*price between ('13','20')", false),
            ("*valid_from > date('2026-01-01')", true), ("*valid_from < date('2026-01-01 00:00:00 +0000')", false),
            ("*location within_circle 52.37, 4.89, 1 km", true), ("*location within_circle 52.0, 4.0, 5 km", false),
            ("*location within_polygon 52.3,4.8|52.4,4.8|52.4,4.9|52.3,4.9", true),
            ("*location within_polygon 52.0,4.0|52.1,4.0|52.1,4.1", false), ("*missing <> 'x'", false),
            ("*details.store_name == 'Roma'", true), ("*__id == '7'", true),
            ("(*price > '100' or *name like 'two*') and *featured == 'true'", true), ("@color == 'red'", false),
            (" tagged_with_all ('a')", false),
        ]
        for (text, expected) in cases {
            #expect(try AppacitiveFilterParser.parse(text).matches(object) == expected, "\(text)")
        }
    }

    @Test("query strings as the SDK sends them: unescaped filters with & and +, and form-encoded ones")
    func queryStrings() throws {
        let sdk = AppacitiveQueryParameters(
            "pnum=2&psize=5&query=*location%20within_circle%2052.370216,%204.895168,%205.000000%20km")
        #expect(sdk["query"] == "*location within_circle 52.370216, 4.895168, 5.000000 km")
        #expect(try sdk.page() == (2, 5))
        let amp = AppacitiveQueryParameters(
            "query=*name%20==%20'A%20&%20B'%20and%20*d%20==%20date('2014-06-13%2010:00:00%20+0000')")
        #expect(amp["query"] == "*name == 'A & B' and *d == date('2014-06-13 10:00:00 +0000')")
        let form = AppacitiveQueryParameters("query=%2Aname+%3D%3D+%27x%27&fields=name,")
        #expect(form["query"] == "*name == 'x'")
        #expect(form.fields == ["name"])
        #expect(try AppacitiveQueryParameters("psize=1000").page().size == 200)
        #expect(throws: AppacitiveError.self) { try AppacitiveQueryParameters("pnum=0").page() }
        #expect(throws: AppacitiveError.self) { try AppacitiveQueryParameters("psize=x").page() }
    }
}
