import Foundation
import GamePackContent

/// What an XLIFF import did, unit by unit.
public struct XLIFFImportResult: Sendable, Equatable {
    /// One translation unit of the XLIFF file.
    public struct Unit: Sendable, Equatable {
        /// `collection/item-id/field`.
        public var id: String
        /// 1-based line of the `<trans-unit>` in the XLIFF file.
        public var line: Int
        /// The project-relative source file the unit's field is in (nil for unknown units).
        public var file: String?
    }

    /// The locale imported (the file's `target-language`, as the project spells it).
    public var locale: String
    /// Units whose translation was written (with its source hash).
    public var applied: [Unit] = []
    /// Units whose id names no localized field of the project (removed or renamed): not applied.
    public var unknownUnits: [Unit] = []
    /// Units whose `<source>` differs from the project's current default-locale text (changed
    /// since the export): not applied; export again.
    public var sourceChanged: [Unit] = []
    /// Units with no target text (absent or empty): nothing to apply.
    public var untranslated: [Unit] = []
    /// Units whose target equals the current translation, which is already up to date or was
    /// left in a `needs-…` state (a stale translation stays stale until it is confirmed by a
    /// `translated`, `final` or `signed-off` state, or changed).
    public var unchanged: [Unit] = []
    /// Units with a new text the translator's tool marks as a draft (`#, fuzzy` in PO,
    /// `approved="no"` in XLIFF): not applied, the current text stays; remove the mark to apply.
    public var drafts: [Unit] = []
    /// Applied units in JSON files, which cannot hold the source-hash comment: they stay untracked.
    public var untracked: [Unit] = []
    /// What each applied unit changes, by source file, then in the order of the XLIFF file (what
    /// a dry run shows).
    public var changes: [Change] = []
    /// Project-relative paths of the files rewritten, sorted.
    public var changedFiles: [String] = []
    /// Whether files were written (false for a dry run, or when units were refused).
    public var wrote = false

    /// Whether the file was refused: some unit names no field or was made from another source
    /// text, so nothing was written (`applied` and `changes` say what would have been).
    public var refused: Bool { !unknownUnits.isEmpty || !sourceChanged.isEmpty }

    /// What importing one unit changes in its source file.
    public struct Change: Sendable, Equatable {
        /// How the translation changes.
        public enum Kind: String, Sendable, Equatable {
            /// There was no translation (absent, null or blank): `new` is added.
            case added
            /// The translation `old` is replaced by `new`.
            case changed
            /// The text stays; the translator confirmed it for the current source text, whose
            /// hash is recorded (it was stale, or untracked: made before gamepack kept hashes).
            case confirmed
        }

        /// The unit (id `collection/item-id/field`, line in the XLIFF file, source file).
        public var unit: Unit
        public var kind: Kind
        /// The translation before the import; nil when there was none.
        public var old: String?
        /// The translation after the import.
        public var new: String
        /// For `confirmed`: whether the old translation was stale (made from another source text).
        public var wasStale = false
        /// Whether the import marks the translation approved: it is identical to the source
        /// text and the translator confirmed it (`:approved` beside its source hash).
        public var approved = false
    }

    /// The changes as lines for a person to read, grouped by source file (`prefix` goes before
    /// each file's path):
    ///
    /// ```
    /// content/routes/1.yaml
    ///   routes/1/name (nl): new translation "Groene Route"
    ///   routes/1/description (nl): "Een pad." → "Een groen pad."
    ///   routes/1/story (nl): changed, word by word:
    ///       "… bevindt zich een [-kleine-]{+grote+} kinderboerderij."
    ///   routes/2/name (nl): "Vondelpark" confirmed unchanged (was stale)
    ///   locations/3/name (nl): "Obrechtkerk" marked approved: the same as the source text on purpose
    /// ```
    ///
    /// Texts are quoted with line breaks, tabs, quotes and backslashes escaped, so each text is
    /// one line. A changed text is shown as `"old" → "new"` when both fit on one line; a longer
    /// one as a word diff (`[-removed-]{+added+}`, as `git diff --word-diff` writes it) with
    /// unchanged runs shortened to a few words around each change. A text kept unchanged is
    /// shortened to its first 60 characters.
    public func changeLines(prefix: String = "") -> [String] {
        var lines: [String] = []
        var file: String?
        for change in changes {
            if change.unit.file != file {
                file = change.unit.file
                lines.append(prefix + (file ?? "?"))
            }
            let head = "  \(change.unit.id) (\(locale)): "
            switch change.kind {
            case .added:
                lines.append(head + "new translation " + Self.quoted(change.new) + (change.approved ? ", marked approved" : ""))
            case .changed:
                let old = Self.quoted(change.old ?? ""), new = Self.quoted(change.new)
                if head.count + old.count + new.count + 3 <= 100 {
                    lines.append(head + old + " → " + new)
                } else {
                    lines.append(head + "changed, word by word:")
                    lines.append("      \"" + Self.wordDiff(change.old ?? "", change.new) + "\"")
                }
            case .confirmed where change.approved:
                lines.append(
                    head + Self.quoted(Self.excerpt(change.new)) + " marked approved: the same as the source text on purpose")
            case .confirmed:
                lines.append(
                    head + Self.quoted(Self.excerpt(change.new)) + " confirmed unchanged"
                        + (change.wasStale ? " (was stale)" : " (now tracked: it turns stale when the source text changes)"))
            }
        }
        return lines
    }

    /// The first `limit` characters of `text`, then `…` when there is more.
    static func excerpt(_ text: String, limit: Int = 60) -> String {
        text.count <= limit ? text : String(text.prefix(limit)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// A one-line word diff of `old` and `new` with escaped texts: `[-removed-]{+added+}`, and
    /// each unchanged run of more than twice `context` words cut to `context` words either side
    /// of `…` (the text's first run keeps only its end, its last run only its start).
    static func wordDiff(_ old: String, _ new: String, context: Int = 4) -> String {
        let segments = WordDiff.segments(old, new)
        var out = ""
        for (index, segment) in segments.enumerated() {
            switch segment.op {
            case .delete, .insert:
                // Spaces at either end go outside the markers: `een {+grote+} boerderij`.
                let text = Substring(segment.text)
                let core = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
                let leading = text.prefix { $0.isWhitespace }
                let trailing = core.isEmpty ? "" : String(text.reversed().prefix { $0.isWhitespace }.reversed())
                let (open, close) = segment.op == .delete ? ("[-", "-]") : ("{+", "+}")
                out +=
                    core.isEmpty
                    ? escaped(String(text)) : escaped(String(leading)) + open + escaped(String(core)) + close + escaped(trailing)
            case .equal:
                let tokens = WordDiff.tokens(segment.text)
                let words = tokens.indices.filter { !(tokens[$0].first?.isWhitespace ?? true) }
                let keepStart = index == 0 ? 0 : context
                let keepEnd = index == segments.count - 1 ? 0 : context
                guard words.count > keepStart + keepEnd + 1 else {
                    out += escaped(segment.text)
                    continue
                }
                let head = keepStart == 0 ? "" : tokens[..<(words[keepStart - 1] + 1)].joined()
                let tail = keepEnd == 0 ? "" : tokens[words[words.count - keepEnd]...].joined()
                out += escaped(head) + (head.isEmpty ? "" : " ") + "…" + (tail.isEmpty ? "" : " ") + escaped(tail)
            }
        }
        return out
    }

    /// `text` in double quotes, escaped (see `escaped`).
    static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// `text` with `\\`, `"`, line breaks and tabs escaped, so that it fits on one line.
    static func escaped(_ text: String) -> String { backslashEscaped(text) }
}
