import Foundation
import GamePackFormat

/// Receives a build's progress; the CLI shows it on a terminal. Calls may come from any thread.
public protocol BuildProgress: Sendable {
    /// A new step starts ("hashing assets", "writing the pack").
    func step(_ name: String)
}

/// How to build.
public struct BuildOptions: Sendable {
    /// Where the pack (and its signature) are written.
    public var outputDirectory: URL
    /// Targets to emit; nil uses `gamepack.yaml`'s (or `canonical` when it names none).
    public var targets: [String]?
    /// The pack's sequence; nil uses `PackBuilder.defaultSequence(sourceTimestamp:)`: the
    /// source timestamp in seconds (it grows with commits), else the build time.
    public var sequence: Int64?
    /// When clients should stop accepting the pack.
    public var expires: Date?
    /// The cache folder (asset hashes, base64); nil disables caching.
    public var cacheDirectory: URL?
    /// Overrides the timestamp (otherwise `SOURCE_DATE_EPOCH`, then the last commit, then 1980-01-01).
    public var timestamp: Date?

    public init(
        outputDirectory: URL, targets: [String]? = nil, sequence: Int64? = nil, expires: Date? = nil,
        cacheDirectory: URL? = nil, timestamp: Date? = nil
    ) {
        self.outputDirectory = outputDirectory
        self.targets = targets
        self.sequence = sequence
        self.expires = expires
        self.cacheDirectory = cacheDirectory
        self.timestamp = timestamp
    }
}

/// What a successful build made.
public struct BuildResult: Sendable {
    public var manifest: PackManifest
    public var packURL: URL
    public var signatureURL: URL?
    /// Warnings lint found (errors stop the build).
    public var warnings: [Diagnostic]
    /// Items per collection.
    public var itemCounts: [String: Int]
    /// Distinct assets used and their total bytes.
    public var assetCount: Int
    public var assetBytes: Int64
    /// The pack file's size in bytes.
    public var packBytes: Int64
    /// The translations that were missing, and what the build emitted for them (`policy`).
    public var missingTranslations: [TranslationState] = []
    public var missingTranslationPolicy: MissingTranslationPolicy = .fallback
    /// Whether the assets part of the previous pack was reused (copied, not hashed again).
    public var reusedPrefix = false
}

/// The outcome of `PackBuilder.build`.
public enum BuildOutcome: Sendable {
    /// Lint found errors; nothing was written.
    case failed([Diagnostic])
    case built(BuildResult)
}

/// Builds a project: lint (errors stop it), hash and probe assets, emit each target, write the
/// manifest and the ZIP, sign, then move the pack into place. Everything is written in a
/// staging folder inside the output folder and renamed at the end, so a failed build leaves the
/// previous output untouched.
public enum PackBuilder {
    /// The start of a build that can begin before the project is loaded: when the last build's
    /// pack is still there, its assets part (the part an unchanged set of assets shares) is
    /// copied into a new staging folder in the background, so that the copy overlaps loading,
    /// linting and emitting. `build` uses the copy or throws it away.
    public final class Head: @unchecked Sendable {
        let options: BuildOptions
        let prefixCache: PackPrefixCache?
        let earlier: (prefix: PackArchive.Prefix, pack: URL)?
        let staging: URL?
        let copy: PackArchive.PrefixCopy?

        public init(options: BuildOptions) {
            let fm = FileManager.default
            let out = options.outputDirectory.standardizedFileURL
            self.options = options
            prefixCache = options.cacheDirectory.map { PackPrefixCache(cacheDirectory: $0) }
            earlier = prefixCache?.load()
            var staging: URL?
            var copy: PackArchive.PrefixCopy?
            if let earlier, fm.fileExists(atPath: out.path) {
                let folder = PackBuilder.stagingFolder(in: out)
                if (try? fm.createDirectory(at: folder, withIntermediateDirectories: true)) != nil {
                    staging = folder
                    copy = PackArchive.PrefixCopy(
                        prefix: earlier.prefix, from: earlier.pack, to: folder.appendingPathComponent("pack.zip"))
                }
            }
            self.staging = staging
            self.copy = copy
        }

        /// Stops the copy if it is still running and removes the staging folder (whatever the
        /// build moved out of it is kept).
        func discard() {
            copy?.cancel()
            if let staging { try? FileManager.default.removeItem(at: staging) }
        }

        deinit { discard() }
    }

    /// - Parameter sign: given the pack's manifest and the BLAKE2b-512 digest of the pack file
    ///   (minisign's prehash, computed while writing), returns the contents of its `.minisig`
    ///   signature file; nil for an unsigned build.
    public static func build(
        project: Project, options: BuildOptions, progress: (any BuildProgress)? = nil,
        sign: (@Sendable (PackManifest, [UInt8]) throws -> String)? = nil
    ) async throws -> BuildOutcome {
        try await build(project: project, head: Head(options: options), progress: progress, sign: sign)
    }

