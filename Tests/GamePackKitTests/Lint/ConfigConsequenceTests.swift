import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint
import GamePackTestSupport
import Testing

/// A broken gamepack.yaml is reported first, and the findings that only follow from it (every
/// Dutch text an unknown locale when `locales:` is misspelt) are held back behind one note.
@Suite("Lint: config errors first, their consequences held back")
struct ConfigConsequenceTests {
    static let base = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base")

    /// Lints a copy of the clean base project whose gamepack.yaml is `config`.
    func lint(config: String, extra: [String: String] = [:]) async throws -> [Diagnostic] {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(Self.base, as: "project")
        try temp.write(config, to: "project/gamepack.yaml")
        for (path, text) in extra { try temp.write(text, to: "project/\(path)") }
        return await Linter.lint(try await Project.load(at: project))
    }

    @Test("`locale:` instead of `locales:`: the two config errors come first, the unknown-locale findings are one note")
    func misspeltLocales() async throws {
        let diagnostics = try await lint(
            config: "id: lint-base\nname: Lint Base\nlocale: [en, nl]\ntargets: [gohike, canonical]\n")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["config", "config"], "\(diagnostics)")
        #expect(errors.allSatisfy { $0.location?.file == "gamepack.yaml" })
        #expect(diagnostics.first?.location?.file == "gamepack.yaml")
        #expect(!diagnostics.contains { $0.rule == "unknown-locale" }, "\(diagnostics)")
        let note = try #require(diagnostics.first { $0.severity == .note && $0.rule == "config" })
        #expect(note.message.contains("(unknown-locale) not shown"), "\(note.message)")
        #expect(note.message.contains("`locales`"), "\(note.message)")
        #expect(note.message.range(of: #"^[0-9]+ more findings"#, options: .regularExpression) != nil, "\(note.message)")
        // Each is a real consequence: with `locales:` spelt right they are all gone.
        let fixed = try await lint(config: "id: lint-base\nname: Lint Base\nlocales: [en, nl]\ntargets: [gohike, canonical]\n")
        #expect(fixed.isEmpty, "\(fixed)")
    }

    @Test("a misspelt rule setting holds back that rule's findings only; other findings stay")
    func misspeltRuleSetting() async throws {
        // `unused-assets` (meant: unused-asset) would have turned the unused-asset warning off.
        let diagnostics = try await lint(
            config: "id: lint-base\nname: Lint Base\nlocales: [en, nl]\nlint:\n  rules:\n    unused-assets: off\n",
            extra: ["assets/photos/extra.jpg": "not used", "content/deals/2.yaml": "id: 2\n"])
        #expect(diagnostics.first?.rule == "config", "\(diagnostics)")
        #expect(!diagnostics.contains { $0.rule == "unused-asset" }, "\(diagnostics)")
        #expect(diagnostics.contains { $0.rule == "missing-required" }, "unrelated findings are still reported")
        let note = try #require(diagnostics.first { $0.severity == .note })
        #expect(note.message.contains("(unused-asset) not shown") && note.message.contains("`lint.rules.unused-asset`"))
    }

    @Test("a config error with no consequences adds no note; a valid config holds nothing back")
    func nothingToHoldBack() async throws {
        let typo = try await lint(config: "id: lint-base\nname: Lint Base\nlocales: [en, nl]\ntargetz: [gohike]\n")
        #expect(typo.map(\.rule) == ["config"], "\(typo)")
        let valid = try await lint(
            config: "id: lint-base\nname: Lint Base\nlocales: [en]\n")
        // With only English, the Dutch texts are unknown locales: reported, since the config is valid.
        #expect(valid.contains { $0.rule == "unknown-locale" })
        #expect(!valid.contains { $0.severity == .note && $0.rule == "config" })
    }
}
