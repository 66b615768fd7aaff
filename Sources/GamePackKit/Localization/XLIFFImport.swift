import Foundation

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
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Applies an XLIFF 1.2 file's translations to a project's source files.
///
/// The file is read and checked completely first (see `XLIFFDocument`: DOCTYPEs refused before
/// parsing, libxml2 with no network and no entity substitution, the strict schema, duplicate ids,
/// markup); then it must be for this project (`original`) and a translation locale of it
/// (`target-language`, and `source-language` = the default locale). Each unit is then:
/// - *unknown* when its id names no localized field, *source-changed* when its `<source>` is not
///   the current default-locale text, *untranslated* when its target is absent or blank: not
///   applied, listed;
/// - *unchanged* when its target equals the current translation and either the unit is not
///   confirmed (its `state` is not `translated`, `final` or `signed-off` and it is not
///   `approved="yes"`: so a stale translation sent back untouched in `needs-review-translation`
///   stays stale) or the stored source hash is current (and, for a target identical to the
///   source, already marked approved);
/// - else *applied*: the text and the current source hash are written. A translation sent back
///   unchanged but confirmed gets the hash too: this is how translations made before gamepack
///   tracked them become tracked on their first round trip. A confirmed target identical to
///   the source text (a name that stays the same in the target language) is marked approved
///   (`nl=HASH:approved`, see `SourceHash`), so coverage counts it as translated, not as an
///   unreviewed copy; an unconfirmed identical target is written without approval.
///
/// All new file contents are computed (in parallel, each read back and compared with what was
/// intended) before anything is written; then each file is written to a temporary file beside
/// it and all are renamed into place; if a rename fails, the files already replaced get their
/// original bytes back. A failure before the renames leaves the project untouched.
///
/// Throws `LocalizationError`: `.invalidXLIFF` (every problem with its line and column),
/// `.wrongProject`, `.wrongLocale`, `.duplicateUnit` (the project has two items with one id),
/// `.cannotEdit`, `.sourceChangedOnDisk`, `.io`.
public enum XLIFFImporter {
    /// States that confirm a translation as done (as does `approved="yes"` on the unit).
    static let confirmedStates: Set<String> = ["translated", "final", "signed-off"]

    /// The largest XLIFF file imported (bytes): parsing takes several times its size.
    public static let maxFileBytes: Int64 = 32 << 20

    /// Imports the XLIFF file at `url` into `project`.
    ///
    /// - Parameters:
    ///   - locale: the locale the file must be for (default: any translation locale of the project).
    ///   - dryRun: compute and report everything, but write nothing.
    public static func importFile(at url: URL, into project: Project, locale: String? = nil, dryRun: Bool = false) async throws
        -> XLIFFImportResult
    {
        let data = try readLimited(url, kind: "an XLIFF file", hint: "give the path of an .xliff file")
        return try await importXLIFF(data, name: url.lastPathComponent, into: project, locale: locale, dryRun: dryRun)
    }

