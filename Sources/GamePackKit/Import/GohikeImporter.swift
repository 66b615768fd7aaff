import Crypto
import Foundation
import GamePackContent
import GamePackFormat

// MARK: - What an import returns and throws (shared by the importers)

/// The number of items an import wrote into one collection.
public struct ImportedCollection: Sendable, Hashable {
    /// The collection's name, e.g. `routes`.
    public var name: String
    /// Items written (0 when the source had none).
    public var itemCount: Int
}

/// What an importer wrote: items per collection, asset files, and what it could not carry over.
/// The importers never print; the CLI shows this.
public struct ImportSummary: Sendable {
    /// The project folder written.
    public var destination: URL
    /// Items per collection, in the order the importer wrote them.
    public var collections: [ImportedCollection]
    /// Asset files written, project-relative (`assets/images/…`), sorted.
    public var assetFiles: [String]
    /// Total size of the asset files written, in bytes.
    public var assetBytes: Int
    /// Assets the content refers to that the source did not have, project-relative
    /// (`assets/vcs/vc1.png`): the references are written anyway and lint reports them as
    /// `asset-missing` until the files are added.
    public var missingAssets: [String]
    /// What the importer could not carry over, or carried over with a choice the user should
    /// know about. One sentence each.
    public var warnings: [String]

    /// The number of items written into `collection` (0 for a collection not imported).
    public func itemCount(_ collection: String) -> Int {
        collections.first { $0.name == collection }?.itemCount ?? 0
    }
}

// MARK: - Go Take a Hike!

/// Turns a Go Take a Hike! `content.json` (API v1, or the early unversioned iOS bundle) into a
/// gamepack source project: profiles, routes, locations (from the routes' waypoints) and
/// rewards as YAML items, embedded images as files named by content hash.
///
/// The result rebuilds to the same content: ids are kept, profiles and routes get an `order`
/// from their position in the file, texts are written as double-quoted YAML with escapes so
/// every byte (`\r\n` included) survives, coordinates keep their digits.
public enum GohikeImporter {
    /// The project name written to `gamepack.yaml`.
    public static let projectName = "Go Take a Hike!"

    /// Imports the content file at `file` into a new project folder `destination`. The project
    /// id comes from the destination's folder name.
    ///
    /// Nothing is written unless the whole file could be read: the project is assembled in a
    /// hidden sibling folder and renamed to `destination` at the end. Problems name `file` as
    /// it was given (its `relativePath`: relative to the working folder when typed so).
    ///
    /// - Throws: `GamePackError.destinationNotEmpty` when `destination` exists and is not
    ///   empty, `GamePackError.io` for files that cannot be read or written, `ImportError` for
    ///   content that is not a Go Take a Hike! content file (`inFile`: every problem found, with
    ///   its JSON path, line and column).
    public static func importContent(from file: URL, to destination: URL) throws -> ImportSummary {
        try ProjectStaging.checkDestination(destination)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw GamePackError.io(path: file.relativePath, reason: "cannot read (\(error.localizedDescription))")
        }
        let root: JSONView
        do {
            root = try JSONScanner.tape(data).root
        } catch {
            throw ImportError.notJSON(file: file.relativePath, reason: JSONScanner.explain(error, in: data))
        }
        var reader = GohikeContentReader()
        reader.read(root)
        if let error = ImportError.combined(reader.errors) {
            throw ImportError.warned(
                .inFile(file.relativePath, error), keeping: reader.warnings.map { "\(file.relativePath): \($0)" })
        }

        let projectID = ProjectTemplate.projectID(fromFolderName: destination.lastPathComponent)
        let staging = try ProjectStaging(destination: destination)
        do {
            try staging.write(
                """
                # Imported from \(file.lastPathComponent) by `gamepack import gohike`.
                id: \(projectID)
                name: \(YAMLScalar.quoted(projectName))
                locales: [en, nl]
                targets: [gohike]
                # The v1 server shipped missing Dutch texts as "". Keep doing so, so this project
                # rebuilds to the exact content it was imported from; switch to `fallback` (show
                # the English) or `fail` once the translations are complete.
                missing_translations: empty

                """, to: Project.configFile)
            for profile in reader.profiles {
                try staging.write(profile.yaml, to: "content/profiles/\(profile.id).yaml")
            }
            for route in reader.routes {
                try staging.write(route.yaml, to: "content/routes/\(route.id).yaml")
            }
            for location in reader.locations {
                try staging.write(location.yaml, to: "content/locations/\(location.id).yaml")
            }
            for reward in reader.rewards {
                try staging.write(reward.yaml, to: "content/rewards/\(reward.id).yaml")
            }
            var bytes = 0
            for path in reader.imageOrder {
                let data = reader.images[path]!
                try staging.write(data, to: "assets/" + path)
                bytes += data.count
            }
            try staging.commit()
            return ImportSummary(
                destination: destination,
                collections: [
                    ImportedCollection(name: "profiles", itemCount: reader.profiles.count),
                    ImportedCollection(name: "routes", itemCount: reader.routes.count),
                    ImportedCollection(name: "locations", itemCount: reader.locations.count),
                    ImportedCollection(name: "rewards", itemCount: reader.rewards.count),
                ],
                assetFiles: reader.imageOrder.map { "assets/" + $0 }.sorted(), assetBytes: bytes, missingAssets: [],
                warnings: reader.warnings)
        } catch {
            staging.discard()
            throw error
        }
    }
}
