import Foundation
import GamePackContent

/// Turns Whack-A-VC's Kinvey collection exports (`Phrases.csv`, `VC-Details.csv`,
/// `metaData.csv`) into a gamepack source project: the phrases as one list, one file per VC,
/// and the `.wav` resources of the blob metadata as a project-defined `sounds` collection.
///
/// The export has no binaries. Blob files found beside the CSVs (or in a `blobs/` subfolder)
/// are copied into `assets/vcs/` and `assets/sounds/`; the others are referred to anyway and
/// listed in the summary, so lint reports them as `asset-missing` until they are added.
public enum KinveyImporter {
    /// The project name written to `gamepack.yaml`.
    public static let projectName = "Whack-A-VC"
    /// The export of the `phrases` collection: one column, `Phrase`.
    public static let phrasesFile = "Phrases.csv"
    /// The export of the `VC-Details` collection: `name, firm, twitter_handle,
    /// profileImageNameInBlob, gameImageNameInBlob`.
    public static let vcsFile = "VC-Details.csv"
    /// The export of the blob metadata: `lastModified, resourceName`.
    public static let metadataFile = "metaData.csv"
    /// The subfolder searched for blob files besides the export folder itself.
    public static let blobsFolder = "blobs"

    /// The `sounds` content type written to `schema/sounds.yaml` (the same as the
    /// whack-a-vc example's).
    static let soundsSchema = """
        description: Sound effects played during a game (the .wav resources of the Kinvey blob store).
        fields:
          name: {type: string, required: true, max_length: 40}
          file: {type: audio, required: true, formats: [wav], max_bytes: 2000000}

        """

