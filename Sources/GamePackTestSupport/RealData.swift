import Foundation
import Testing

/// The project's own fixtures of the legacy formats, written by `scripts/make-fixtures.py`:
/// Go Take a Hike! content files with the real files' quirks and Whack-A-VC Kinvey exports.
public enum LegacyFixtures {
    /// `Tests/GamePackKitTests/Fixtures/gohike`.
    public static let gohike = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("gohike")
    /// A versioned v1 `content.json` as the old server wrote it, quirks included.
    public static let gohikeV1 = gohike.appendingPathComponent("content-v1.json")
    /// The next version of ``gohikeV1`` (reordered, moved, edited, removed), written exactly as
    /// the gohike target writes.
    public static let gohikeV2 = gohike.appendingPathComponent("content-v2.json")
    /// An early iOS bundle: no `version`, waypoints without coordinates or photos.
    public static let gohikeIOS = gohike.appendingPathComponent("content-ios-unversioned.json")
    /// A Whack-A-VC Kinvey export folder: `Phrases.csv`, `VC-Details.csv`, `metaData.csv`.
    public static let kinveyExport = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("whackavc")
}

/// The real Go Take a Hike! and Whack-A-VC files, which state no licence and so are not in the
/// repository. Only the real-data compatibility suite reads them. They are looked for in the
/// folder named by `GAMEPACK_REAL_DATA` when that variable is set (and not empty), else in
/// `../shared/fixtures` beside the checkout. A folder named by the variable that does not exist,
/// is empty or lacks one of ``requiredFiles`` counts as absent: there is no fallback then, so
/// pointing the variable at an empty folder shows what a clone without the files does.
public enum RealData {
    /// The environment variable naming the folder that holds `gohike/` and `whackavc/`.
    public static let environmentVariable = "GAMEPACK_REAL_DATA"

    /// The files the suite reads, relative to the folder.
    public static let requiredFiles = [
        "gohike/content-android-1da0296.json", "gohike/content-ios-e7517a2-unversioned.json",
        "whackavc/Phrases.csv", "whackavc/VC-Details.csv", "whackavc/metaData.csv",
    ]

    /// The one-line reason the suite is skipped when the files are absent.
    public static let skipReason =
        "real Go Take a Hike!/Whack-A-VC files not found: set GAMEPACK_REAL_DATA=DIR or put shared/fixtures beside the checkout"

    /// Where the real files were looked for and what was missing there.
    public struct Lookup: Sendable {
        /// The folder searched.
        public var folder: URL
        /// How it was chosen, for messages: "from GAMEPACK_REAL_DATA" or "../shared/fixtures
        /// beside the checkout".
        public var source: String
        /// The ``requiredFiles`` not found there (all of them when the folder does not exist).
        public var missing: [String]
        /// Whether every required file is there.
        public var isAvailable: Bool { missing.isEmpty }
    }

    /// Looks for the files as the suite does, with `environment` standing in for the process's.
    public static func lookup(environment: [String: String] = ProcessInfo.processInfo.environment) -> Lookup {
        let folder: URL
        let source: String
        if let value = environment[environmentVariable], !value.isEmpty {
            folder = URL(fileURLWithPath: value, isDirectory: true)
            source = "from \(environmentVariable)"
        } else {
            folder = TestPaths.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures", isDirectory: true)
            source = "../shared/fixtures beside the checkout"
        }
        let missing = requiredFiles.filter {
            !FileManager.default.isReadableFile(atPath: folder.appendingPathComponent($0).path)
        }
        return Lookup(folder: folder, source: source, missing: missing)
    }

    /// Whether every required file is there.
    public static var isAvailable: Bool { lookup().isAvailable }

    /// The suite's condition: run when the files are there, and always in CI (`CI=true`), where
    /// their absence is then a failure, not a skip.
    public static var shouldRun: Bool { isAvailable || ContinuousIntegration.isOn }

    /// The real files.
    public struct Files: Sendable {
        /// The folder holding `gohike/` and `whackavc/`.
        public var folder: URL
        /// The content file bundled in the Android app (version `924a3f1502d5c7d86f710878d9a3044f`).
        public var android: URL { folder.appendingPathComponent("gohike/content-android-1da0296.json") }
        /// The early, unversioned iOS bundle.
        public var ios: URL { folder.appendingPathComponent("gohike/content-ios-e7517a2-unversioned.json") }
        /// The Whack-A-VC Kinvey export folder.
        public var kinveyExport: URL { folder.appendingPathComponent("whackavc") }
    }

    /// The files, or nil after failing the current test with a message saying where they were
    /// looked for, what is missing and how to provide them (reached only in CI, or when the
    /// files vanish while the tests run: elsewhere the suite is skipped).
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) -> Files? {
        let found = lookup()
        guard found.isAvailable else {
            Issue.record(
                Comment(
                    rawValue: "\(skipReason). Looked in \(found.folder.path) (\(found.source)); missing: "
                        + found.missing.joined(separator: ", ")
                        + (ContinuousIntegration.isOn ? ". CI (CI=true) must run the real-data suite" : "")),
                sourceLocation: sourceLocation)
            return nil
        }
        return Files(folder: found.folder)
    }
}
