import Foundation
import GamePackContent
import GamePackLint

/// Which of a project's files the preview may hand out as assets, live (`gamepack preview`) or
/// in a static site (`gamepack preview --out`), which a CI job may publish to the web.
///
/// The repository is untrusted input: anyone who opens a pull request can commit a symlink in
/// `assets/` to `../.git/config` (where `actions/checkout` keeps the job's token), a hidden
/// file, or an HTML or SVG page with a script. So a file is handed out only when all hold:
/// - no part of its path, as written or after resolving symlinks, is hidden (`.git`, `.env`);
/// - its real path is a regular file inside the real `assets/` folder;
/// - its bytes are one of the media formats gamepack knows (PNG, JPEG, GIF, WebP, WAV, MP3,
///   CAF, M4A), and its extension names that same format, so any static host serves it with
///   a media type under which no browser runs a script.
///
/// The static site copies, of those, only the files the content uses.
public enum PreviewAssets {
    /// Whether the file at an asset path may be handed out.
    public enum Verdict: Sendable, Equatable {
        /// Yes: the file's real path and its format.
        case allowed(URL, MediaFormat)
        /// No, and why (a sentence part: "is a hidden path").
        case refused(String)
    }

    /// The verdict on `path` (relative to `assets/`).
    public static func check(_ path: String, in project: Project) -> Verdict {
        check(path, in: project, assetsRoot: assetsRoot(of: project))
    }

    /// The real path of the project's `assets/` folder (its symlinks resolved, a system call per
    /// part): worked out once for a batch of `check`s.
    static func assetsRoot(of project: Project) -> String {
        project.root.appendingPathComponent("assets").resolvingSymlinksInPath().path
    }

    /// The verdict on `path`, `assetsRoot` being `assetsRoot(of: project)`.
    static func check(_ path: String, in project: Project, assetsRoot: String) -> Verdict {
        let relative = AssetPath.normalize(path)
        if relative.isEmpty || isHidden(relative) { return .refused("is a hidden path or names no file") }
        let info: MediaInfo
        switch AssetChecks.inspect(relative, root: project.root, assetsRoot: assetsRoot) {
        case .outside(let why): return .refused(why)
        case .missing: return .refused("does not exist")
        case .unreadable(let why): return .refused("is not a media file gamepack knows: \(why)")
        case .probed(let probed): info = probed
        }
        guard let real = ProjectWalker.realPath(project.root.appendingPathComponent("assets/" + relative).path),
            real.hasPrefix(assetsRoot + "/"), !isHidden(String(real.dropFirst(assetsRoot.count + 1)))
        else { return .refused("leads to a hidden path or out of assets/") }
        let ext = (relative as NSString).pathExtension
        guard MediaFormat(fileExtension: ext) == info.format else {
            return .refused("is named .\(ext) but holds \(info.format.rawValue.uppercased()) data")
        }
        return .allowed(URL(fileURLWithPath: real), info.format)
    }

    /// Words fit for a published page (a refusal's reason, a finding): paths in the project
    /// relative to it, and none of the machine outside it ("is a symlink to .git/config,
    /// outside assets/"). The project folder's spellings (as given and with its symlinks
    /// resolved, which costs a system call per part) are worked out once per project: a site's
    /// pages use it for every finding.
    struct PublishableWords: Sendable {
        let prefixes: [String]

        init(root: URL) {
            // The longer first, so that one spelling inside the other is not cut in two.
            prefixes = Set([root.path, root.resolvingSymlinksInPath().path]).filter { !$0.isEmpty }.map { $0 + "/" }
                .sorted { $0.count > $1.count }
        }

        func callAsFunction(_ reason: String) -> String {
            var text = reason
            for prefix in prefixes where text.contains(prefix) {
                text = text.replacingOccurrences(of: prefix, with: "")
            }
            guard text.contains("/") else { return text }
            return text.replacing(#/(^|\s)/[^\s,;]+/#) { match in match.output.1 + "a file outside the project" }
        }
    }

    /// The asset paths (relative to `assets/`, normalized) that the project's items refer to,
    /// found by the same item walk as lint's asset rules.
    public static func used(by project: Project) -> Set<String> {
        let context = LintContext(project: project)
        let validator = ItemValidator(context: context)
        for item in project.items {
            guard let type = project.type(of: item.collection) else { continue }
            validator.validate(item, as: type)
        }
        return Set(context.assetUses.map { AssetPath.normalize($0.path) })
    }

    /// Whether a `/`-separated relative path has a part that starts with a dot (byte by byte:
    /// `.\u{301}env` is a hidden file to the file system, though its first character is not `.`).
    static func isHidden(_ relative: String) -> Bool {
        AssetPath.isHidden(relative)
    }
}
