import Foundation
import GamePackContent
import GamePackFormat
import GamePackLocalization

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
        private(set) var options: BuildOptions
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

        /// Gives the head the build's final options: those known only after the project loaded
        /// (`sequence`, `expires`, `timestamp`). The folders must be the ones it started with.
        public func settle(_ final: BuildOptions) {
            precondition(
                final.outputDirectory == options.outputDirectory && final.cacheDirectory == options.cacheDirectory,
                "a build head's folders are fixed when it starts")
            options = final
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
    /// options before `project` was loaded. The stages, in order: lint and the missing
    /// translations (either may stop the build), the targets, the assets, the staging folder,
    /// emitting the targets, the pack's entries and manifest, writing (and signing) the pack,
    /// and moving it into place.
    public static func build(
        project: Project, head: Head, progress: (any BuildProgress)? = nil,
        sign: (@Sendable (PackManifest, [UInt8]) throws -> String)? = nil
    ) async throws -> BuildOutcome {
        let options = head.options
        var prefixCopy = head.copy
        defer { head.discard() }
        defer { prefixCopy?.cancel() }

        let linted: Linted
        switch await lintStage(project, progress: progress) {
        case .stop(let outcome): return outcome
        case .go(let result): linted = result
        }
        let project = linted.project
        let (targets, kinds) = try resolveTargets(options.targets, config: project.config)
        let sourceTime = options.timestamp ?? knownSourceTimestamp(of: project.root)
        let timestamp = sourceTime ?? Self.zipEpochDate
        progress?.step("hashing assets")
        // The index of the items is made while the assets are hashed.
        async let index = ContentIndex(project)
        let catalog = try await hashAssets(of: project, kinds: kinds, options: options, probed: linted.probed)

        let out = options.outputDirectory.standardizedFileURL
        let staging = try prepareStaging(in: out, project: project, options: options, early: head.staging)
        defer { try? FileManager.default.removeItem(at: staging) }
        let context = BuildContext(
            project: project, index: await index, catalog: catalog, staging: staging.appendingPathComponent("files"),
            base64Cache: options.cacheDirectory?.appendingPathComponent("base64"), timestamp: timestamp)
        let outputs = try await emitTargets(kinds, context: context, progress: progress)

        let (entries, files) = packEntries(outputs, catalog: catalog, project: project)
        let versions = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, $0.version) })
        let formatter = ISO8601DateFormatter()
        let pending = PackManifest(
            project: project.config.id, name: project.config.name, version: PackManifest.packVersion(of: versions),
            versions: versions, sequence: options.sequence ?? Self.defaultSequence(sourceTimestamp: sourceTime),
            created: formatter.string(from: timestamp), expires: options.expires.map { formatter.string(from: $0) },
            locales: orderedLocales(project.config), targets: targets, files: files,
            minimumClientFormat: ClientFormatFeatures.minimumClientFormat(of: project))

        progress?.step("writing \(pending.fileName)")
        let packTemp = staging.appendingPathComponent("pack.zip")
        if prefixCopy == nil, let earlier = head.earlier {
            // A new output folder: copy the earlier pack's prefix now.
            prefixCopy = PackArchive.PrefixCopy(prefix: earlier.prefix, from: earlier.pack, to: packTemp)
        }
        // The pack's BLAKE2b is for its signature and for the prefix cache; without either,
        // hashing it would only cost time.
        let written = try PackArchive.write(
            manifest: pending, entries: entries, modificationDate: timestamp, to: packTemp, reusing: prefixCopy,
            blake2b: sign != nil || head.prefixCache != nil)
        var signatureTemp: URL?
        if let sign {
            progress?.step("signing")
            signatureTemp = try signPack(written, staging: staging, sign: sign)
        }
        let placed = try moveIntoPlace(written, pack: packTemp, signature: signatureTemp, in: out)
        head.prefixCache?.save(written.prefix, pack: placed.pack)
        return .built(
            result(
                of: linted, written: written, placed: placed, catalog: catalog, policy: project.config.missingTranslations))
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
        PendingSourceTimestamp(of: root, environment: environment).wait()
    }

    /// `knownSourceTimestamp`, asked early: git starts at once and runs while the caller goes on
    /// (`gamepack build` loads the project meanwhile); `wait()` reads its answer.
    public final class PendingSourceTimestamp: @unchecked Sendable {
        private let stated: Date?
        private let git: Process?
        private let output: Pipe?

        public init(of root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
            if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text) {
                stated = Date(timeIntervalSince1970: TimeInterval(max(seconds, zipEpoch)))
                git = nil
                output = nil
                return
            }
            stated = nil
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", root.path, "log", "-1", "--format=%ct", "--", "."]
            let pipe = Pipe()
            git.standardOutput = pipe
            git.standardError = FileHandle.nullDevice
            let started = (try? git.run()) != nil
            self.git = started ? git : nil
            output = started ? pipe : nil
        }

        /// The timestamp, once git has answered (at once for `SOURCE_DATE_EPOCH`).
        public func wait() -> Date? {
            if let stated { return stated }
            guard let git, let output else { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            git.waitUntilExit()
            guard git.terminationStatus == 0,
                let seconds = Int64(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(max(seconds, zipEpoch)))
        }
    }

    /// 1980-01-01T00:00:00Z, the earliest time a ZIP entry can carry.
    static let zipEpoch: Int64 = 315_532_800

    /// `zipEpoch` as a date: the timestamp of packs built with no source timestamp.
    public static let zipEpochDate = Date(timeIntervalSince1970: TimeInterval(zipEpoch))
}
