import Foundation
import GamePackContent
import Testing

@Suite("Source loader")
struct SourceLoaderTests {
    func load(_ text: String, path: String = "content/x/a.yaml") -> SourceLoader.Outcome {
        SourceLoader.load(data: Data(text.utf8), path: path)
    }

    func problems(_ outcome: SourceLoader.Outcome) -> [Diagnostic] {
        if case .failed(let d) = outcome { return d }
        return []
    }

    func node(_ outcome: SourceLoader.Outcome) -> SourceNode? {
        if case .loaded(let n) = outcome { return n }
        return nil
    }

    @Test("every value knows its line and column, in YAML and in JSON")
    func locations() throws {
        let yaml = try #require(node(load("id: 1\nname:\n  en: Dam\n  nl: De Dam\nlist: [a, b]\n")))
        #expect(yaml.location == SourceLocation(file: "content/x/a.yaml", line: 1, column: 1))
        #expect(yaml["name"]?["nl"]?.location == SourceLocation(file: "content/x/a.yaml", line: 4, column: 7))
        #expect(yaml.entry("list")?.keyLocation.line == 5)
        #expect(yaml["list"]?.elements?[1].location.column == 11)
        let json = try #require(node(load("{\n  \"id\": 12,\n  \"name\": {\"en\": \"RAI\"}\n}", path: "c/x/a.json")))
        #expect(json["name"]?["en"]?.location == SourceLocation(file: "c/x/a.json", line: 3, column: 18))
        if case .int(12) = json["id"]?.value {} else { Issue.record("id is not the int 12") }
    }

    @Test("YAML 1.2 core schema: yes/no/on/off stay strings, numbers and nulls resolve")
    func scalars() throws {
        let root = try #require(node(load("a: no\nb: yes\nc: 0x1F\nd: 4.5e1\ne: ~\nf: '12'\ng: true\nh: 1_000\n")))
        #expect(root["a"]?.scalarText == "no")
        if case .string = root["a"]?.value {} else { Issue.record("no is not a string") }
        if case .int(31) = root["c"]?.value {} else { Issue.record("0x1F is not 31") }
        if case .number(45) = root["d"]?.value {} else { Issue.record("4.5e1 is not 45") }
        if case .null = root["e"]?.value {} else { Issue.record("~ is not null") }
        if case .string("12") = root["f"]?.value {} else { Issue.record("'12' is not a string") }
        #expect(root["f"]?.isQuoted == true)
        if case .bool(true) = root["g"]?.value {} else { Issue.record("true is not a bool") }
        if case .string("1_000") = root["h"]?.value {} else { Issue.record("1_000 is a string in YAML 1.2") }
    }

    @Test("duplicate keys are reported at the second key, naming the first")
    func duplicateKeys() {
        let found = problems(load("id: 1\nname: a\nother: 2\nname: b\n"))
        #expect(found.count == 1)
        #expect(found.first?.location == SourceLocation(file: "content/x/a.yaml", line: 4, column: 1))
        #expect(found.first?.notes == ["first written at content/x/a.yaml:2:1"])
    }

    @Test("a tab in indentation is reported at its place")
    func tabs() {
        let found = problems(load("id: 1\nname:\n  en: a\n\tnl: b\n"))
        #expect(found.first?.location == SourceLocation(file: "content/x/a.yaml", line: 4, column: 1))
        #expect(found.first?.message.contains("tab") == true)
    }

    @Test("an alias bomb is refused without expanding it")
    func aliasBomb() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = name
        }
        let found = problems(load(text))
        #expect(found.count == 1)
        #expect(found.first?.rule == "syntax")
        #expect(found.first?.message.contains("aliases expand") == true)
    }

    @Test("a few aliases within the budget are expanded")
    func smallAliases() throws {
        let root = try #require(node(load("base: &p {latitude: 52.1, longitude: 4.9}\nother: *p\n")))
        #expect(root["other"]?["latitude"]?.doubleValue == 52.1)
    }

    @Test("non-UTF-8, UTF-16, empty and multi-document files are reported")
    func encodingsAndEmpty() {
        let latin1 = SourceLoader.load(
            data: Data([0x69, 0x64, 0x3A, 0x20, 0x31, 0x0A, 0x6E, 0x3A, 0x20, 0xE9, 0x0A]), path: "a.yaml")
        #expect(problems(latin1).first?.location == SourceLocation(file: "a.yaml", line: 2, column: 4))
        let utf16 = SourceLoader.load(data: Data([0xFF, 0xFE, 0x69, 0x00]), path: "a.yaml")
        #expect(problems(utf16).first?.message.contains("UTF-16") == true)
        #expect(problems(load("# only a comment\n")).first?.message.contains("empty") == true)
        #expect(problems(load("id: 1\n---\nid: 2\n")).first?.rule == "syntax")
    }

    @Test("a UTF-8 byte order mark is accepted")
    func bom() throws {
        let root = try #require(node(SourceLoader.load(data: Data([0xEF, 0xBB, 0xBF]) + Data("id: 3\n".utf8), path: "a.yaml")))
        #expect(root["id"]?.scalarText == "3")
    }

    @Test("invalid YAML gets libyaml's line and column")
    func syntaxErrors() {
        let found = problems(load("id: 1\nname: {en: a\n"))
        #expect(found.first?.rule == "syntax")
        #expect(found.first?.location?.line ?? 0 >= 2)
        let unclosed = problems(load("id: 1\ntext: \"open\n"))
        // libyaml finds it where the file ends; the error points at the quote to close instead.
        #expect(unclosed.first?.location == SourceLocation(file: "content/x/a.yaml", line: 2, column: 7))
        #expect(
            unclosed.first?.message
                == "invalid YAML: the text opened here with \" is never closed; add the closing \" where it ends")
        #expect(unclosed.first?.notes == ["the file ends at content/x/a.yaml:3:1 still inside it"])
        let list = problems(load("id: 1\ntags: [park, \"water\"\n\n"))
        #expect(list.first?.location == SourceLocation(file: "content/x/a.yaml", line: 2, column: 7))
        #expect(list.first?.message == "invalid YAML: the list opened here with `[` is never closed; add `]` where it ends")
        let map = problems(load("id: 1\nname: {en: a\n"))
        #expect(map.first?.location == SourceLocation(file: "content/x/a.yaml", line: 2, column: 7))
        #expect(map.first?.message.contains("the map opened here with `{` is never closed") == true)
        // Found before the end: the error stays where libyaml stopped, the note names the opening.
        let early = problems(load("id: 1\ntags: [park, water\nname:\n  en: x\n"))
        #expect(early.first?.location == SourceLocation(file: "content/x/a.yaml", line: 3, column: 5))
        #expect(early.first?.notes == ["parsing a flow sequence started at content/x/a.yaml:2:7"])
    }

    @Test("merge keys are refused with a clear message")
    func mergeKeys() {
        let found = problems(load("a: &a {x: 1}\nb:\n  <<: *a\n"))
        #expect(found.first?.message.contains("merge keys") == true)
        #expect(found.first?.location?.line == 3)
    }
}