    /// The bytes of the translation file at `url` (`kind` names it in messages: "an XLIFF file"):
    /// refused when it is not a regular file or over `maxFileBytes`, before anything is read.
    static func readLimited(_ url: URL, kind: String, hint: String) throws -> Data {
        var info = stat()
        if stat(url.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw LocalizationError.io(path: url.path, reason: "is not a regular file; \(hint)")
            }
            guard Int64(info.st_size) <= maxFileBytes else {
                throw LocalizationError.io(
                    path: url.path,
                    reason:
                        "is \(ByteCount.describe(Int(info.st_size))), over the \(ByteCount.describe(Int(maxFileBytes))) limit "
                        + "for \(kind); export fewer units per file")
            }
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LocalizationError.io(path: url.path, reason: "cannot read the file (\(error.localizedDescription))")
        }
    }

    /// Imports the XLIFF text `data` (named `name` in messages) into `project`.
    public static func importXLIFF(_ data: Data, name: String, into project: Project, locale: String? = nil, dryRun: Bool = false)
        async throws -> XLIFFImportResult
    {
        let document = try XLIFFDocument.read(data, name: name)
        let targetLocale = try checkFiles(document, name: name, config: project.config, locale: locale)
        return try await importUnits(document.units, locale: targetLocale, into: project, dryRun: dryRun)
    }

    /// Imports units read from an XLIFF or PO file into `project` for `targetLocale`.
    ///
    /// A unit names its field by its id (`collection/item-id/field`), or, when the id is not
    /// one (po2xliff numbers its units; xliff2po's PO has no ids), by its places: the field of
    /// that file whose key is on that line and whose source text is the unit's, else the one field
    /// of the file with that source text, else the field on that line (whose source then differs:
    /// stale). When two units name one field, the later one counts (`po2xliff -t` puts the PO's
    /// units after the template's). When any unit is unknown or stale, nothing is written.
    static func importUnits(_ units: [XLIFFDocument.Unit], locale targetLocale: String, into project: Project, dryRun: Bool)
        async throws -> XLIFFImportResult
    {
        let inventory = TranslationInventory(project: project)
        var byID: [String: TranslatableField] = [:]
        for field in inventory.fields {
            if let first = byID[field.unitID] {
                throw LocalizationError.duplicateUnit(id: field.unitID, locations: [first.node.location, field.node.location])
            }
            byID[field.unitID] = field
        }
        let fieldsInFile = Dictionary(grouping: inventory.fields, by: \.file)
        func resolve(_ unit: XLIFFDocument.Unit) -> TranslatableField? {
            if let field = byID[unit.id] { return field }
            for place in unit.places {
                guard let fields = fieldsInFile[place.file] else { continue }
                let same = fields.filter { $0.source == unit.source }
                if let line = place.line, let field = same.first(where: { $0.line == line }) { return field }
                if same.count == 1 { return same[0] }
                if let line = place.line, let field = fields.first(where: { $0.line == line }) { return field }
            }
            return nil
        }
        let resolved = units.map { ($0, resolve($0)) }
        var lastUnit: [String: Int] = [:]
        for (index, (_, field)) in resolved.enumerated() {
            if let field { lastUnit[field.unitID] = index }
        }

        var result = XLIFFImportResult(locale: targetLocale)
        var unitsByID: [String: XLIFFDocument.Unit] = [:]
        var toApply: [(unit: XLIFFDocument.Unit, field: TranslatableField, text: String, approved: Bool)] = []
        var changesByID: [String: XLIFFImportResult.Change] = [:]
        for (index, (found, field)) in resolved.enumerated() {
            guard let field else {
                result.unknownUnits.append(.init(id: found.id, line: found.line, file: nil))
                continue
            }
            guard lastUnit[field.unitID] == index else { continue }  // a later unit names the field
            // From here on the unit goes by its field's id (po2xliff's are numbers).
            var unit = found
            unit.id = field.unitID
            let entry = XLIFFImportResult.Unit(id: unit.id, line: unit.line, file: field.file)
            guard unit.source == field.source else {
                result.sourceChanged.append(entry)
                continue
            }
            guard let target = unit.target, !target.trimmedWhitespace.isEmpty else {
                result.untranslated.append(entry)
                continue
            }
            let current = field.texts[targetLocale]
            let upToDate = current?.storedHash == SourceHash.of(field.source)
            // What the tool wrote back: approved, or a done state, unless it took the approval back
            // (`approved="no"`, as translate-toolkit marks a unit fuzzy; pocount then counts it
            // as fuzzy too).
            let confirmed =
                !unit.disapproved && (unit.approved || (unit.state.map(confirmedStates.contains) ?? false))
            // A confirmed text identical to its source: the translator approves keeping it.
            let approve = confirmed && target.trimmedWhitespace == field.source.trimmedWhitespace
            if current?.text == target {
                if !confirmed || (upToDate && (!approve || current?.approved == true)) {
                    result.unchanged.append(entry)
                    continue
                }
            } else if unit.disapproved {
                // A new text the tool marks as a draft (fuzzy in PO, approved="no" in XLIFF): a
                // translation still being worked on, which gettext tools do not use either.
                result.drafts.append(entry)
                continue
            }
            let old = current?.text.flatMap { $0.trimmedWhitespace.isEmpty ? nil : $0 }
            changesByID[unit.id] = XLIFFImportResult.Change(
                unit: entry, kind: old == nil ? .added : old == target ? .confirmed : .changed, old: old, new: target,
                wasStale: current?.storedHash != nil && !upToDate, approved: approve)
            toApply.append((unit, field, target, approve))
            unitsByID[unit.id] = unit
        }

        // Compute every file's new text before writing any (files in parallel, each on its own).
        let byFile = Dictionary(grouping: toApply, by: { $0.field.file })
        let itemsByFile = Dictionary(grouping: project.items, by: \.file)
        let fieldsByFile = Dictionary(grouping: inventory.fields, by: \.file)
        let jobs = byFile.keys.sorted().map { file in
            FileEdit(
                file: file, items: itemsByFile[file] ?? [], fields: fieldsByFile[file] ?? [],
                edits: (byFile[file] ?? []).map { ($0.field, $0.text, $0.approved) })
        }
        let outcomes = await jobs.concurrentMap { job -> FileEdit.Outcome in
            do {
                return .edited(try editedFile(job, project: project, locale: targetLocale))
            } catch let error as LocalizationError {
                return .failed(error)
            } catch {
                return .failed(.io(path: job.file, reason: "\(error)"))
            }
        }
        var newContents: [(url: URL, data: Data, original: Data)] = []
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .failed(let error): throw error
            case .edited(let edited):
                guard Int64(edited.new.count) <= SourceLoader.maxFileBytes else {
                    throw LocalizationError.sourceTooLarge(
                        file: job.file, bytes: edited.new.count, limit: SourceLoader.maxFileBytes)
                }
                newContents.append((project.root.appendingPathComponent(job.file), edited.new, edited.original))
            }
            for (field, _, _) in job.edits {
                guard let unit = unitsByID[field.unitID] else { continue }
                let entry = XLIFFImportResult.Unit(id: unit.id, line: unit.line, file: job.file)
                result.applied.append(entry)
                if job.file.lowercased().hasSuffix(".json") { result.untracked.append(entry) }
                if var change = changesByID[unit.id] {
                    change.unit = entry
                    result.changes.append(change)
                }
            }
        }
        result.applied.sort { $0.line < $1.line }
        result.changes.sort { ($0.unit.file ?? "", $0.unit.line) < ($1.unit.file ?? "", $1.unit.line) }
        result.untracked.sort { $0.line < $1.line }
        result.changedFiles = jobs.map(\.file)
        // A file with unknown or stale units is refused whole: nothing is written.
        if !dryRun && !newContents.isEmpty && !result.refused {
            try FileSetWriter.write(newContents)
            result.wrote = true
        }
        return result
    }

    /// The edits to make in one source file.
    struct FileEdit: Sendable {
        /// The project-relative path.
        var file: String
        /// The file's items as the project read them.
        var items: [ContentItem]
        /// Every translatable field of the file (for the hash comment keys).
        var fields: [TranslatableField]
        /// The fields to write, their new texts, and whether to mark them approved.
        var edits: [(field: TranslatableField, text: String, approved: Bool)]

        /// A file's new and original bytes, or why it cannot be edited.
        enum Outcome: Sendable {
            case edited((new: Data, original: Data))
            case failed(LocalizationError)
        }
    }

    /// Checks the `<file>` elements against the project; returns the locale to import.
    static func checkFiles(_ document: XLIFFDocument, name: String, config: ProjectConfig, locale: String?) throws -> String {
        func normalized(_ code: String) -> String { code.replacingOccurrences(of: "_", with: "-").lowercased() }
        guard !document.files.isEmpty else {
            throw LocalizationError.invalidXLIFF(
                file: name, problems: [XLIFFProblem(line: 0, message: "the file has no <file> element")])
        }
        /// The language without its region (`en-US` → `en`).
        func primary(_ code: String) -> String { String(normalized(code).prefix { $0 != "-" }) }
        var target: String?
        for file in document.files {
            // po2xliff names the file after the PO file and writes a region (`en-US`).
            guard file.original == config.id || file.fromPO else {
                throw LocalizationError.wrongProject(file: name, found: file.original, expected: config.id)
            }
            guard
                normalized(file.sourceLanguage) == normalized(config.defaultLocale)
                    || (file.fromPO && primary(file.sourceLanguage) == primary(config.defaultLocale))
            else {
                throw LocalizationError.wrongLocale(
                    file: name, found: "source language `\(file.sourceLanguage)`",
                    expected: "the project's default locale `\(config.defaultLocale)`")
            }
            // po2xliff writes no target-language unless the PO file says `Language:`.
            let onlyLocale = config.translationLocales.count == 1 ? config.translationLocales.first : nil
            guard let language = file.targetLanguage ?? (file.fromPO ? locale ?? onlyLocale : nil) else {
                throw LocalizationError.wrongLocale(
                    file: name, found: "no target-language (line \(file.line))",
                    expected: "one of \(config.translationLocales.joined(separator: ", "))")
            }
            guard let projectLocale = config.translationLocales.first(where: { normalized($0) == normalized(language) }) else {
                throw LocalizationError.wrongLocale(
                    file: name, found: "target language `\(language)`",
                    expected: "one of the project's translation locales (\(config.translationLocales.joined(separator: ", ")))")
            }
            if let locale, normalized(locale) != normalized(projectLocale) {
                throw LocalizationError.wrongLocale(file: name, found: "target language `\(language)`", expected: "`\(locale)`")
            }
            if let target, target != projectLocale {
                throw LocalizationError.wrongLocale(
                    file: name, found: "several target languages (\(target), \(projectLocale))", expected: "one")
            }
            target = projectLocale
        }
        return target!
    }

    /// The new bytes of a file with its edits applied for `locale`, read back and checked, and
    /// the file's current bytes. Throws `sourceChangedOnDisk` when the file is no longer what
    /// `project` read, `cannotEdit` when it cannot be edited safely.
    static func editedFile(_ job: FileEdit, project: Project, locale: String) throws -> (new: Data, original: Data) {
        let file = job.file
        let path = project.root.path + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocalizationError.io(path: file, reason: "cannot read the file")
        }
        /// Whether the file on disk differs from what the project read (values or positions).
        func changedOnDisk() -> Bool {
            guard case .loaded(let root) = SourceLoader.load(data: data, path: file) else { return true }
            let current = items(in: root)
            return current.count != job.items.count
                || zip(current, job.items).contains { !SourceShape.sameNodes($0.node, $1.node) }
        }
        do {
            // Not `String(data:encoding:)`, which drops a byte order mark.
            guard let text = String(validating: data, as: UTF8.self) else {
                throw LocalizationError.sourceChangedOnDisk(file: file)
            }
            let defaultLocale = project.config.defaultLocale
            var expected = job.items.map { SourceShape($0.node) }
            var edits: [TranslationFileEditor.Edit] = []
            for (field, newText, approved) in job.edits {
                guard let index = job.items.firstIndex(where: { $0.collection == field.collection && $0.id == field.itemID }),
                    let updated = expected[index].updating(
                        SourceShape.steps(field.field)[...],
                        { $0.settingTranslation(locale, to: newText, defaultLocale: defaultLocale) })
                else { throw LocalizationError.sourceChangedOnDisk(file: file) }
                expected[index] = updated
                edits.append(
                    .init(field: field, locale: locale, text: newText, hash: SourceHash.of(field.source), approved: approved))
            }
            let editor = TranslationFileEditor(path: file, text: text, defaultLocale: defaultLocale)
            let newText = try editor.apply(edits, fields: job.fields)

            // Read the result back: it must mean exactly what was intended, hashes included.
            let check = { (reason: String) in
                LocalizationError.cannotEdit(
                    location: .file(file),
                    reason:
                        "the edited file would not read back as intended (\(reason)); nothing was written. Please report this with the file"
                )
            }
            let newData = Data(newText.utf8)
            guard case .loaded(let newRoot) = SourceLoader.load(data: newData, path: file) else {
                throw check("it does not parse")
            }
            let newItems = items(in: newRoot)
            guard newItems.map({ SourceShape($0.node) }) == expected else { throw check("its values differ") }
            if !editor.isJSON {
                let newFields = fieldsByItem(newItems, loadedItems: job.items, project: project, text: newText).flatMap(\.fields)
                for edit in edits {
                    let text = newFields.first { $0.unitID == edit.field.unitID }?.texts[locale]
                    let stored = text?.storedHash
                    guard stored == edit.hash else {
                        throw check("the source hash of \(edit.field.unitID) reads back as \(stored ?? "none")")
                    }
                    guard text?.approved == edit.approved else {
                        throw check("the approval of \(edit.field.unitID) does not read back")
                    }
                }
            }
            return (newData, data)
        } catch {
            if changedOnDisk() { throw LocalizationError.sourceChangedOnDisk(file: file) }
            throw error
        }
    }

    /// The items (maps) of a file's root with their index in the root list (0 for a single item),
    /// as `Project.load` reads them.
    static func items(in root: SourceNode) -> [(index: Int, node: SourceNode)] {
        guard let elements = root.elements else { return root.entries == nil ? [] : [(0, root)] }
        return elements.enumerated().filter { $0.element.entries != nil }.map { ($0.offset, $0.element) }
    }

    /// The translatable fields of each item of a file, read from `text`, with the item's index
    /// in the root list.
    static func fieldsByItem(
        _ items: [(index: Int, node: SourceNode)], loadedItems: [ContentItem], project: Project, text: String
    )
        -> [(index: Int, fields: [TranslatableField])]
    {
        let lines = SourceLines(text)
        return items.enumerated().compactMap { position, item in
            guard position < loadedItems.count, let type = project.type(of: loadedItems[position].collection),
                let id = item.node["id"].flatMap(ItemID.init(node:))
            else { return nil }
            let fields = TranslationInventory.fields(
                of: item.node, collection: loadedItems[position].collection, id: id, type: type,
                defaultLocale: project.config.defaultLocale,
                line: { lines.line($0) })
            return (item.index, fields)
        }
    }
}