    /// `build(project:options:progress:sign:)` going on from `head`, started with the same
    /// options before `project` was loaded.
    public static func build(
        project: Project, head: Head, progress: (any BuildProgress)? = nil,
        sign: (@Sendable (PackManifest, [UInt8]) throws -> String)? = nil
    ) async throws -> BuildOutcome {
        let options = head.options
        let fm = FileManager.default
        let out = options.outputDirectory.standardizedFileURL
        let prefixCache = head.prefixCache
        let earlyStaging = head.staging
        var prefixCopy = head.copy
        let earlier = head.earlier
        defer { head.discard() }
        defer { prefixCopy?.cancel() }

        progress?.step("linting \(project.items.count) items")
        let diagnostics = await Linter.lint(project)
        if diagnostics.contains(where: { $0.severity == .error }) { return .failed(diagnostics) }
        var project = project
        let config = project.config
        let missingTranslations = config.translationLocales.isEmpty ? [] : TranslationFallback.missing(in: project)
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
                return .failed(
                    Diagnostic.sortedForReport(diagnostics.filter { $0.rule != LintRule.missingTranslation.rawValue } + errors))
            case .fallback:
                progress?.step("falling back to \(config.defaultLocale) for \(missingTranslations.count) missing translations")
                project = TranslationFallback.filling(project)
            case .empty:
                break
            }
        }
        let targets = Array(Set(options.targets ?? (config.targets.isEmpty ? BuildTargetRegistry.defaultNames : config.targets)))
            .sorted()
        let kinds = try targets.map { name in
            guard let kind = BuildTargetRegistry.kind(named: name) else {
                throw GamePackError.unknownTarget(name, known: BuildTargetRegistry.names)
            }
            return kind
        }
        let sourceTime = options.timestamp ?? knownSourceTimestamp(of: project.root)
        let timestamp = sourceTime ?? Self.zipEpochDate

        progress?.step("hashing assets")
        var used = Set<String>()
        for item in project.items {
            guard let type = project.types[item.collection] else { continue }
            collectAssets(item.node, fields: type.fields, into: &used)
        }
        // A build whose targets only embed images needs no hashes of them (unless it caches).
        let catalog = try await AssetCatalog.build(
            project: project, paths: used, cacheDirectory: options.cacheDirectory,
            hashes: options.cacheDirectory != nil || kinds.contains { $0.needsAssetHashes })
        // Ask the kernel to read the assets ahead while the targets are emitted: on a warm build
        // nothing has read them yet, and the pack writer would otherwise wait on the disk.
        for record in catalog.records.values { ReadAhead.start(project.assetURL(record.path).path) }

        // Symlinked `build/` or `.gamepack/` in the project would make the build write outside it.
        try ProjectWalker.checkWritable(out, inside: project.root)
        if let cache = options.cacheDirectory { try ProjectWalker.checkWritable(cache, inside: project.root) }
        do {
            try fm.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(path: out.path, reason: "cannot create the output folder (\(error.localizedDescription))")
        }
        Self.removeAbandonedStaging(in: out)
        let staging = earlyStaging ?? Self.stagingFolder(in: out)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: staging) }
        let context = BuildContext(
            project: project, index: ContentIndex(project), catalog: catalog, staging: staging.appendingPathComponent("files"),
            base64Cache: options.cacheDirectory?.appendingPathComponent("base64"), timestamp: timestamp)

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
        let versions = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, $0.version) })
        let formatter = ISO8601DateFormatter()
        let pending = PackManifest(
            project: config.id, name: config.name, version: PackManifest.packVersion(of: versions), versions: versions,
            sequence: options.sequence ?? Self.defaultSequence(sourceTimestamp: sourceTime),
            created: formatter.string(from: timestamp),
            expires: options.expires.map { formatter.string(from: $0) }, locales: orderedLocales(config), targets: targets,
            files: files)

        progress?.step("writing \(pending.fileName)")
        let packTemp = staging.appendingPathComponent("pack.zip")
        if prefixCopy == nil, let earlier {
            // A new output folder: copy the earlier pack's prefix now.
            prefixCopy = PackArchive.PrefixCopy(prefix: earlier.prefix, from: earlier.pack, to: packTemp)
        }
        // The pack's BLAKE2b is for its signature and for the prefix cache; without either,
        // hashing it would only cost time.
        let written = try PackArchive.write(
            manifest: pending, entries: entries, modificationDate: timestamp, to: packTemp, reusing: prefixCopy,
            blake2b: sign != nil || prefixCache != nil)
        // The manifest as written, with the hashes of the files generated while writing.
        let manifest = written.manifest
        let digest = written.blake2b
        var signatureTemp: URL?
        if let sign {
            progress?.step("signing")
            let text = try sign(manifest, digest)
            let url = staging.appendingPathComponent("pack.minisig")
            try Data(text.utf8).write(to: url)
            signatureTemp = url
        }

        let packURL = out.appendingPathComponent(manifest.fileName)
        let signatureURL = out.appendingPathComponent(manifest.fileName + ".minisig")
        // The old signature goes first, then each file is renamed over the old one: a build
        // killed at any point leaves a pack in place (old or new), never a pack beside a
        // signature of other bytes; at worst the new pack is not signed yet.
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
        prefixCache?.save(written.prefix, pack: packURL)
        let packBytes = (try? fm.attributesOfItem(atPath: packURL.path)[.size] as? Int64) ?? 0
        var counts: [String: Int] = [:]
        for item in project.items { counts[item.collection, default: 0] += 1 }
        return .built(
            BuildResult(
                manifest: manifest, packURL: packURL, signatureURL: signatureTemp == nil ? nil : signatureURL,
                warnings: diagnostics, itemCounts: counts, assetCount: catalog.records.count,
                assetBytes: catalog.records.values.reduce(0) { $0 + $1.size }, packBytes: packBytes,
                missingTranslations: missingTranslations, missingTranslationPolicy: config.missingTranslations,
                reusedPrefix: written.reusedPrefix))
    }

    /// A new staging folder inside the output folder (the same file system, so renames are atomic).
    static func stagingFolder(in out: URL) -> URL {
        out.appendingPathComponent(
            ".gamepack-staging-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    }

    /// Removes the staging folders that killed builds left in `out`: those whose build process
    /// (the pid in `.gamepack-staging-<pid>-<id>`) is gone.
    static func removeAbandonedStaging(in out: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: out.path) else { return }
        let marker = ".gamepack-staging-"
        for name in names where name.hasPrefix(marker) {
            guard let pid = Int32(name.dropFirst(marker.count).prefix { $0 != "-" }) else { continue }
            if pid == ProcessInfo.processInfo.processIdentifier { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }  // still running
            try? FileManager.default.removeItem(at: out.appendingPathComponent(name))
        }
    }

    /// The project's locales with the default first.
    static func orderedLocales(_ config: ProjectConfig) -> [String] {
        [config.defaultLocale] + config.locales.filter { $0 != config.defaultLocale }
    }

    /// Asset paths written in a node, by its fields' types.
    static func collectAssets(_ node: SourceNode, fields: [FieldSpec], into paths: inout Set<String>) {
        for spec in fields {
            guard let value = node[spec.name] else { continue }
            collectAssets(value, spec: spec, into: &paths)
        }
    }

    static func collectAssets(_ node: SourceNode, spec: FieldSpec, into paths: inout Set<String>) {
        switch spec.type {
        case .image, .audio:
            if let path = node.scalarText { paths.insert(AssetPath.normalize(path)) }
        case .list:
            guard let element = spec.element?.value else { return }
            for value in node.elements ?? [] { collectAssets(value, spec: element, into: &paths) }
        case .object:
            collectAssets(node, fields: spec.fields, into: &paths)
        default:
            break
        }
    }

    /// The build timestamp: `SOURCE_DATE_EPOCH`, else the project's last commit, else
    /// 1980-01-01 (the earliest ZIP time). Never the wall clock, so builds are reproducible.
    public static func sourceTimestamp(of root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Date
    {
        knownSourceTimestamp(of: root, environment: environment) ?? zipEpochDate
    }

    /// The pack's sequence when none is given: the source timestamp in seconds, so it grows
    /// with every commit and rebuilding a commit gives the same pack; without one (no
    /// `SOURCE_DATE_EPOCH`, no commit), the build time in seconds, so that each build of an
    /// untracked folder can be published after the last.
    public static func defaultSequence(sourceTimestamp: Date?, now: Date = Date()) -> Int64 {
        Int64((sourceTimestamp ?? now).timeIntervalSince1970)
    }

    /// `SOURCE_DATE_EPOCH`, else the time of the project's last commit, else nil (a folder
    /// outside git, or one with no commit yet).
    public static func knownSourceTimestamp(
        of root: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Date? {
        if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text) {
            return Date(timeIntervalSince1970: TimeInterval(max(seconds, zipEpoch)))
        }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "log", "-1", "--format=%ct", "--", "."]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        if (try? git.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            git.waitUntilExit()
            if git.terminationStatus == 0,
                let seconds = Int64(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return Date(timeIntervalSince1970: TimeInterval(max(seconds, zipEpoch)))
            }
        }
        return nil
    }

    /// 1980-01-01T00:00:00Z, the earliest time a ZIP entry can carry.
    static let zipEpoch: Int64 = 315_532_800

    /// `zipEpoch` as a date: the timestamp of packs built with no source timestamp.
    public static let zipEpochDate = Date(timeIntervalSince1970: TimeInterval(zipEpoch))
}
