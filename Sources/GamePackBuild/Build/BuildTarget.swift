import Foundation
import GamePackContent
import GamePackFormat

/// One kind of build target: what `gamepack build --target NAME` emits, and everything the
/// rest of gamepack needs to know about it. Each target is one file in `Build/Targets/`,
/// listed in `BuildTargetRegistry.all`; `gamepack.yaml`'s `targets:` check, `build --target`'s
/// help and check, the builder's dispatch and `diff`'s pack reader all come from that list.
protocol BuildTargetKind: Sendable {
    /// Where the target's files go in a pack (GamePackFormat's layout, which the content server
    /// and `diff`'s readers find them by), and the target's name.
    static var layout: any PackTargetLayout.Type { get }
    /// The target's name in `gamepack.yaml`, `--target`, the pack's manifest and its folder
    /// in the pack (`canonical`): its layout's.
    static var name: String { get }
    /// One sentence saying what the target emits and for whom (`build --help`).
    static var summary: String { get }
    /// The options `gamepack.yaml` may give the target (`targets: [{canonical: {embed: true}}]`);
    /// empty when it takes none.
    static var options: [BuildTargetOption] { get }
    /// How `diff` reads a pack built with this target back into content; nil when it cannot.
    static var contentReader: TargetContentReader? { get }
    /// Whether the target needs the assets' hashes (to pack assets or name them by hash).
    /// When no target of a build does and nothing is cached, the build only probes the assets.
    static var needsAssetHashes: Bool { get }

    /// A target emitting into `context`'s staging folder.
    init(context: BuildContext)
    /// Writes the target's files and says what it wrote.
    func emit() async throws -> TargetOutput
}

extension BuildTargetKind {
    static var name: String { layout.name }
    static var needsAssetHashes: Bool { true }
}

/// One option a target takes in `gamepack.yaml`, under its name (`{canonical: {embed: true}}`).
struct BuildTargetOption: Sendable {
    /// The option's key (`embed`).
    var name: String
    /// The values it takes, as the config check shows them (`true|false`).
    var values: String
    /// Whether `value` is one the option takes; a value taken is kept in
    /// `ProjectConfig.targetOptions` for the target to read.
    var accepts: @Sendable (SourceNode) -> Bool
}

/// How `diff` reads a pack back into a `ContentSnapshot` through one target's files.
package struct TargetContentReader: Sendable {
    /// How much of a project's content the target's files keep: `diff` reads a pack with
    /// several readable targets through the one with the highest fidelity.
    var fidelity: Int
    /// Reads the pack's content from the target's files; nil when the pack lists the target
    /// but lacks its files (the next reader is tried).
    package var read: @Sendable (PackContentSource) async throws -> ContentSnapshot?
}

/// A file a target wrote into the staging folder, with what the manifest needs.
struct StagedFile: Sendable {
    var packPath: String
    var url: URL
    var size: Int64
    var sha256: String
    var md5: String
    var crc32: UInt32
    var compress: Bool
}

/// A file a target writes while the pack is written (see `PackArchive.Source.generated`): it
/// knows the file's size and CRC-32 from a first pass that only hashed it.
struct GeneratedFile: Sendable {
    var packPath: String
    var size: Int64
    var crc32: UInt32
    var compress: Bool
    var generate: PackArchive.Generator
}

/// What one target produced.
struct TargetOutput: Sendable {
    var name: String
    /// The target's content version (MD5 hex, defined per target).
    var version: String
    var files: [StagedFile]
    /// Files written straight into the pack.
    var generated: [GeneratedFile] = []
    /// Normalized asset paths the target's files refer to by hash (stored in the pack).
    var assets: Set<String>
}

/// Everything a target needs to emit its files.
struct BuildContext: Sendable {
    let project: Project
    let index: ContentIndex
    let catalog: AssetCatalog
    /// Where targets write their files.
    let staging: URL
    /// Where embedded assets' base64 is cached across builds (nil: no cache).
    let base64Cache: URL?
    /// The build's timestamp (from `SOURCE_DATE_EPOCH` or the last commit).
    let timestamp: Date

    var config: ProjectConfig { project.config }

    /// Creates `staging/<packPath>`'s folder and an output file for it, computing `digest`.
    func output(_ packPath: String, digest: Digest = Digest()) throws -> OutputFile {
        let url = staging.appendingPathComponent(packPath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try OutputFile(url: url, digest: digest)
    }

    /// Closes `out` and describes it as a staged file.
    func staged(_ out: OutputFile, packPath: String, compress: Bool = true) throws -> StagedFile {
        let (size, sha, md5, crc) = try out.close()
        guard let url = out.url else { preconditionFailure("staged files are files") }
        return StagedFile(packPath: packPath, url: url, size: size, sha256: sha, md5: md5, crc32: crc, compress: compress)
    }

    /// Writes an asset's base64 as the content of a JSON string, wrapped at `wrap` characters
    /// when given, reusing (or filling) the base64 cache so an unchanged asset is encoded once.
    /// `stamps`, when given, records (first pass) or checks (second pass) each file read.
    func writeBase64(of record: AssetRecord, wrap: Int?, into out: OutputFile, stamps: ReadStamps? = nil) throws {
        let source = project.assetURL(record.path)
        guard let cacheDir = base64Cache else {
            try Base64Stream.write(fileAt: source, to: out, wrapAt: wrap, stamps: stamps)
            return
        }
        let cached = cacheDir.appendingPathComponent("\(record.sha256)-\(wrap.map(String.init) ?? "nowrap").b64")
        // The cache is in the project folder: only a file that decodes to this very asset is used
        // (a second pass takes the file the first one checked, if it is unchanged).
        if stamps?.wasRead(cached.path) == true
            || Base64Cache.holds(cached, sha256: record.sha256, size: record.size, wrap: wrap),
            let handle = try? FileHandle(forReadingFrom: cached)
        {
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { try out.write(chunk) }
            try stamps?.note(handle.fileDescriptor, path: cached.path)
            return
        }
        try FileManager.default.createDirectory(at: cacheDir, withIntermediateDirectories: true)
        // One name per writer: the gohike target encodes on all cores, maybe one image twice at once.
        let temporary = cacheDir.appendingPathComponent(
            ".\(record.sha256).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp")
        let cacheOut = try OutputFile(url: temporary, digest: nil)
        try Base64Stream.write(fileAt: source, to: cacheOut, wrapAt: wrap)
        _ = try cacheOut.close()
        // rename() replaces whatever was there (a planted file, a symlink) in one step.
        guard rename(temporary.path, cached.path) == 0 else {
            throw GamePackError.io(path: cached.path, reason: "cannot write the cache (\(String(cString: strerror(errno))))")
        }
        let handle = try FileHandle(forReadingFrom: cached)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { try out.write(chunk) }
        try stamps?.note(handle.fileDescriptor, path: cached.path)
    }

    /// The version rule of file-based targets: MD5 of `path<TAB>sha256` lines, sorted, over
    /// the target's files and the assets they refer to.
    func fileListVersion(_ files: [StagedFile], assets: Set<String>) -> String {
        var lines = files.map { "\($0.packPath)\t\($0.sha256)\n" }
        for path in assets {
            if let record = catalog.record(for: path) { lines.append("\(record.packPath)\t\(record.sha256)\n") }
        }
        return Digest.md5Hex(Data(Set(lines).sorted().joined().utf8))
    }
}
