import Foundation
import GamePackContent

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
        let resolved = try resolve(units, fields: inventory.fields)
        var lastUnit: [String: Int] = [:]
        for (index, (_, field)) in resolved.enumerated() {
            if let field { lastUnit[field.unitID] = index }
        }
        var plan = Plan(result: XLIFFImportResult(locale: targetLocale))
        for (index, (found, field)) in resolved.enumerated() {
            guard let field else {
                plan.result.unknownUnits.append(.init(id: found.id, line: found.line, file: nil))
                continue
            }
            guard lastUnit[field.unitID] == index else { continue }  // a later unit names the field
            plan.add(found, field: field)
        }
        return try await apply(plan, fields: inventory.fields, project: project, dryRun: dryRun)
    }

    /// Each unit with the field it names (by id, else by place), nil when it names none. Throws
    /// `duplicateUnit` when two fields of the project have one id.
    static func resolve(_ units: [XLIFFDocument.Unit], fields: [TranslatableField]) throws -> [(
        XLIFFDocument.Unit, TranslatableField?
    )] {
        var byID: [String: TranslatableField] = [:]
        for field in fields {
            if let first = byID[field.unitID] {
                throw LocalizationError.duplicateUnit(id: field.unitID, locations: [first.node.location, field.node.location])
            }
            byID[field.unitID] = field
        }
        let fieldsInFile = Dictionary(grouping: fields, by: \.file)
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
        return units.map { ($0, resolve($0)) }
    }

    /// What the units come to before any file is edited: the units not applied (in `result`)
    /// and the translations to write.
    struct Plan {
        var result: XLIFFImportResult
        var unitsByID: [String: XLIFFDocument.Unit] = [:]
        var toApply: [(unit: XLIFFDocument.Unit, field: TranslatableField, text: String, approved: Bool)] = []
        var changesByID: [String: XLIFFImportResult.Change] = [:]

        /// Sorts the unit `found`, the last to name `field`, into the result's lists or the
        /// translations to write.
        mutating func add(_ found: XLIFFDocument.Unit, field: TranslatableField) {
            // From here on the unit goes by its field's id (po2xliff's are numbers).
            var unit = found
            unit.id = field.unitID
            let entry = XLIFFImportResult.Unit(id: unit.id, line: unit.line, file: field.file)
            guard unit.source == field.source else {
                result.sourceChanged.append(entry)
                return
            }
            guard let target = unit.target, !target.trimmedWhitespace.isEmpty else {
                result.untranslated.append(entry)
                return
            }
            let current = field.texts[result.locale]
            let upToDate = current?.storedHash == SourceHash.of(field.source)
            // What the tool wrote back: approved, or a done state, unless it took the approval back
            // (`approved="no"`, as translate-toolkit marks a unit fuzzy; pocount then counts it
            // as fuzzy too).
            let confirmed =
                !unit.disapproved && (unit.approved || (unit.state.map(XLIFFImporter.confirmedStates.contains) ?? false))
            // A confirmed text identical to its source: the translator approves keeping it.
            let approve = confirmed && target.trimmedWhitespace == field.source.trimmedWhitespace
            if current?.text == target {
                if !confirmed || (upToDate && (!approve || current?.approved == true)) {
                    result.unchanged.append(entry)
                    return
                }
            } else if unit.disapproved {
                // A new text the tool marks as a draft (fuzzy in PO, approved="no" in XLIFF): a
                // translation still being worked on, which gettext tools do not use either.
                result.drafts.append(entry)
                return
            }
            let old = current?.text.flatMap { $0.trimmedWhitespace.isEmpty ? nil : $0 }
            changesByID[unit.id] = XLIFFImportResult.Change(
                unit: entry, kind: old == nil ? .added : old == target ? .confirmed : .changed, old: old, new: target,
                wasStale: current?.storedHash != nil && !upToDate, approved: approve)
            toApply.append((unit, field, target, approve))
            unitsByID[unit.id] = unit
        }
    }

    /// Edits every file of the plan (all computed before any is written) and writes them,
    /// unless this is a dry run or some unit was refused.
    static func apply(_ plan: Plan, fields: [TranslatableField], project: Project, dryRun: Bool) async throws
        -> XLIFFImportResult
    {
        var result = plan.result
        let targetLocale = result.locale
        let (toApply, unitsByID, changesByID) = (plan.toApply, plan.unitsByID, plan.changesByID)

        // Compute every file's new text before writing any (files in parallel, each on its own).
        let byFile = Dictionary(grouping: toApply, by: { $0.field.file })
        let itemsByFile = Dictionary(grouping: project.items, by: \.file)
        let fieldsByFile = Dictionary(grouping: fields, by: \.file)
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
}
