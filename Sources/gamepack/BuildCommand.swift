import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackLint

/// `gamepack build`: lint, emit targets, pack, sign.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a signed, versioned content pack from a project.",
        discussion: """
            Lints first (errors stop the build), emits each target, writes \
            DIR/<project>-<version>.gamepack and, when a key is given (--sign or the \
            GAMEPACK_SECRET_KEY environment variable holding a secret key file's text), \
            DIR/<project>-<version>.gamepack.minisig. The same sources give the same bytes on any \
            machine: timestamps come from SOURCE_DATE_EPOCH or the last commit.

            The pack's sequence (servers and clients refuse a pack whose sequence is not above the \
            one they have) is, unless --sequence gives it, that timestamp in seconds, so it grows \
            with every commit. A folder outside git with no SOURCE_DATE_EPOCH uses the build time \
            instead, so each build can be published after the last one.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(name: .long, help: "The output folder (default: PROJECT/build).")
    var out: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A target to emit: \(BuildTargetRegistry.nameList) (repeatable; default: gamepack.yaml's).",
            discussion: BuildTargetRegistry.summaries.map { "\($0.name): \($0.summary)" }.joined(separator: "\n")))
    var target: [String] = []

    @Option(help: "Sign with this minisign secret key file (0600 permissions).")
    var sign: String?

    @Option(
        help: "The pack's sequence number (default: SOURCE_DATE_EPOCH or the last commit's time in seconds, else the build time)."
    )
    var sequence: Int64?

    @Option(
        help:
            "When clients stop accepting the pack: an ISO 8601 date-time, or a number of days after the source timestamp (else the build time)."
    )
    var expires: String?

    @Flag(help: "Do not read or write the asset cache (PROJECT/.gamepack/cache).")
    var noCache = false

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        for name in target where !ProjectConfig.knownTargets.contains(name) {
            throw ValidationError("unknown target '\(name)'; use \(ProjectConfig.knownTargets.joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let path = ProjectPath(project)
        let started = Date()
        let progress: TerminalProgress? =
            outputOptions.verbose
            ? TerminalProgress(timed: true)
            : outputOptions.quiet || !Terminal.isInteractive(STDERR_FILENO) ? nil : TerminalProgress()
        do {
            // Before anything is started or written for it (the output folder is inside it).
            try Project.checkFolder(path.url)
            let signer = try SigningKeySource.resolve(option: sign, optionName: "--sign")
            progress?.step("loading the project")
            let root = path.url.standardizedFileURL  // as `Project.load` names it
            // git looks up the last commit's time while the project loads.
            let pendingSourceTime = PackBuilder.PendingSourceTimestamp(of: root)
            let buildTime = Date()
            var options = BuildOptions(
                outputDirectory: out.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("build"),
                targets: target.isEmpty ? nil : target,
                expires: try expiry(after: buildTime),  // a bad --expires stops the build here
                cacheDirectory: noCache ? nil : root.appendingPathComponent(".gamepack/cache"))
            // Refused before anything is written: a symlinked build/ or .gamepack/ leads outside.
            try ProjectWalker.checkWritable(options.outputDirectory, inside: root)
            if let cache = options.cacheDirectory { try ProjectWalker.checkWritable(cache, inside: root) }
            // Starts copying the last pack's assets part while the project loads.
            let head = PackBuilder.Head(options: options)
            let loaded = try await Project.load(at: path.url)
            // Held to the end and freed with the process, not item by item (at 20,000 items,
            // 60 ms of a 1.4 s build).
            KeptUntilExit.keep(loaded)
            // Outside git and without SOURCE_DATE_EPOCH, the sequence and --expires days count
            // from the build time; the pack's timestamps stay fixed (1980) either way.
            let sourceTime = pendingSourceTime.wait()
            options.sequence = sequence ?? PackBuilder.defaultSequence(sourceTimestamp: sourceTime, now: buildTime)
            options.expires = try expiry(after: sourceTime ?? buildTime)
            options.timestamp = sourceTime ?? PackBuilder.zipEpochDate
            head.settle(options)
            let outcome = try await PackBuilder.build(project: loaded, head: head, progress: progress, sign: signer?.signer())
            progress?.finish()
            let context = ReportContext(
                pathPrefix: path.displayPrefix, checkedFiles: [Project.configFile] + loaded.contentFiles, sources: loaded.sources,
                color: outputOptions.useColor)
            switch outcome {
            case .failed(let diagnostics):
                FileHandle.standardError.write(Data(TextReporter().report(diagnostics, context: context).utf8))
                Terminal.error("the build stopped: fix the lint errors above; nothing was written")
                throw ExitCode(1)
            case .built(let result):
                if !outputOptions.quiet {
                    if !result.warnings.isEmpty {
                        FileHandle.standardError.write(Data(TextReporter().report(result.warnings, context: context).utf8))
                    }
                    print(
                        summary(
                            result, started: started, prefix: path.displayPrefix,
                            sequenceFromBuildTime: sequence == nil && sourceTime == nil))
                }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            progress?.clear()  // no half-drawn progress line before the message
            throw failure(error)
        }
    }

    func expiry(after timestamp: Date) throws -> Date? {
        guard let expires else { return nil }
        let date: Date
        if let days = Double(expires), days.isFinite, days > 0, days < 100 * 366 {
            date = timestamp.addingTimeInterval(days * 86_400)
        } else if let parsed = ISO8601DateFormatter().date(from: expires) {
            date = parsed
        } else {
            throw ValidationError(
                "--expires takes an ISO 8601 date-time (2027-01-01T00:00:00Z) or a number of days above 0")
        }
        // A pack that is already expired would be refused by every client.
        guard date > Date() else {
            throw ValidationError(
                "--expires \(expires) is in the past (\(ISO8601DateFormatter().string(from: date))); give a later "
                    + "date or more days")
        }
        return date
    }

    func summary(_ result: BuildResult, started: Date, prefix: String, sequenceFromBuildTime: Bool = false) -> String {
        let manifest = result.manifest
        let folder = result.packURL.deletingLastPathComponent().path
        var lines = ["Built \(manifest.fileName) (\(ByteCount.describe(Int(result.packBytes)))) in \(folder)"]
        lines.append("  version   \(manifest.version), sequence \(manifest.sequence), created \(manifest.created)")
        if sequenceFromBuildTime {
            lines.append("            (the sequence is the build time: no git commit and no SOURCE_DATE_EPOCH)")
        }
        if let expires = manifest.expires { lines.append("  expires   \(expires) (clients refuse the pack after it)") }
        for target in manifest.targets { lines.append("  target    \(target) \(manifest.versions[target] ?? "")") }
        let items = result.itemCounts.keys.sorted().map { "\($0) \(result.itemCounts[$0]!)" }.joined(separator: ", ")
        lines.append("  items     \(items.isEmpty ? "none" : items)")
        lines.append("  assets    \(result.assetCount) (\(ByteCount.describe(Int(result.assetBytes))))")
        lines.append("  files     \(manifest.files.count + 1) in the pack")
        if !result.missingTranslations.isEmpty {
            let byLocale = Dictionary(grouping: result.missingTranslations, by: \.locale)
            let counts = byLocale.keys.sorted().map { "\(byLocale[$0]!.count) \($0)" }.joined(separator: ", ")
            switch result.missingTranslationPolicy {
            case .fallback:
                lines.append("  fallback  \(counts) missing translations use the \(manifest.locales.first ?? "default") text:")
            default:
                lines.append("  missing   \(counts) translations left empty (missing_translations: empty):")
            }
            let shown = outputOptions.verbose ? result.missingTranslations.count : 10
            for state in result.missingTranslations.prefix(shown) {
                lines.append("            \(state.unitID).\(state.locale)  \(prefix)\(state.location)")
            }
            if result.missingTranslations.count > shown {
                lines.append(
                    "            … and \(result.missingTranslations.count - shown) more (gamepack l10n status, or --verbose)")
            }
        }
        if let signature = result.signatureURL {
            lines.append("  signature \(signature.lastPathComponent)")
        } else {
            lines.append("  unsigned  (sign with --sign KEY or GAMEPACK_SECRET_KEY)")
        }
        if outputOptions.verbose {
            if result.reusedPrefix { lines.append("  reused    the assets part of the previous pack (unchanged)") }
            lines.append(String(format: "  took      %.2f s", Date().timeIntervalSince(started)))
        }
        return lines.joined(separator: "\n")
    }
}

/// Build progress on a terminal's standard error: one line, rewritten per step.
/// With `timed`, one line per step with the time since the build started (for --verbose).
final class TerminalProgress: BuildProgress, @unchecked Sendable {
    private let lock = NSLock()
    private var shown = false
    private let timed: Bool
    private let start = Date()

    init(timed: Bool = false) { self.timed = timed }

    func step(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        if timed {
            FileHandle.standardError.write(Data(String(format: "%7.3f s  %@\n", Date().timeIntervalSince(start), name).utf8))
            return
        }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(name)…".utf8))
        shown = true
    }

    func finish() {
        lock.lock()
        if timed { FileHandle.standardError.write(Data(String(format: "%7.3f s  done\n", Date().timeIntervalSince(start)).utf8)) }
        lock.unlock()
        clear()
    }

    /// Erases the progress line, if one is shown.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        shown = false
    }
}
