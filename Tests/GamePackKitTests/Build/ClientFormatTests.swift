import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackKit

/// The pack's minimum client content format: declared in `gamepack.yaml` (`client_format`),
/// raised by `build` when the project uses a feature that needs it (`ClientFormatFeatures`), and
/// reported by `diff` when it changes.
@Suite("Client content format of packs (the compatibility gate)")
struct ClientFormatTests {
    /// A copy of the dealhunter example named `name`, with `gamepack.yaml` lines `config` added
    /// and, when `number` is set, a `ratings` collection whose `score` is a `number` field.
    static func project(_ temp: TemporaryDirectory, _ name: String, config: String = "", number: Bool = false) throws -> URL {
        let project = try temp.copy(TestPaths.example("dealhunter"), as: name)
        if !config.isEmpty {
            let file = project.appendingPathComponent("gamepack.yaml")
            try Data((try String(contentsOf: file, encoding: .utf8) + config).utf8).write(to: file)
        }
        if number {
            try temp.write(
                "description: Ratings.\nfields:\n  details:\n    type: object\n    fields:\n      score: {type: number}\n",
                to: "\(name)/schema/ratings.yaml")
            try temp.write("id: 1\ndetails:\n  score: 4.5\n", to: "\(name)/content/ratings/1.yaml")
        }
        return project
    }

    /// Builds `project` and returns its manifest and the manifest's bytes in the pack.
    static func build(_ project: URL, _ temp: TemporaryDirectory, out: String) async throws -> (PackManifest, String) {
        let built = try await TestPacks.build(
            project, out: temp.url.appendingPathComponent(out), key: MinisignSecretKey.generate(), sequence: 1)
        let bytes = try PackArchive.Reader(url: built.pack).data(at: PackFormat.manifestPath)
        return (built.manifest, String(decoding: bytes, as: UTF8.self))
    }

    @Test("a pack without format-2 features has no minimumClientFormat key; one with a number field gets 2")
    func raisedByFeature() async throws {
        let temp = try TemporaryDirectory()
        let (plain, plainText) = try await Self.build(try Self.project(temp, "plain"), temp, out: "out-plain")
        #expect(plain.minimumClientFormat == nil)
        #expect(!plainText.contains("minimumClientFormat"))
        let (rated, ratedText) = try await Self.build(try Self.project(temp, "rated", number: true), temp, out: "out-rated")
        #expect(rated.minimumClientFormat == 2)
        #expect(ratedText.contains("\"minimumClientFormat\" : 2"))
        let loaded = try await Project.load(at: temp.url.appendingPathComponent("rated"))
        #expect(
            ClientFormatFeatures.used(by: loaded).map { $0.place } == [
                "field `details.score` of `ratings` in schema/ratings.yaml"
            ])
    }

    @Test("client_format in gamepack.yaml is honoured: 2 raises a plain pack, 1 changes nothing")
    func setting() async throws {
        let temp = try TemporaryDirectory()
        let (two, _) = try await Self.build(try Self.project(temp, "two", config: "client_format: 2\n"), temp, out: "out-two")
        #expect(two.minimumClientFormat == 2)
        let (one, oneText) = try await Self.build(try Self.project(temp, "one", config: "client_format: 1\n"), temp, out: "o1")
        #expect(one.minimumClientFormat == nil && !oneText.contains("minimumClientFormat"))
    }

    @Test("a bad client_format is a config error at its position", arguments: ["0", "3", "two", "1.5", "[2]"])
    func badSetting(value: String) async throws {
        let temp = try TemporaryDirectory()
        let project = try Self.project(temp, "bad", config: "client_format: \(value)\n")
        let lines = try String(contentsOf: project.appendingPathComponent("gamepack.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let loaded = try await Project.load(at: project)
        let errors = loaded.diagnostics.filter { $0.rule == "config" && $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("`client_format` must be a whole number from 1 to 2") == true)
        #expect(errors.first?.location == SourceLocation(file: "gamepack.yaml", line: lines.count - 1, column: 16))
        #expect(loaded.config.clientFormat == nil)
    }

    @Test("client_format below what a used feature needs is an error naming the feature; the build stops")
    func settingBelowFeature() async throws {
        let temp = try TemporaryDirectory()
        let project = try Self.project(temp, "low", config: "client_format: 1\n", number: true)
        let loaded = try await Project.load(at: project)
        let errors = loaded.diagnostics.filter { $0.rule == "config" }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("number fields (field `details.score` of `ratings`") == true)
        #expect(errors.first?.message.contains("set `client_format: 2`") == true)
        #expect(errors.first?.location?.column == 16)
        let outcome = try await PackBuilder.build(
            project: loaded, options: BuildOptions(outputDirectory: temp.url.appendingPathComponent("out-low")))
        guard case .failed = outcome else {
            Issue.record("the build went on despite the error")
            return
        }
    }

    @Test("diff says when a change raises the minimum client format, and says nothing when it does not")
    func diffReportsRaise() async throws {
        let temp = try TemporaryDirectory()
        let old = try Self.project(temp, "old")
        let new = try Self.project(temp, "new", number: true)
        let raised = try await DiffTesting.diff(.path(old.path), .path(new.path))
        #expect(raised.minimumClientFormat == ClientFormatChange(old: 1, new: 2))
        let context = DiffRenderContext()
        let text = DiffTextRenderer().render(raised, context: context)
        #expect(text.contains("Minimum client format raised from 1 to 2: apps built for client format 1 do not take"))
        #expect(DiffMarkdownRenderer().render(raised, context: context).contains("⚠️ **Minimum client format raised from 1 to 2"))
        let json = DiffJSONRenderer().render(raised, context: context)
        #expect(json.contains("\"minimumClientFormat\" : {\n    \"new\" : 2,\n    \"old\" : 1\n  }"))
        #expect(try DiffJSONRenderer.decode(json).minimumClientFormat == raised.minimumClientFormat)

        let same = try await DiffTesting.diff(.path(old.path), .path(try Self.project(temp, "same").path))
        #expect(same.minimumClientFormat == nil)
        #expect(!DiffJSONRenderer().render(same, context: context).contains("minimumClientFormat"))
        #expect(!DiffTextRenderer().render(same, context: context).contains("client format"))
    }
}
