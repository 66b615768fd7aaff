import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent

/// The registry is the one list of build targets: every target file is in it, and the config
/// check, the builder and `diff`'s pack reader all follow it, so a new target file listed there
/// is covered by these tests without editing them.
@Suite("Build target registry")
struct BuildTargetRegistryTests {
    static let targetsFolder = TestPaths.repoRoot.appendingPathComponent("Sources/GamePackBuild/Build/Targets")

    /// The config of a `gamepack.yaml` whose `targets:` is `targets`, and its config errors.
    static func parseConfig(targets: String) throws -> (ProjectConfig, [Diagnostic]) {
        let yaml = "id: registry-test\nname: Registry Test\nlocales: [en, nl]\ntargets: \(targets)\n"
        guard case .loaded(let root) = SourceLoader.load(data: Data(yaml.utf8), path: "gamepack.yaml") else {
            Issue.record("the test's gamepack.yaml does not load")
            throw CancellationError()
        }
        var diagnostics: [Diagnostic] = []
        let config = ProjectConfig.parse(root, file: "gamepack.yaml", diagnostics: &diagnostics)
        return (config, diagnostics)
    }

    @Test("every target file in Build/Targets/ is registered once, with a distinct name and a summary sentence")
    func everyTargetFileIsRegistered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.targetsFolder.path)
            .filter { $0.hasSuffix("Target.swift") }
            .map { String($0.dropLast(".swift".count)) }
        #expect(files.count >= 3)
        let registered = BuildTargetRegistry.all.map { String(describing: $0) }
        #expect(Set(files) == Set(registered), "files: \(files.sorted()), registered: \(registered.sorted())")
        #expect(Set(registered).count == registered.count, "a target is registered twice")
        #expect(Set(BuildTargetRegistry.names).count == BuildTargetRegistry.names.count, "two targets share a name")
        for kind in BuildTargetRegistry.all {
            #expect(BuildTargetRegistry.kind(named: kind.name).map(ObjectIdentifier.init) == ObjectIdentifier(kind))
            #expect(kind.summary.hasSuffix(".") && kind.summary.count > 20, "\(kind.name)'s summary is not a sentence")
        }
        #expect(ProjectConfig.knownTargets == BuildTargetRegistry.names)
        // GamePackFormat's layouts (which the content server reads packs by) name the same targets.
        #expect(BuildTargetRegistry.names == PackTargetLayouts.all.map { $0.name })
        for kind in BuildTargetRegistry.all {
            #expect(PackTargetLayouts.layout(named: kind.name).map(ObjectIdentifier.init) == ObjectIdentifier(kind.layout))
        }
        #expect(BuildTargetRegistry.nameList == "gohike, canonical or kinvey")
        #expect(BuildTargetRegistry.defaultNames.allSatisfy { BuildTargetRegistry.kind(named: $0) != nil })
    }

    @Test("gamepack.yaml accepts every registered target and refuses other names, listing the registry's")
    func configAcceptsRegisteredTargets() throws {
        for name in BuildTargetRegistry.names {
            let (config, diagnostics) = try Self.parseConfig(targets: "[\(name)]")
            #expect(diagnostics.isEmpty, "\(name): \(diagnostics.map(\.message))")
            #expect(config.targets == [name])
        }
        let (config, diagnostics) = try Self.parseConfig(targets: "[canonical, nosuch]")
        #expect(config.targets == ["canonical"])
        #expect(
            diagnostics.map(\.message) == ["unknown target `nosuch`; use \(BuildTargetRegistry.names.joined(separator: ", "))"])
    }

    @Test("each target's options come from its kind: unknown options name what the target takes")
    func configOptions() throws {
        for kind in BuildTargetRegistry.all {
            let (_, diagnostics) = try Self.parseConfig(targets: "[{\(kind.name): {nosuch: 1}}]")
            let taken = kind.options.map { "`\($0.name): \($0.values)`" }.joined(separator: ", ")
            #expect(
                diagnostics.map(\.message) == [
                    "unknown option `nosuch` of target \(kind.name)"
                        + (kind.options.isEmpty ? "" : "; \(kind.name) takes \(taken)")
                ])
        }
        let (embedded, accepted) = try Self.parseConfig(targets: "[{canonical: {embed: true}}, kinvey]")
        #expect(accepted.isEmpty)
        #expect(embedded.targets == ["canonical", "kinvey"])
        #expect(CanonicalTarget.embedsAssets(embedded))
        let (plain, _) = try Self.parseConfig(targets: "[canonical]")
        #expect(!CanonicalTarget.embedsAssets(plain))
        let (refused, diagnostics) = try Self.parseConfig(targets: "[{canonical: {embed: 3}}]")
        #expect(!CanonicalTarget.embedsAssets(refused))
        #expect(diagnostics.map(\.message) == ["unknown option `embed` of target canonical; canonical takes `embed: true|false`"])
    }

    @Test("every registered target builds, and diff reads its pack back through its reader or says which targets it reads")
    func buildAndReadBackEveryTarget() async throws {
        let temp = try TemporaryDirectory()
        // gohike-amsterdam has the whole-number ids the gohike target needs, so every target builds it.
        let example = TestPaths.example("gohike-amsterdam")
        let readable = BuildTargetRegistry.contentReaders.map(\.name)
        #expect(readable.first == CanonicalTarget.name, "canonical keeps the most: diff prefers it")
        var fieldNames: [String: [String: [ItemID: Set<String>]]] = [:]
        for name in BuildTargetRegistry.names {
            let result = try await BuildTests.build(example, out: temp.url.appendingPathComponent(name), targets: [name])
            #expect(result.manifest.targets == [name])
            #expect(result.manifest.files.contains { $0.path.hasPrefix("\(name)/") }, "\(name) wrote nothing under \(name)/")
            if BuildTargetRegistry.kind(named: name)?.contentReader != nil {
                let snapshot = try await SnapshotLoader.load(.path(result.packURL.path))
                #expect(snapshot.kind == .pack && snapshot.version == result.manifest.version)
                #expect(snapshot.itemCount > 0, "\(name): no items read back")
                fieldNames[name] = snapshot.items.mapValues { $0.mapValues { Set($0.fields.keys) } }
            } else {
                await #expect {
                    _ = try await SnapshotLoader.load(.path(result.packURL.path))
                } throws: { error in
                    "\(error)".contains("it has no \(BuildTargetRegistry.list(readable)) target (targets: \(name))")
                        && "\(error)".contains("rebuild it with --target \(readable[0])")
                }
            }
        }
        #expect(Set(fieldNames.keys) == Set(readable))
        // A pack with every target is read through the most faithful reader (the readers keep
        // different fields, so the fields read tell which one it was).
        #expect(Set(fieldNames.values).count == readable.count, "the readers cannot be told apart")
        let all = try await BuildTests.build(
            example, out: temp.url.appendingPathComponent("all"), targets: BuildTargetRegistry.names)
        let snapshot = try await SnapshotLoader.load(.path(all.packURL.path))
        #expect(snapshot.items.mapValues { $0.mapValues { Set($0.fields.keys) } } == fieldNames[readable[0]])
    }
}
