import Crypto
import Foundation
import GamePackFormat

/// The client's folder on the device:
///
/// ```
/// current                     the name of the current version folder, replaced by one rename
/// versions/<name>/            manifest.json, source.json and, for channel content, the
///                             verified pointer (pointer.json, pointer.json.minisig)
/// objects/<sha256>            verified files, immutable, shared by versions
/// downloads/<sha256>.partial  downloads under way, kept for resuming with Range
/// staging/                    version folders being assembled
/// highest-sequence            the highest channel sequence ever installed
/// install-id                  a random id made once, for the install's rollout buckets
/// ```
///
/// Files are written whole before a version folder names them, the version folder is complete
/// before `current` names it, and `current` changes in one rename: a crash at any point leaves
/// the old or the new version current, each with every file it lists.
struct ContentStore {
    let root: URL
    let fm = FileManager.default

    var currentFile: URL { root.appendingPathComponent("current") }
    var versions: URL { root.appendingPathComponent("versions") }
    var objects: URL { root.appendingPathComponent("objects") }
    var downloads: URL { root.appendingPathComponent("downloads") }
    var staging: URL { root.appendingPathComponent("staging") }
    var highestSequenceFile: URL { root.appendingPathComponent("highest-sequence") }

    func object(_ sha256: String) -> URL { objects.appendingPathComponent(sha256) }
    func partial(_ sha256: String) -> URL { downloads.appendingPathComponent("\(sha256).partial") }
    func version(_ name: String) -> URL { versions.appendingPathComponent(name) }

    /// Creates the store's folders.
    func prepare() throws {
        for folder in [root, versions, objects, downloads, staging] {
            do {
                try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw GamePackClientError.io(path: folder.path, reason: "cannot create (\(error.localizedDescription))")
            }
        }
    }

    /// What a version folder records about its origin (`source.json`).
    struct VersionRecord: Codable {
        /// `channel` or `bundled`.
        var kind: String
        var sequence: Int64
        /// SHA-256 of manifest.json.
        var manifest: String
    }

    /// The version folder name for content: `c<sequence>-<manifest sha256>` from the channel,
    /// `b-<manifest sha256>` bundled.
    static func versionName(kind: String, sequence: Int64, manifest: String) -> String {
        kind == "channel" ? "c\(sequence)-\(manifest)" : "b-\(manifest)"
    }

