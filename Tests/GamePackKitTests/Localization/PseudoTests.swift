import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
import GamePackTestSupport
import Testing

@Suite("Localization: pseudo-localization")
struct LocalizationPseudoTests {
    @Test("accents, brackets, about 40% longer")
    func shape() {
        let pseudo = PseudoLocalizer.pseudo("Green Trail")
        #expect(pseudo == "[Ĝŕééñ Ţŕáíĺ····]")
        #expect(Double(pseudo.count) >= Double("Green Trail".count) * 1.4)
        #expect(PseudoLocalizer.pseudo("") == "")
    }

    @Test("line breaks, whitespace and placeholders are kept")
    func keeps() {
        let pseudo = PseudoLocalizer.pseudo("Hi %@,\r\nyou have %1$d {count} items\t(%.2f%%)")
        #expect(pseudo.hasPrefix("[Ĥí %@,\r\nýóú ĥáṽé %1$d {count} íţéɱš\t(%.2f%%)"))
        #expect(pseudo.hasSuffix("]"))
        #expect(pseudo.components(separatedBy: "\r\n").count == 2)
    }

    @Test("every letter has a distinct accented form")
    func table() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let pseudo = PseudoLocalizer.pseudo(letters)
        let body = pseudo.dropFirst().prefix(letters.count)
        #expect(Set(body).count == 52)
        #expect(body.allSatisfy { !$0.isASCII })
    }

    @Test("the project's pseudo texts come from the default locale; the sources are untouched")
    func project() async throws {
        let before = try L10n.snapshot(L10n.coverageProject)
        let project = try await Project.load(at: L10n.coverageProject)
        let texts = PseudoLocalizer.translations(of: project)
        #expect(texts.count == 6)
        #expect(texts["locations/2/description"]?.hasPrefix("[Áŕţ ɱúšéúɱ.\r\nÓþéñ ďáíĺý.") == true)
        #expect(try L10n.snapshot(L10n.coverageProject) == before)
    }

    @Test("a pseudo locale is filled into an in-memory copy of the project, for builds")
    func pseudoProject() async throws {
        let before = try L10n.snapshot(L10n.coverageProject)
        let project = try await Project.load(at: L10n.coverageProject)
        let pseudo = PseudoLocalizer.project(project, locale: "qps")
        #expect(pseudo.config.locales == ["en", "nl", "de", "qps"])
        let inventory = TranslationInventory(project: pseudo)
        #expect(inventory.fields.count == 6)
        for field in inventory.fields {
            #expect(field.texts["qps"]?.text == PseudoLocalizer.pseudo(field.source), "\(field.unitID)")
            #expect(
                field.texts["nl"]?.text
                    == TranslationInventory(project: project).fields.first { $0.unitID == field.unitID }?.texts["nl"]?.text)
        }
        // The plain-string phrase became a map of en and qps.
        let hello = try #require(pseudo.items.first { $0.id == ItemID("hello") })
        #expect(hello.node["text"]?.entries?.map(\.key) == ["en", "qps"])
        #expect(try LocalizationReport(project: pseudo, locales: ["qps"]).coverage(of: "qps")?.counts.translated == 6)
        #expect(try L10n.snapshot(L10n.coverageProject) == before)
    }
}
