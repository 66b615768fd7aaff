import Foundation
import GamePackFormat

/// Keeps a game's content up to date on the device, safely.
///
/// ```swift
/// let client = GamePackClient(configuration: .init(
///     baseURL: URL(string: "https://content.example.com/")!, project: "gohike-amsterdam",
///     channel: "production", publicKey: try MinisignPublicKey(fileContents: pinnedKey),
///     storageDirectory: applicationSupport.appendingPathComponent("content"),
///     bundledPack: Bundle.main.url(forResource: "content", withExtension: "gamepack")))
/// let content = try await client.current          // installed, else the bundled pack
/// if case .available = try await client.check() {
///     let result = try await client.update()      // download, verify, apply
///     use(result.content.data(at: "gohike/content.json"))
/// }
/// ```
///
/// Before anything is used it is verified: the channel pointer's minisign signature by the pinned
/// key (and its trusted comment), its project and channel, a sequence above the installed one
/// (rollback protection) and its expiry (freeze protection); the manifest's SHA-256 against the
/// pointer and its project; every file's size and SHA-256 against the manifest. Only files whose
/// SHA-256 is not installed yet are downloaded (`v1/files/<sha256>`), resuming cut downloads with
/// `Range`. The new content becomes current in one rename (see `ContentStore`), and content that
/// fails its check at load is replaced by the bundled pack, verified with its `.minisig`.
public actor GamePackClient {
    /// The configuration the client was made with.
    public let configuration: Configuration
    let store: ContentStore
    let transport: Transport
    /// The content loaded and verified in this process.
    var loaded: InstalledContent?
    /// Objects whose SHA-256 was checked in this process.
    var verifiedObjects = Set<String>()
    /// The update under way, if any.
    var running: Task<UpdateResult, Error>?
    /// The verified chain of key sets, once loaded (`keys()`).
    var keyChain: KeyChain?

    public init(configuration: Configuration) {
        self.configuration = configuration
        store = ContentStore(root: configuration.storageDirectory)
        transport = Transport(
            baseURL: configuration.baseURL, timeout: configuration.timeout, deadline: configuration.downloadDeadline)
    }

    // MARK: - Current content

    /// The installed content, checked once per process (see `Configuration.loadVerification`);
    /// when nothing is installed, the installed content is corrupt, or the bundled pack is newer,
    /// the bundled pack is verified and installed, and returned.
    /// - Throws: `GamePackClientError.noContent` when neither is usable.
    public var current: InstalledContent {
        get async throws {
            if let loaded { return loaded }
            let content = try loadCurrent()
            loaded = content
            return content
        }
    }

    func loadCurrent() throws -> InstalledContent {
        try store.prepare()
        var problem = "nothing is installed"
        if let name = store.currentName() {
            do {
                let content = try loadVersion(name, verification: configuration.loadVerification)
                if let bundled = try? bundledManifest(), bundled.sequence > content.sequence {
                    // An app update shipped newer content than the installed one.
                    return try installBundled()
                }
                return content
            } catch {
                // The folder stays while `current` names it: the failure may say more about this
                // client's configuration (another channel, say) than about the content, and a
                // later start configured right must find it. Switching to the bundled pack
                // removes it; a corrupt file was already removed by `checkObject`.
                problem = "the installed content \(name) is unusable (\(error))"
            }
        }
        guard configuration.bundledPack != nil else { throw GamePackClientError.noContent(reason: problem) }
        return try installBundled()
    }

    /// Loads and checks a version folder.
    func loadVersion(_ name: String, verification: LoadVerification) throws -> InstalledContent {
        let folder = store.version(name)
        func read(_ file: String) throws -> Data {
            do {
                return try Data(contentsOf: folder.appendingPathComponent(file))
            } catch {
                throw GamePackClientError.io(path: folder.appendingPathComponent(file).path, reason: error.localizedDescription)
            }
        }
        let manifestBytes = try read("manifest.json")
        let record: ContentStore.VersionRecord
        do {
            record = try JSONDecoder().decode(ContentStore.VersionRecord.self, from: try read("source.json"))
        } catch let error as GamePackClientError {
            throw error
        } catch {
            throw GamePackClientError.invalid(what: "\(name)/source.json", reason: "\(error)")
        }
        let manifestSHA = Digest.sha256Hex(manifestBytes)
        guard manifestSHA == record.manifest else {
            throw GamePackClientError.integrity(what: "\(name)/manifest.json", reason: "its SHA-256 changed")
        }
        let manifest = try decodeManifest(manifestBytes)
        let source: InstalledContent.Source
        if record.kind == "channel" {
            let pointerBytes = try read("pointer.json")
            let signature = String(decoding: try read("pointer.json.minisig"), as: UTF8.self)
            let pointer = try verifyPointer(pointerBytes, signature: signature)
            guard pointer.names(manifest: manifestSHA), pointer.sequence == record.sequence else {
                throw GamePackClientError.integrity(what: "\(name)", reason: "the pointer names another manifest")
            }
            source = .channel(pointer)
        } else {
            source = .bundled
        }
        for file in Self.distinctFiles(manifest) {
            try checkObject(file, verification: verification)
        }
        return InstalledContent(
            manifest: manifest, manifestSHA256: manifestSHA, source: source, sequence: record.sequence,
            objects: store.objects)
    }

    /// Checks one installed file; a corrupt one is removed so that it is fetched again.
    func checkObject(_ file: PackManifest.File, verification: LoadVerification) throws {
        let url = store.object(file.sha256)
        guard let size = store.objectSize(file.sha256) else {
            throw GamePackClientError.integrity(what: file.path, reason: "the installed file is missing")
        }
        guard size == file.size else {
            try? FileManager.default.removeItem(at: url)
            throw GamePackClientError.integrity(what: file.path, reason: "has \(size) bytes, the manifest says \(file.size)")
        }
        guard verification == .full, !verifiedObjects.contains(file.sha256) else { return }
        let actual = try hashObject(url)
        guard actual == file.sha256 else {
            try? FileManager.default.removeItem(at: url)
            throw GamePackClientError.integrity(what: file.path, reason: "the installed file's SHA-256 is \(actual)")
        }
        verifiedObjects.insert(file.sha256)
    }

    func hashObject(_ url: URL) throws -> String {
        do {
            return try ContentStore.sha256(of: url).sha256
        } catch {
            throw GamePackClientError.io(path: url.path, reason: error.localizedDescription)
        }
    }
}