/// Writes several files all at once or not at all: every new content goes to a temporary file
/// beside its destination first (with the destination's permissions); only when all are written
/// are they renamed into place. If a rename fails, the files already replaced get their original
/// bytes back (written the same way) and the temporary files are removed.
enum FileSetWriter {
    static func write(_ files: [(url: URL, data: Data, original: Data)]) throws {
        let token = UUID().uuidString.prefix(8)
        func temporaryPath(_ url: URL) -> String {
            url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).gamepack-\(token).tmp"
        }
        var temporaries: [String] = []
        do {
            for (url, data, _) in files {
                let temporary = temporaryPath(url)
                try writeNew(data, to: temporary, modeOf: url.path, name: url.path)
                temporaries.append(temporary)
            }
        } catch {
            for temporary in temporaries { unlink(temporary) }
            throw error
        }
        var renamed: [(url: URL, original: Data)] = []
        for ((url, _, original), temporary) in zip(files, temporaries) {
            guard rename(temporary, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                for temporary in temporaries.dropFirst(renamed.count) { unlink(temporary) }
                for (done, original) in renamed {
                    let restore = temporaryPath(done)
                    if (try? writeNew(original, to: restore, modeOf: done.path, name: done.path)) != nil {
                        if rename(restore, done.path) != 0 { unlink(restore) }
                    }
                }
                throw LocalizationError.io(path: url.path, reason: "cannot replace the file (\(reason)); no file was changed")
            }
            renamed.append((url, original))
        }
    }

    /// Creates `path` (which must not exist) with `data` and the permissions of `modeOf`.
    /// Plain POSIX calls: `FileManager.createFile` fsyncs each file, which makes thousands of
    /// files take seconds; the rename is what makes the replacement atomic.
    static func writeNew(_ data: Data, to path: String, modeOf original: String, name: String) throws {
        var info = stat()
        let mode = stat(original, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else {
            throw LocalizationError.io(
                path: name, reason: "cannot write a temporary file beside it (\(String(cString: strerror(errno))))")
        }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        let moded = fchmod(fd, mode) == 0
        guard close(fd) == 0, written, moded else {
            unlink(path)
            throw LocalizationError.io(
                path: name, reason: "cannot write a temporary file beside it (\(String(cString: strerror(errno))))")
        }
    }
}