    /// Imports the export in `folder` into a new project folder `destination`. The project id
    /// comes from the destination's folder name; phrases and VCs get the ids 1…N in file order.
    /// - Throws: `GamePackError.destinationNotEmpty` when `destination` exists and is not
    ///   empty, `GamePackError.io` for files that cannot be read or written, `ImportError` for
    ///   CSV files that cannot be read as the export (every problem found, with file and line).
    public static func importExport(from folder: URL, to destination: URL) throws -> ImportSummary {
        try ProjectStaging.checkDestination(destination)
        let fm = FileManager.default
        let present = [phrasesFile, vcsFile, metadataFile].filter {
            fm.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        guard !present.isEmpty else {
            throw ImportError.notAnExport(folder: folder.path, expected: [phrasesFile, vcsFile, metadataFile])
        }
        var export = Export()
        for file in [phrasesFile, vcsFile, metadataFile] where !present.contains(file) {
            export.warnings.append("\(file) is not in the export folder; its content is not imported")
        }
        if present.contains(phrasesFile) { try export.readPhrases(folder.appendingPathComponent(phrasesFile)) }
        if present.contains(vcsFile) { try export.readVCs(folder.appendingPathComponent(vcsFile)) }
        if present.contains(metadataFile) { try export.readMetadata(folder.appendingPathComponent(metadataFile)) }
        if let error = ImportError.combined(export.errors) { throw error }
        let blobs = export.findBlobs(in: folder)
        return try writeProject(export, blobs: blobs, from: folder, to: destination)
    }

    /// What the export's CSV files hold, read into the lines of the project's files, and the
    /// problems found.
    struct Export {
        var phrases: [String] = []
        /// Each VC's YAML lines (without its id).
        var vcs: [[String]] = []
        /// The image blobs the VCs name, in order of first use.
        var referencedImages: [String] = []
        /// The `.wav` resources of the blob metadata.
        var sounds: [String] = []
        var warnings: [String] = []
        var errors: [ImportError] = []

        /// Phrases.csv: one column, not quoted; a phrase may hold a comma ("Go on, scale your
        /// business"), so every line is one phrase. An export with more columns (Kinvey's `_id`)
        /// is read as CSV.
        mutating func readPhrases(_ url: URL) throws {
            let phrasesFile = KinveyImporter.phrasesFile
            let (text, lines) = try readText(url)
            if lines.first?.text.trimmingCharacters(in: .whitespaces) != "Phrase" {
                phrases = table(text, file: phrasesFile, columns: ["Phrase"], errors: &errors).map { $0.values[0] }
                return
            }
            for (line, text) in lines.dropFirst() where !text.trimmingCharacters(in: .whitespaces).isEmpty {
                if text.hasPrefix("\"") {
                    // A quoted field (RFC 4180): unquote it.
                    switch CSVReader.records(text, file: phrasesFile) {
                    case .success(let records) where records.count == 1 && records[0].fields.count == 1:
                        phrases.append(records[0].fields[0])
                    default:
                        errors.append(
                            .malformedCSV(file: phrasesFile, line: line, reason: "a quoted phrase that does not end in a quote"))
                    }
                } else {
                    phrases.append(text)
                }
            }
        }

        /// VC-Details.csv: one VC a row; twitter `NA` means none.
        mutating func readVCs(_ url: URL) throws {
            let vcsFile = KinveyImporter.vcsFile
            let columns = ["name", "firm", "twitter_handle", "profileImageNameInBlob", "gameImageNameInBlob"]
            let rows = table(try readText(url).text, file: vcsFile, columns: columns, errors: &errors)
            for row in rows {
                var lines: [String] = []
                if row.values[0].isEmpty {
                    warnings.append("\(vcsFile) line \(row.line): the VC has no name (lint reports missing-required)")
                } else {
                    lines.append("name: \(YAMLScalar.plainOrQuoted(row.values[0]))")
                }
                if !row.values[1].isEmpty { lines.append("firm: \(YAMLScalar.plainOrQuoted(row.values[1]))") }
                var twitter = row.values[2]
                if twitter.hasPrefix("@") { twitter.removeFirst() }
                if !twitter.isEmpty && twitter != "NA" { lines.append("twitter: \(YAMLScalar.plainOrQuoted(twitter))") }
                for (field, blob) in [("profile_image", row.values[3]), ("game_image", row.values[4])] {
                    if blob.isEmpty {
                        warnings.append("\(vcsFile) line \(row.line): no \(field) (lint reports missing-required)")
                    } else if isSafeBlobName(blob) {
                        lines.append("\(field): \(YAMLScalar.plainOrQuoted("vcs/" + blob))")
                        if !referencedImages.contains(blob) { referencedImages.append(blob) }
                    } else {
                        errors.append(.invalidValue(path: "\(vcsFile) line \(row.line)", reason: "`\(blob)` is not a file name"))
                    }
                }
                vcs.append(lines)
            }
        }

        /// metaData.csv: the blob store's resources; images belong to VCs, the rest are sounds.
        mutating func readMetadata(_ url: URL) throws {
            let (metadataFile, vcsFile) = (KinveyImporter.metadataFile, KinveyImporter.vcsFile)
            var listedImages: [String] = []
            let text = try readText(url).text
            let rows = table(text, file: metadataFile, columns: ["resourceName"], errors: &errors)
            for row in rows {
                let name = row.values[0]
                let format = MediaFormat(fileExtension: (name as NSString).pathExtension)
                if name.isEmpty { continue }
                if !isSafeBlobName(name) {
                    errors.append(.invalidValue(path: "\(metadataFile) line \(row.line)", reason: "`\(name)` is not a file name"))
                } else if format?.isImage == true {
                    listedImages.append(name)
                } else if format == .wav {
                    if !sounds.contains(name) { sounds.append(name) }
                } else {
                    warnings.append(
                        "\(metadataFile) line \(row.line): the resource \(name) is neither an image nor a .wav sound; not imported"
                    )
                }
            }
            let unreferenced = listedImages.filter { !referencedImages.contains($0) }
            if !unreferenced.isEmpty {
                warnings.append("\(metadataFile) lists images no VC uses; not imported: \(unreferenced.joined(separator: ", "))")
            }
            let unlisted = referencedImages.filter { !listedImages.contains($0) }
            if !unlisted.isEmpty {
                warnings.append("\(vcsFile) names images \(metadataFile) does not list: \(unlisted.joined(separator: ", "))")
            }
        }

        /// The blob files the content refers to that the export folder has (copied), and the
        /// asset paths of those it lacks (warned about: lint reports them as asset-missing).
        mutating func findBlobs(in folder: URL) -> (found: [(source: URL, asset: String)], missing: [String]) {
            let blobsFolder = KinveyImporter.blobsFolder
            let wanted =
                referencedImages.map { (name: $0, asset: "vcs/\($0)") } + sounds.map { (name: $0, asset: "sounds/\($0)") }
            var found: [(source: URL, asset: String)] = []
            var missing: [String] = []
            for blob in wanted {
                let candidates = [
                    folder.appendingPathComponent(blob.name),
                    folder.appendingPathComponent(blobsFolder).appendingPathComponent(blob.name),
                ]
                if let source = candidates.first(where: { isRegularFile($0) }) {
                    found.append((source, blob.asset))
                } else {
                    missing.append("assets/" + blob.asset)
                }
            }
            if !missing.isEmpty {
                warnings.append(
                    "\(missing.count) blob file\(missing.count == 1 ? " is" : "s are") not in the export "
                        + "(looked in \(folder.path) and its \(blobsFolder)/ folder): "
                        + missing.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                        + "; the content refers to them anyway, so `gamepack lint` reports asset-missing "
                        + "until they are added under assets/vcs/ and assets/sounds/")
            }
            return (found, missing)
        }
    }

    /// Writes the project of `export` into `destination` (staged, so a failure leaves nothing).
    static func writeProject(
        _ export: Export, blobs: (found: [(source: URL, asset: String)], missing: [String]), from folder: URL,
        to destination: URL
    ) throws -> ImportSummary {
        let (phrases, vcs, sounds, found) = (export.phrases, export.vcs, export.sounds, blobs.found)
        let projectID = ProjectTemplate.projectID(fromFolderName: destination.lastPathComponent)
        let staging = try ProjectStaging(destination: destination)
        do {
            try staging.write(
                """
                # Imported from the Kinvey export \(folder.lastPathComponent)/ by `gamepack import kinvey`.
                id: \(projectID)
                name: \(YAMLScalar.plainOrQuoted(projectName))
                locales: [en]
                targets: [kinvey]

                """, to: Project.configFile)
            if !phrases.isEmpty {
                let lines = phrases.enumerated().flatMap { index, text in
                    ["- id: \(index + 1)", "  text: \(YAMLScalar.plainOrQuoted(text))"]
                }
                try staging.write(lines.joined(separator: "\n") + "\n", to: "content/phrases/phrases.yaml")
            }
            for (index, lines) in vcs.enumerated() {
                try staging.write(
                    (["id: \(index + 1)"] + lines).joined(separator: "\n") + "\n", to: "content/vcs/\(index + 1).yaml")
            }
            if !sounds.isEmpty {
                try staging.write(soundsSchema, to: "schema/sounds.yaml")
                try staging.write(soundLines(sounds).joined(separator: "\n") + "\n", to: "content/sounds/sounds.yaml")
            }
            var bytes = 0
            for blob in found {
                try staging.copy(blob.source, to: "assets/" + blob.asset)
                bytes += (try? blob.source.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            }
            try staging.commit()
            return ImportSummary(
                destination: destination,
                collections: [
                    ImportedCollection(name: "phrases", itemCount: phrases.count),
                    ImportedCollection(name: "vcs", itemCount: vcs.count),
                    ImportedCollection(name: "sounds", itemCount: sounds.count),
                ],
                assetFiles: found.map { "assets/" + $0.asset }.sorted(), assetBytes: bytes, missingAssets: blobs.missing,
                warnings: export.warnings)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The lines of `content/sounds/sounds.yaml`: one item per sound resource.
    static func soundLines(_ sounds: [String]) -> [String] {
        var ids: [String] = []
        var lines: [String] = []
        for name in sounds {
            let stem = (name as NSString).deletingPathExtension
            let id = uniqueID(soundID(stem), among: &ids)
            // Digits stay a number id; anything else YAML could read as another type
            // (`true`, `null`, `1e5`) is quoted.
            let written = id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) ? id : YAMLScalar.plainOrQuoted(id)
            lines += [
                "- id: \(written)", "  name: \(YAMLScalar.plainOrQuoted(stem))",
                "  file: \(YAMLScalar.plainOrQuoted("sounds/" + name))",
            ]
        }
        return lines
    }

    // MARK: Reading

    /// A CSV file's text (UTF-8, a leading byte-order mark dropped) and its lines without
    /// their `\n` or `\r\n`, numbered from 1.
    static func readText(_ url: URL) throws -> (text: String, lines: [(line: Int, text: String)]) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GamePackError.io(path: url.path, reason: "cannot read (\(error.localizedDescription))")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw GamePackError.io(path: url.path, reason: "not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // By scalars: as Characters, "\r\n" is one grapheme that a split on "\n" misses.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            var scalars = String.UnicodeScalarView(line)
            if scalars.last == "\r" { scalars.removeLast() }
            return (line: index + 1, text: String(scalars))
        }
        return (text, lines)
    }

    /// The rows of a CSV table with a header: for each row, the values of `columns` (other
    /// columns, such as Kinvey's `_id`, are ignored) and the row's 1-based line.
    static func table(_ text: String, file: String, columns: [String], errors: inout [ImportError]) -> [(
        line: Int, values: [String]
    )] {
        let records: [CSVReader.Record]
        switch CSVReader.records(text, file: file) {
        case .success(let all): records = all
        case .failure(let error):
            errors.append(error)
            return []
        }
        guard let header = records.first else {
            errors.append(.malformedCSV(file: file, line: 1, reason: "the file is empty"))
            return []
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var indices: [Int] = []
        for column in columns {
            guard let index = names.firstIndex(of: column) else {
                errors.append(.missingColumn(file: file, column: column))
                return []
            }
            indices.append(index)
        }
        var rows: [(line: Int, values: [String])] = []
        for record in records.dropFirst() {
            if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard record.fields.count == names.count else {
                errors.append(
                    .malformedCSV(
                        file: file, line: record.line,
                        reason: "\(record.fields.count) fields where the header has \(names.count) (an unquoted comma?)"))
                continue
            }
            rows.append((record.line, indices.map { record.fields[$0] }))
        }
        return rows
    }

    /// A name to copy a blob under: no `/` or `\\` byte (a `/` followed by a combining accent
    /// is one character that `contains("/")` does not find), not `.` or `..`, no control
    /// character.
    static func isSafeBlobName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".."
            && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
            && !name.unicodeScalars.contains { $0.value < 0x20 }
    }

    static func isRegularFile(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }

    /// A sound id from a resource name's stem: lowercase letters, digits and dashes
    /// (`A` → `a`, `sound1` → `sound1`, `Big Hit` → `big-hit`).
    static func soundID(_ stem: String) -> String {
        var id = ""
        for scalar in stem.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "_" {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty && !id.hasSuffix("-") {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        return id.isEmpty ? "sound" : id
    }

    /// `id`, or `id-2`, `id-3`… when it is taken; records the one returned.
    static func uniqueID(_ id: String, among taken: inout [String]) -> String {
        var candidate = id
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(id)-\(number)"
            number += 1
        }
        taken.append(candidate)
        return candidate
    }
}