    /// The name of the current version folder, if any.
    func currentName() -> String? {
        guard let data = try? Data(contentsOf: currentFile) else { return nil }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // By bytes: a `/` followed by a combining accent is one character that is not `/`.
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")), name.utf8.first != UInt8(ascii: ".") else {
            return nil
        }
        return name
    }

    /// The highest channel sequence installed so far (0 when none).
    func highestSequence() -> Int64 {
        guard let data = try? Data(contentsOf: highestSequenceFile) else { return 0 }
        return Int64(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    var installIDFile: URL { root.appendingPathComponent("install-id") }

    /// The install's random id (32 lowercase hex digits), made on first use and kept: with a
    /// rollout pack's version it decides the install's bucket (`ChannelRollout.bucket`). It never
    /// leaves the device.
    func installID() throws -> String {
        if let data = try? Data(contentsOf: installIDFile) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.utf8.count == 32, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) {
                return text
            }
        }
        var generator = SystemRandomNumberGenerator()
        let id = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        try prepare()
        try writeAtomically(Data("\(id)\n".utf8), to: installIDFile)
        return id
    }

    func recordHighestSequence(_ sequence: Int64) throws {
        guard sequence > highestSequence() else { return }
        try writeAtomically(Data("\(sequence)\n".utf8), to: highestSequenceFile)
    }

    /// Writes `data` to a temporary file beside `destination`, flushes it to disk, and renames
    /// it over `destination`.
    func writeAtomically(_ data: Data, to destination: URL) throws {
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
        do {
            guard fm.createFile(atPath: temporary.path, contents: nil) else {
                throw GamePackClientError.io(path: temporary.path, reason: "cannot create")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            try replace(destination, with: temporary)
        } catch {
            try? fm.removeItem(at: temporary)
            if let error = error as? GamePackClientError { throw error }
            throw GamePackClientError.io(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// POSIX rename: atomic, replaces a file or an empty folder at `destination`.
    func replace(_ destination: URL, with source: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw GamePackClientError.io(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Makes `name` the current version: the one rename that switches content.
    func switchCurrent(to name: String) throws {
        let temporary = root.appendingPathComponent(".current.tmp")
        try? fm.removeItem(at: temporary)
        do {
            guard fm.createFile(atPath: temporary.path, contents: nil) else {
                throw GamePackClientError.io(path: temporary.path, reason: "cannot create")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: Data("\(name)\n".utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            if let error = error as? GamePackClientError { throw error }
            throw GamePackClientError.io(path: temporary.path, reason: error.localizedDescription)
        }
        CrashPoint.reach(.currentWritten)
        try replace(currentFile, with: temporary)
        syncFolder(root)
    }

    /// Flushes a folder's entries (renames) to disk, best effort.
    func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Installs a complete version folder: written in `staging/`, renamed into `versions/`.
    func writeVersion(name: String, files: [String: Data]) throws {
        let stage = staging.appendingPathComponent(UUID().uuidString)
        do {
            try fm.createDirectory(at: stage, withIntermediateDirectories: true)
            for (fileName, data) in files {
                let handle = try FileHandle(forWritingTo: createEmpty(stage.appendingPathComponent(fileName)))
                try handle.write(contentsOf: data)
                try handle.synchronize()
                try handle.close()
            }
        } catch {
            try? fm.removeItem(at: stage)
            if let error = error as? GamePackClientError { throw error }
            throw GamePackClientError.io(path: stage.path, reason: error.localizedDescription)
        }
        CrashPoint.reach(.staged)
        let destination = version(name)
        // A folder of that name is left from an interrupted update, never the current one (its
        // sequence is higher): replace it.
        if fm.fileExists(atPath: destination.path) { try? fm.removeItem(at: destination) }
        try replace(destination, with: stage)
        syncFolder(versions)
        CrashPoint.reach(.versionRenamed)
    }

    private func createEmpty(_ url: URL) throws -> URL {
        guard fm.createFile(atPath: url.path, contents: nil) else {
            throw GamePackClientError.io(path: url.path, reason: "cannot create")
        }
        return url
    }

    /// Moves a verified download into `objects/`.
    func adopt(_ file: URL, as sha256: String) throws {
        try replace(object(sha256), with: file)
    }

    /// Size in bytes of the object, or nil when missing.
    func objectSize(_ sha256: String) -> Int64? {
        guard let attributes = try? fm.attributesOfItem(atPath: object(sha256).path),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else { return nil }
        return (attributes[.size] as? NSNumber)?.int64Value
    }

    /// Bytes held by every file below the store.
    func usedBytes() -> Int64 {
        var total: Int64 = 0
        for folder in [objects, downloads] {
            for name in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let attributes = try? fm.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
                total += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            }
        }
        return total
    }

    /// The SHA-256 of every file the manifest of version folder `name` lists; empty when it has
    /// no readable manifest.
    func objectsListed(byVersion name: String) -> Set<String> {
        guard let bytes = try? Data(contentsOf: version(name).appendingPathComponent("manifest.json")),
            let manifest = try? PackManifest.decode(bytes)
        else { return [] }
        return Set(manifest.files.map(\.sha256))
    }

    /// Removes every version but `keep`, every object none of `keepObjects` names, every
    /// partial download not in `keepPartials`, and leftovers of interrupted updates.
    ///
    /// Never removes what `current` names: its version folder and the files its manifest lists
    /// are kept whatever the caller asks, even when that content failed to load (a client
    /// configured for another channel, a refused or failed update), so the next start can
    /// still use it.
    func clean(keepVersions: Set<String>, keepObjects: Set<String>, keepPartials: Set<String>) {
        var keep = keepVersions
        var keepObjects = keepObjects
        if let current = currentName() {
            keep.insert(current)
            keepObjects.formUnion(objectsListed(byVersion: current))
        }
        for name in (try? fm.contentsOfDirectory(atPath: staging.path)) ?? [] {
            try? fm.removeItem(at: staging.appendingPathComponent(name))
        }
        for name in (try? fm.contentsOfDirectory(atPath: versions.path)) ?? [] where !keep.contains(name) {
            try? fm.removeItem(at: version(name))
            CrashPoint.reach(.cleaning)
        }
        for name in (try? fm.contentsOfDirectory(atPath: objects.path)) ?? [] where !keepObjects.contains(name) {
            try? fm.removeItem(at: objects.appendingPathComponent(name))
        }
        for name in (try? fm.contentsOfDirectory(atPath: downloads.path)) ?? [] where !keepPartials.contains(name) {
            try? fm.removeItem(at: downloads.appendingPathComponent(name))
        }
        for name in (try? fm.contentsOfDirectory(atPath: root.path)) ?? [] where name.hasPrefix(".") {
            try? fm.removeItem(at: root.appendingPathComponent(name))
        }
    }

    /// SHA-256 and size of a file, streamed in 1 MiB chunks.
    static func sha256(of url: URL) throws -> (sha256: String, size: Int64) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        var size: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            size += Int64(chunk.count)
        }
        return (hex(hasher.finalize()), size)
    }
}

/// Named steps of an update where a test can make the process die (`_exit`), to check that a
/// crash at any point leaves usable content. Active only when the environment variable
/// `GAMEPACK_CLIENT_CRASH_AT` names the step; never set it in a shipped app.
enum CrashPoint: String {
    /// After the first downloaded file was moved into the store.
    case downloading = "download"
    /// After every file was downloaded, before the version folder is written.
    case downloaded
    /// The version folder is written in staging, not yet renamed into versions/.
    case staged
    /// The version folder is in versions/, `current` still names the old one.
    case versionRenamed = "version-renamed"
    /// The new `current` is written to its temporary file, not yet renamed.
    case currentWritten = "current-written"
    /// `current` names the new version; old versions are not cleaned yet.
    case switched
    /// One old version folder was removed, its objects not yet.
    case cleaning

    /// The exit status of a simulated crash.
    static let exitStatus: Int32 = 86
    private static let selected = ProcessInfo.processInfo.environment["GAMEPACK_CLIENT_CRASH_AT"]

    static func reach(_ point: CrashPoint) {
        if selected == point.rawValue { _exit(exitStatus) }
    }
}
