import Foundation
import GamePackContent
import GamePackFormat
import GamePackLint
import GamePackLocalization

/// The stages of `PackBuilder.build`, in the order it runs them.
extension PackBuilder {
    /// A project that passed lint: the one to build (missing translations filled in when the
    /// policy says `fallback`), lint's warnings and the translations that were missing.
    struct Linted {
        var project: Project
        var warnings: [Diagnostic]
        var missingTranslations: [TranslationState]
        /// What lint's asset inspection found in each asset it read (`Linter.lintProbing`).
        var probed: [String: MediaInfo]
    }

    /// What the lint stage decided: stop with an outcome, or go on.
    enum LintStage {
        case stop(BuildOutcome)
        case go(Linted)
    }

    /// Stage 1: lint (errors stop the build), then the policy for missing translations
    /// (`fail` stops it, `fallback` fills them in from the default locale).
    static func lintStage(_ project: Project, progress: (any BuildProgress)?) async -> LintStage {
        progress?.step("linting \(project.items.count) items")
        let (diagnostics, probed) = await Linter.lintProbing(project)
        if diagnostics.contains(where: { $0.severity == .error }) { return .stop(.failed(diagnostics)) }
        var project = project
        let config = project.config
        let missingTranslations = config.translationLocales.isEmpty ? [] : await TranslationFallback.missing(in: project)
        if !missingTranslations.isEmpty {
            switch config.missingTranslations {
            case .fail:
                let errors = missingTranslations.map { state in
                    Diagnostic(
                        severity: .error, rule: LintRule.missingTranslation.rawValue,
                        message:
                            "`\(state.field)` of \(state.collection) \(state.itemID) has no \(LocaleNames.name(state.locale)) (\(state.locale)) translation, and gamepack.yaml says `missing_translations: fail`",
                        location: state.location,
                        fix: nil)
                }
                return .stop(
                    .failed(
                        Diagnostic.sortedForReport(
                            diagnostics.filter { $0.rule != LintRule.missingTranslation.rawValue } + errors)))
            case .fallback:
                progress?.step("falling back to \(config.defaultLocale) for \(missingTranslations.count) missing translations")
                project = TranslationFallback.filling(project)
            case .empty:
                break
            }
        }
        return .go(
            Linted(project: project, warnings: diagnostics, missingTranslations: missingTranslations, probed: probed))
    }

    /// Stage 2: the targets to emit (`--target`, else `gamepack.yaml`'s, else the default),
    /// sorted, with their kinds; an unknown name is an error.
    static func resolveTargets(_ requested: [String]?, config: ProjectConfig) throws -> (
        names: [String], kinds: [any BuildTargetKind.Type]
    ) {
        let targets = Array(Set(requested ?? (config.targets.isEmpty ? BuildTargetRegistry.defaultNames : config.targets)))
            .sorted()
        let kinds = try targets.map { name in
            guard let kind = BuildTargetRegistry.kind(named: name) else {
                throw GamePackError.unknownTarget(name, known: BuildTargetRegistry.names)
            }
            return kind
        }
        return (targets, kinds)
    }

    /// Stage 3: the catalog of the assets the items use, hashed and probed, with the kernel
    /// asked to read them ahead.
    /// `probed`: what lint found in the assets, which a build without hashes takes as it is.
    static func hashAssets(
        of project: Project, kinds: [any BuildTargetKind.Type], options: BuildOptions, probed: [String: MediaInfo] = [:]
    ) async throws -> AssetCatalog {
        // The items' asset paths, gathered in runs on all cores.
        let runs = [ContentItem].runs(count: project.items.count, cores: ProcessInfo.processInfo.activeProcessorCount)
        let found = await runs.concurrentMap { run in
            var paths = Set<String>()
            for item in project.items[run] {
                guard let type = project.types[item.collection] else { continue }
                collectAssets(item.node, fields: type.fields, into: &paths)
            }
            return paths
        }
        let used = found.reduce(into: Set<String>()) { $0.formUnion($1) }
        // A build whose targets only embed images needs no hashes of them (unless it caches).
        let catalog = try await AssetCatalog.build(
            project: project, paths: used, cacheDirectory: options.cacheDirectory,
            hashes: options.cacheDirectory != nil || kinds.contains { $0.needsAssetHashes }, probed: probed)
        // Ask the kernel to read the assets ahead while the targets are emitted: on a warm build
        // nothing has read them yet, and the pack writer would otherwise wait on the disk.
        let assetsFolder = project.root.path + "/assets/"
        ReadAhead.startInBackground(catalog.records.values.map { assetsFolder + $0.path })
        return catalog
    }

