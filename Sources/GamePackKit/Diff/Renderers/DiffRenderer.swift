import Foundation
import GamePackBuild
import GamePackContent

/// The output formats of `gamepack diff --format`.
public enum DiffFormat: String, Sendable, CaseIterable {
    case text, markdown, json, html

    /// The renderer that writes this format.
    public var renderer: any DiffRenderer {
        switch self {
        case .text: DiffTextRenderer()
        case .markdown: DiffMarkdownRenderer()
        case .json: DiffJSONRenderer()
        case .html: DiffHTMLRenderer()
        }
    }
}

/// What a renderer needs besides the report.
public struct DiffRenderContext: Sendable {
    /// Whether to use ANSI colors (text format).
    public var color: Bool
    /// The old and new versions' asset stores, for the HTML report's images (nil: no images).
    public var oldAssets: AssetStore?
    public var newAssets: AssetStore?
    /// Items shown in full in the Markdown report before the rest are only counted (a
    /// pull-request comment holds at most 65,536 characters).
    public var markdownItemLimit: Int

    public init(color: Bool = false, oldAssets: AssetStore? = nil, newAssets: AssetStore? = nil, markdownItemLimit: Int = 150) {
        self.color = color
        self.oldAssets = oldAssets
        self.newAssets = newAssets
        self.markdownItemLimit = markdownItemLimit
    }
}

/// Turns a diff report into one document (a string ending in a newline).
public protocol DiffRenderer: Sendable {
    func render(_ report: DiffReport, context: DiffRenderContext) -> String
}

extension DiffReport {
    /// "12 items changed: 2 added, 1 removed, 9 modified" or "No changes".
    var headline: String {
        guard totals.total > 0 else { return "No changes" }
        return
            "\(plural(totals.total, "item")) changed: \(totals.added) added, \(totals.removed) removed, \(totals.modified) modified"
    }

    /// "2 breaking, 5 content, 1 cosmetic" (classes with items).
    static func classList(_ counts: ChangeCounts) -> String {
        ChangeClass.allCases.filter { counts.count($0) > 0 }.map { "\(counts.count($0)) \($0.rawValue)" }.joined(
            separator: ", ")
    }

    /// Collections with changes, in report order.
    var changedCollections: [String] { collections.filter { byCollection[$0] != nil } }

    /// "git:main (project gohike-amsterdam)", "pack.gamepack (pack, version 924a3f15)".
    static func describe(_ side: SnapshotSummary) -> String {
        var parts = [side.kind.rawValue]
        if let project = side.project { parts.append(project) }
        if let version = side.version { parts.append("version \(version.prefix(12))") }
        return "\(side.label) (\(parts.joined(separator: ", ")))"
    }
}

extension Coverage {
    /// "92.5%".
    var percentText: String { String(format: "%.1f%%", percent) }
}

/// Word-diff segments with long unchanged runs shortened to their ends.
func condensed(_ segments: [WordSegment], context: Int = 40) -> [WordSegment] {
    segments.enumerated().map { index, segment in
        guard segment.op == .equal, segment.text.count > context * 2 + 5 else { return segment }
        let isFirst = index == 0
        let isLast = index == segments.count - 1
        var text = segment.text
        if isFirst {
            text = "…" + text.suffix(context)
        } else if isLast {
            text = text.prefix(context) + "…"
        } else {
            text = text.prefix(context) + " … " + text.suffix(context)
        }
        return WordSegment(.equal, text)
    }
}
