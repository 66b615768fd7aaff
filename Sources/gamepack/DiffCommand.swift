import ArgumentParser
import Foundation
import GamePackBuild
import GamePackKit

extension DiffFormat: ExpressibleByArgument {}

/// `gamepack diff`: what changed between two versions of the content, in domain terms.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two content versions (projects, packs, content.json files, git revisions).",
        discussion: """
            OLD and NEW are each a project folder, a .gamepack file or a Go Take a Hike! content.json \
            (which may come through a pipe, as <(git show main:content.json) gives it; --old-label main \
            then names it in the report). With --git REV, \
            OLD is the project (--project, default: the current folder) at REV and NEW is the given path \
            or the project's working tree; with --git A..B both come from git.

            Exit status: 0 when no change reaches --fail-on (or without it), 1 when one does, 2 for unreadable \
            inputs and usage errors.
            """
    )

    /// Which changes make the command exit with status 1.
    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        /// Breaking changes only.
        case breaking
        /// Anything but cosmetic (whitespace-only) changes.
        case content
        /// Any change.
        case any

        var threshold: ChangeClass {
            switch self {
            case .breaking: .breaking
            case .content: .asset
            case .any: .cosmetic
            }
        }
    }

    @Argument(help: "The old version (or, with --git REV, the new one).")
    var old: String?

    @Argument(help: "The new version.")
    var new: String?

    @Option(name: .shortAndLong, help: "text, markdown, json or html.")
    var format: DiffFormat = .text

    @Option(help: "Write the report to FILE (atomically) instead of standard output.")
    var out: String?

    @Option(help: "Exit with status 1 when a change of this class is found: breaking, content (all but cosmetic) or any.")
    var failOn: FailOn?

    @Option(name: .customLong("collection"), help: "Compare only this collection (repeatable).")
    var collections: [String] = []

    @Option(help: "A git revision (REV: compare REV with the working tree) or range (A..B) of the project.")
    var git: String?

    @Option(help: "The project folder --git reads (default: the current folder).")
    var project: String = "."

    @Option(
        help: ArgumentHelp(
            "Name the old version LABEL in the report instead of by its path (a pipe's is /dev/fd/63).",
            valueName: "label"))
    var oldLabel: String?

    @Option(help: ArgumentHelp("Name the new version LABEL in the report instead of by its path.", valueName: "label"))
    var newLabel: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let git {
            if git.contains("..") {
                guard old == nil, new == nil else {
                    throw ValidationError("--git A..B compares two revisions; give no OLD or NEW path with it.")
                }
                let parts = git.components(separatedBy: "..")
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].hasPrefix(".") else {
                    throw ValidationError("--git takes REV or A..B (two revisions joined by two dots).")
                }
            } else if new != nil {
                throw ValidationError("--git REV compares REV with one NEW version; give at most one path.")
            }
        } else if old == nil || new == nil {
            throw ValidationError("Give OLD and NEW (each a project folder, a .gamepack file or a content.json), or --git REV.")
        }
    }

    /// The two inputs the flags name.
    var inputs: (DiffInput, DiffInput) {
        guard let git else { return (.path(old!), .path(new!)) }
        if git.contains("..") {
            let parts = git.components(separatedBy: "..")
            return (.git(revision: parts[0], project: project), .git(revision: parts[1], project: project))
        }
        return (.git(revision: git, project: project), .path(old ?? project))
    }

    func run() async throws {
        let started = Date()
        let (oldInput, newInput) = inputs
        let report: DiffReport
        let rendered: String
        do {
            var (before, after) = try await SnapshotLoader.loadPair(oldInput, newInput)
            // Errors reading an input name its path; the report names it as asked.
            before.label = oldLabel ?? before.label
            after.label = newLabel ?? after.label
            // The items are most of the memory; the snapshots themselves still go away at the
            // end, so that their asset stores remove the folders of git revisions.
            KeptUntilExit.keep((before.items, after.items, before.source, after.source))
            if output.verbose {
                Terminal.info(
                    String(
                        format: "loaded %d and %d items in %.2f s", before.itemCount, after.itemCount,
                        Date().timeIntervalSince(started)))
            }
            report = try await DiffEngine.compare(before, after, options: DiffOptions(collections: collections))
            let context = DiffRenderContext(
                color: format == .text && out == nil && output.useColor, oldAssets: before.assets, newAssets: after.assets)
            rendered = format.renderer.render(report, context: context)
        } catch {
            throw failure(error)
        }
        if output.verbose {
            Terminal.info(String(format: "compared in %.2f s", Date().timeIntervalSince(started)))
        }
        if out != nil || !output.quiet {
            do {
                try emit(rendered, to: out)
            } catch {
                throw failure(error)
            }
        }
        if let failOn, report.has(atLeast: failOn.threshold) {
            if !output.quiet {
                Terminal.info("gamepack diff: changes at or above '\(failOn.rawValue)' found (--fail-on \(failOn.rawValue))")
            }
            throw ExitCode(1)
        }
    }
}