    /// Stage 4: the output folder (made if need be, never through a symlink out of the
    /// project), cleared of abandoned staging folders, and this build's staging folder in it
    /// (`early`, when the head made one).
    static func prepareStaging(in out: URL, project: Project, options: BuildOptions, early: URL?) throws -> URL {
        let fm = FileManager.default
        // Symlinked `build/` or `.gamepack/` in the project would make the build write outside it.
        try ProjectWalker.checkWritable(out, inside: project.root)
        if let cache = options.cacheDirectory { try ProjectWalker.checkWritable(cache, inside: project.root) }
        do {
            try fm.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(path: out.path, reason: "cannot create the output folder (\(error.localizedDescription))")
        }
        Self.removeAbandonedStaging(in: out)
        let staging = early ?? Self.stagingFolder(in: out)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        return staging
    }

    /// Stage 5: each target's files, in target order.
    static func emitTargets(
        _ kinds: [any BuildTargetKind.Type], context: BuildContext, progress: (any BuildProgress)?
    ) async throws -> [TargetOutput] {
        var outputs: [TargetOutput] = []
        for kind in kinds {
            progress?.step("emitting the \(kind.name) target")
            do {
                outputs.append(try await kind.init(context: context).emit())
            } catch let error as GamePackError {
                throw error
            } catch {
                throw GamePackError.buildFailed(target: kind.name, reason: "\(error)")
            }
        }
        return outputs
    }

    /// Stage 6: the pack's entries (the targets' files, their generated files, then the
    /// assets they refer to, each once) and the manifest's file list, sorted by path.
    static func packEntries(_ outputs: [TargetOutput], catalog: AssetCatalog, project: Project) -> (
        [PackArchive.Entry], [PackManifest.File]
    ) {
        var entries: [PackArchive.Entry] = []
        var files: [PackManifest.File] = []
        for file in outputs.flatMap(\.files) {
            entries.append(
                PackArchive.Entry(
                    path: file.packPath, source: .file(file.url, size: file.size, crc32: file.crc32), compress: file.compress))
            files.append(PackManifest.File(path: file.packPath, size: file.size, sha256: file.sha256, md5: file.md5))
        }
        for file in outputs.flatMap(\.generated) {
            entries.append(
                PackArchive.Entry(
                    path: file.packPath, source: .generated(size: file.size, crc32: file.crc32, file.generate),
                    compress: file.compress))
            // The pack writer fills in the hashes.
            files.append(PackManifest.File(path: file.packPath, size: file.size, sha256: "", md5: ""))
        }
        var packed = Set<String>()
        for path in outputs.flatMap(\.assets).sorted() {
            guard let record = catalog.record(for: path), packed.insert(record.packPath).inserted else { continue }
            entries.append(
                PackArchive.Entry(
                    path: record.packPath, source: .file(project.assetURL(record.path), size: record.size, crc32: record.crc32),
                    compress: !record.format.isCompressed))
            files.append(PackManifest.File(path: record.packPath, size: record.size, sha256: record.sha256, md5: record.md5))
        }
        files.sort { $0.path < $1.path }
        return (entries, files)
    }

    /// Stage 7: the `.minisig` of the written pack, in the staging folder.
    static func signPack(
        _ written: PackArchive.Written, staging: URL, sign: @Sendable (PackManifest, [UInt8]) throws -> String
    ) throws -> URL {
        let text = try sign(written.manifest, written.blake2b)
        let url = staging.appendingPathComponent("pack.minisig")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Where the pack and its signature were moved to.
    struct Placed {
        var pack: URL
        /// Nil for an unsigned build.
        var signature: URL?
    }

    /// Stage 8: the pack (and its signature) renamed into the output folder. The old signature
    /// goes first, then each file is renamed over the old one: a build killed at any point
    /// leaves a pack in place (old or new), never a pack beside a signature of other bytes; at
    /// worst the new pack is not signed yet.
    static func moveIntoPlace(_ written: PackArchive.Written, pack packTemp: URL, signature signatureTemp: URL?, in out: URL)
        throws -> Placed
    {
        let manifest = written.manifest
        let packURL = out.appendingPathComponent(manifest.fileName)
        let signatureURL = out.appendingPathComponent(manifest.fileName + ".minisig")
        func replace(_ destination: URL, with source: URL) throws {
            guard rename(source.path, destination.path) == 0 else {
                throw GamePackError.io(
                    path: destination.path,
                    reason: "cannot move the pack into place (\(String(cString: strerror(errno)))); check the output folder")
            }
        }
        if unlink(signatureURL.path) != 0, errno != ENOENT {
            throw GamePackError.io(
                path: signatureURL.path, reason: "cannot remove the old signature (\(String(cString: strerror(errno))))")
        }
        try replace(packURL, with: packTemp)
        if let signatureTemp { try replace(signatureURL, with: signatureTemp) }
        return Placed(pack: packURL, signature: signatureTemp == nil ? nil : signatureURL)
    }

    /// Stage 9: what the build made.
    static func result(
        of linted: Linted, written: PackArchive.Written, placed: Placed, catalog: AssetCatalog,
        policy: MissingTranslationPolicy
    ) -> BuildResult {
        let packBytes = (try? FileManager.default.attributesOfItem(atPath: placed.pack.path)[.size] as? Int64) ?? 0
        var counts: [String: Int] = [:]
        for item in linted.project.items { counts[item.collection, default: 0] += 1 }
        return BuildResult(
            manifest: written.manifest, packURL: placed.pack, signatureURL: placed.signature, warnings: linted.warnings,
            itemCounts: counts, assetCount: catalog.records.count,
            assetBytes: catalog.records.values.reduce(0) { $0 + $1.size }, packBytes: packBytes,
            missingTranslations: linted.missingTranslations, missingTranslationPolicy: policy,
            reusedPrefix: written.reusedPrefix)
    }

    /// Asset paths written in a node, by its fields' types.
    static func collectAssets(_ node: SourceNode, fields: [FieldSpec], into paths: inout Set<String>) {
        var collector = AssetPathCollector()
        swap(&collector.paths, &paths)
        collector.walkFields(of: node, fields) { _, _ in }
        swap(&collector.paths, &paths)
    }
}

/// Collects the asset paths written in an item's image and audio fields, at any depth.
struct AssetPathCollector: FieldVisitor {
    /// Normalized paths relative to `assets/`.
    var paths = Set<String>()

    mutating func visitLeaf(_ type: LeafFieldType, _ node: SourceNode, spec: FieldSpec) {
        switch type {
        case .image, .audio:
            if let path = node.scalarText { paths.insert(AssetPath.normalize(path)) }
        case .string, .text, .int, .number, .bool, .date, .url, .enum, .geo, .reference:
            break
        }
    }

    mutating func visitLocalized(_ node: SourceNode, spec: FieldSpec) {}

    mutating func visitList(_ node: SourceNode, spec: FieldSpec, element: FieldSpec?) {
        walkElements(of: node, element: element) { _, _ in }
    }

    mutating func visitObject(_ node: SourceNode, spec: FieldSpec) {
        walkFields(of: node, spec.fields) { _, _ in }
    }
}
