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
    private var loaded: InstalledContent?
    /// Objects whose SHA-256 was checked in this process.
    private var verifiedObjects = Set<String>()
    /// The update under way, if any.
    private var running: Task<UpdateResult, Error>?

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

    private func loadCurrent() throws -> InstalledContent {
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
    private func loadVersion(_ name: String, verification: LoadVerification) throws -> InstalledContent {
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
            guard pointer.manifest == manifestSHA, pointer.sequence == record.sequence else {
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
    private func checkObject(_ file: PackManifest.File, verification: LoadVerification) throws {
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

    private func hashObject(_ url: URL) throws -> String {
        do {
            return try ContentStore.sha256(of: url).sha256
        } catch {
            throw GamePackClientError.io(path: url.path, reason: error.localizedDescription)
        }
    }

    // MARK: - Bundled pack

    private var bundledSignatureURL: URL? {
        configuration.bundledSignature ?? configuration.bundledPack.map { URL(fileURLWithPath: $0.path + ".minisig") }
    }

    /// The bundled pack's manifest, unverified (to compare sequences).
    private func bundledManifest() throws -> PackManifest? {
        guard let pack = configuration.bundledPack else { return nil }
        return try PackArchive.Reader(url: pack).manifest()
    }

    /// Verifies the bundled pack (signature by the pinned key, every file) and installs it as
    /// the current version.
    private func installBundled() throws -> InstalledContent {
        guard let pack = configuration.bundledPack, let signatureURL = bundledSignatureURL else {
            throw GamePackClientError.noContent(reason: "no bundled pack is configured")
        }
        do {
            let text = try String(contentsOf: signatureURL, encoding: .utf8)
            try Minisign.verify(
                fileAt: pack, signature: try MinisignSignature(fileContents: text), publicKey: configuration.publicKey)
        } catch let error as SignatureError {
            throw GamePackClientError.untrusted(what: "the bundled pack", reason: "\(error)")
        } catch {
            throw GamePackClientError.noContent(
                reason: "cannot read the bundled pack's signature (\(error.localizedDescription))")
        }
        let reader: PackArchive.Reader
        let manifestBytes: Data
        do {
            reader = try PackArchive.Reader(url: pack)
            manifestBytes = try reader.data(at: PackFormat.manifestPath, limit: 16 << 20)
        } catch {
            throw GamePackClientError.noContent(reason: "the bundled pack is unreadable (\(error))")
        }
        let manifest = try decodeManifest(manifestBytes)
        let paths = Set(try Self.packPaths(reader))
        for file in Self.distinctFiles(manifest) {
            guard paths.contains(file.path) else {
                throw GamePackClientError.integrity(what: "the bundled pack", reason: "\(file.path) is missing")
            }
            if verifiedObjects.contains(file.sha256), store.objectSize(file.sha256) == file.size { continue }
            let temporary = store.downloads.appendingPathComponent(".bundled-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: temporary) }
            do {
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw GamePackClientError.io(path: temporary.path, reason: "cannot create")
                }
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try reader.stream(file.path) { try handle.write(contentsOf: $0) }
            } catch let error as GamePackClientError {
                throw error
            } catch {
                throw GamePackClientError.io(path: temporary.path, reason: "\(error)")
            }
            let (sha, size) = try ContentStore.sha256(of: temporary)
            guard sha == file.sha256, size == file.size else {
                throw GamePackClientError.integrity(
                    what: "the bundled pack's \(file.path)", reason: "does not match the manifest")
            }
            try store.adopt(temporary, as: file.sha256)
            verifiedObjects.insert(file.sha256)
        }
        let manifestSHA = Digest.sha256Hex(manifestBytes)
        let record = ContentStore.VersionRecord(kind: "bundled", sequence: manifest.sequence, manifest: manifestSHA)
        let name = ContentStore.versionName(kind: record.kind, sequence: record.sequence, manifest: manifestSHA)
        if store.currentName() != name {
            try store.writeVersion(name: name, files: ["manifest.json": manifestBytes, "source.json": try Self.encode(record)])
            try store.switchCurrent(to: name)
        }
        let content = InstalledContent(
            manifest: manifest, manifestSHA256: manifestSHA, source: .bundled, sequence: manifest.sequence,
            objects: store.objects)
        store.clean(keepVersions: [name], keepObjects: Set(manifest.files.map(\.sha256)), keepPartials: partialNames())
        loaded = content
        return content
    }

    private static func packPaths(_ reader: PackArchive.Reader) throws -> [String] {
        do {
            return try reader.paths()
        } catch {
            throw GamePackClientError.noContent(reason: "the bundled pack is unreadable (\(error))")
        }
    }

    // MARK: - Check

    /// A pointer fetched and verified, with its manifest once fetched.
    struct Offer {
        var pointer: ChannelPointer
        var pointerBytes: Data
        var signature: String
    }

    /// Asks the channel whether it serves newer content than the installed one. Verifies the
    /// pointer (signature, project, channel, expiry, sequence) and fetches the manifest to
    /// count the bytes an update would download.
    /// - Throws: a `GamePackClientError` when the channel's pointer is refused.
    public func check() async throws -> UpdateCheck {
        report(.init(phase: .checking))
        let installed = try? await current
        guard let offer = try await fetchOffer(installed: installed) else {
            return .upToDate(sequence: installed?.sequence ?? 0)
        }
        let (manifest, _) = try await fetchManifest(offer.pointer)
        let missing = missingFiles(of: manifest)
        return .available(offer.pointer, downloadBytes: missing.reduce(0) { $0 + $1.size })
    }

    /// Fetches and verifies the channel pointer; nil when it names the installed content.
    private func fetchOffer(installed: InstalledContent?) async throws -> Offer? {
        let project = configuration.project, channel = configuration.channel
        let pointerBytes = try await transport.data(
            PublishLayout.channelPointer(project: project, channel: channel), limit: 1 << 20)
        var signature = String(
            decoding: try await transport.data(
                PublishLayout.channelSignature(project: project, channel: channel), limit: 64 << 10),
            as: UTF8.self)
        var pointer: ChannelPointer
        do {
            pointer = try verifyPointer(pointerBytes, signature: signature)
        } catch GamePackClientError.untrusted(let what, let reason) {
            // Read while a publish renamed the pointer and its signature one after the other (or
            // after one was killed in between): the pointer's own signature, by its SHA-256.
            guard
                let own = try? await transport.data(
                    PublishLayout.pointerSignature(project: project, pointerSHA256: Digest.sha256Hex(pointerBytes)),
                    limit: 64 << 10)
            else { throw GamePackClientError.untrusted(what: what, reason: reason) }
            signature = String(decoding: own, as: UTF8.self)
            pointer = try verifyPointer(pointerBytes, signature: signature)
        }
        if pointer.isExpired(at: configuration.now()) {
            throw GamePackClientError.expired(what: "the channel pointer", expires: pointer.expires ?? "")
        }
        let installedSequence = max(installed?.sequence ?? 0, store.highestSequence())
        if let installed, pointer.manifest == installed.manifestSHA256, pointer.sequence <= installed.sequence {
            return nil
        }
        if installed == nil, pointer.sequence < installedSequence {
            throw GamePackClientError.sequenceNotIncreasing(installed: installedSequence, offered: pointer.sequence)
        }
        if installed != nil, pointer.sequence <= (installed?.sequence ?? 0) || pointer.sequence < installedSequence {
            throw GamePackClientError.sequenceNotIncreasing(installed: installedSequence, offered: pointer.sequence)
        }
        return Offer(pointer: pointer, pointerBytes: pointerBytes, signature: signature)
    }

    /// Verifies a pointer's signature by the pinned key, its trusted comment, project and channel.
    private func verifyPointer(_ bytes: Data, signature text: String) throws -> ChannelPointer {
        let signature: MinisignSignature
        do {
            signature = try MinisignSignature(fileContents: text)
            try Minisign.verify(bytes, signature: signature, publicKey: configuration.publicKey)
        } catch {
            throw GamePackClientError.untrusted(what: "the channel pointer", reason: "\(error)")
        }
        let pointer: ChannelPointer
        do {
            pointer = try ChannelPointer.decode(bytes)
        } catch {
            throw GamePackClientError.invalid(what: "the channel pointer", reason: "\(error)")
        }
        guard pointer.project == configuration.project else {
            throw GamePackClientError.wrongProject(
                what: "the channel pointer", expected: configuration.project, actual: pointer.project)
        }
        guard pointer.channel == configuration.channel else {
            throw GamePackClientError.wrongProject(
                what: "the channel pointer", expected: "channel \(configuration.channel)", actual: "channel \(pointer.channel)")
        }
        let expected = "gamepack channel pointer \(pointer.project)/\(pointer.channel) sequence \(pointer.sequence)"
        guard signature.trustedComment == expected else {
            throw GamePackClientError.untrusted(
                what: "the channel pointer", reason: "its trusted comment is \"\(signature.trustedComment)\", not \"\(expected)\""
            )
        }
        return pointer
    }

    /// Fetches the manifest the pointer names and checks its SHA-256, project and expiry.
    private func fetchManifest(_ pointer: ChannelPointer) async throws -> (PackManifest, Data) {
        let bytes = try await transport.data(PublishLayout.manifest(packSHA256: pointer.pack), limit: 16 << 20)
        guard Digest.sha256Hex(bytes) == pointer.manifest else {
            throw GamePackClientError.integrity(
                what: "the manifest of pack \(pointer.pack)", reason: "its SHA-256 is not the one the signed pointer names")
        }
        let manifest = try decodeManifest(bytes)
        if let expires = manifest.expires, let limit = ChannelPointer.parseTime(expires), configuration.now() >= limit {
            throw GamePackClientError.expired(what: "the pack \(manifest.version)", expires: expires)
        }
        return (manifest, bytes)
    }

    private func decodeManifest(_ bytes: Data) throws -> PackManifest {
        let manifest: PackManifest
        do {
            manifest = try PackManifest.decode(bytes)
        } catch {
            throw GamePackClientError.invalid(what: "manifest.json", reason: "\(error)")
        }
        guard manifest.project == configuration.project else {
            throw GamePackClientError.wrongProject(what: "the pack", expected: configuration.project, actual: manifest.project)
        }
        for file in manifest.files where !ChannelPointer.isSHA256Hex(file.sha256) || file.size < 0 {
            throw GamePackClientError.invalid(what: "manifest.json", reason: "\(file.path) has no valid SHA-256 and size")
        }
        return manifest
    }

    /// The manifest's files, one per distinct SHA-256.
    static func distinctFiles(_ manifest: PackManifest) -> [PackManifest.File] {
        var seen = Set<String>()
        return manifest.files.filter { seen.insert($0.sha256).inserted }
    }

    /// The distinct files of `manifest` not in the store.
    private func missingFiles(of manifest: PackManifest) -> [PackManifest.File] {
        Self.distinctFiles(manifest).filter { store.objectSize($0.sha256) != $0.size }
    }

    // MARK: - Update

    /// Checks the channel and, when it serves newer content, downloads the files not installed
    /// yet, verifies everything and makes the new content current in one rename; then removes
    /// old versions. Up to date: returns the installed content, `updated` false.
    public func update() async throws -> UpdateResult {
        // One update at a time: a second caller waits for the one under way.
        if let running { return try await running.value }
        let task = Task { try await self.performUpdate() }
        running = task
        defer { running = nil }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func performUpdate() async throws -> UpdateResult {
        report(.init(phase: .checking))
        let installed = try? await current
        var downloaded: Int64 = 0
        guard let offer = try await fetchOffer(installed: installed) else {
            return UpdateResult(content: installed!, updated: false, downloadedBytes: 0, downloadedFiles: 0, reusedFiles: 0)
        }
        let (manifest, manifestBytes) = try await fetchManifest(offer.pointer)
        downloaded += Int64(offer.pointerBytes.count + offer.signature.utf8.count + manifestBytes.count)
        let distinct = Self.distinctFiles(manifest)
        let missing = missingFiles(of: manifest)

        // Make room: drop what neither the installed nor the new content needs, then check the budget.
        let keepVersions = Set([store.currentName()].compactMap { $0 })
        var keepObjects = Set(distinct.map(\.sha256))
        if let installed { keepObjects.formUnion(installed.manifest.files.map(\.sha256)) }
        let partials = Set(missing.map { "\($0.sha256).partial" })
        store.clean(keepVersions: keepVersions, keepObjects: keepObjects, keepPartials: partials)
        let needed = missing.reduce(Int64(0)) { $0 + $1.size - partialSize($1.sha256) }
        if let budget = configuration.storageBudget, store.usedBytes() + needed > budget {
            throw GamePackClientError.storageBudgetExceeded(needed: store.usedBytes() + needed, budget: budget)
        }

        // Download what is missing, each file checked against the manifest before it is kept.
        let total = missing.reduce(Int64(0)) { $0 + $1.size }
        let counter = ByteCounter(total: total, report: configuration.progress)
        counter.add(missing.reduce(Int64(0)) { $0 + partialSize($1.sha256) }, network: false)
        // The budget holds as bytes arrive too, whatever a server sends.
        let allowance = configuration.storageBudget.map { StorageAllowance(budget: $0, used: store.usedBytes()) }
        for file in missing {
            try await download(file, counter: counter, allowance: allowance)
            CrashPoint.reach(.downloading)
        }
        downloaded += counter.networkBytes
        CrashPoint.reach(.downloaded)

        // Verify every file of the new content before it becomes current.
        report(.init(phase: .verifying, completedBytes: 0, totalBytes: Int64(distinct.count)))
        for file in distinct {
            try checkObject(file, verification: .full)
        }

        // Apply: version folder, then the one rename of `current`.
        report(.init(phase: .applying))
        let manifestSHA = offer.pointer.manifest
        let record = ContentStore.VersionRecord(kind: "channel", sequence: offer.pointer.sequence, manifest: manifestSHA)
        let name = ContentStore.versionName(kind: "channel", sequence: offer.pointer.sequence, manifest: manifestSHA)
        try store.writeVersion(
            name: name,
            files: [
                "manifest.json": manifestBytes, "source.json": try Self.encode(record), "pointer.json": offer.pointerBytes,
                "pointer.json.minisig": Data(offer.signature.utf8),
            ])
        try store.recordHighestSequence(offer.pointer.sequence)
        try store.switchCurrent(to: name)
        CrashPoint.reach(.switched)
        let content = InstalledContent(
            manifest: manifest, manifestSHA256: manifestSHA, source: .channel(offer.pointer), sequence: offer.pointer.sequence,
            objects: store.objects)
        loaded = content

        report(.init(phase: .cleaning))
        store.clean(keepVersions: [name], keepObjects: Set(distinct.map(\.sha256)), keepPartials: [])
        return UpdateResult(
            content: content, updated: true, downloadedBytes: downloaded, downloadedFiles: missing.count,
            reusedFiles: distinct.count - missing.count)
    }

    private func partialSize(_ sha256: String) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: store.partial(sha256).path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private func partialNames() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: store.downloads.path)) ?? [])
    }

    /// Downloads one file to its partial file, resuming up to `retries` times, checks it and
    /// moves it into the store. A file that turns out wrong is deleted and refused: one whose
    /// answer runs past the manifest's size or the storage budget is cut off as the bytes
    /// arrive and its partial file removed. All attempts together get the file's deadline.
    private func download(_ file: PackManifest.File, counter: ByteCounter, allowance: StorageAllowance?) async throws {
        let partial = store.partial(file.sha256)
        let path = PublishLayout.file(sha256: file.sha256)
        let deadline = Date().addingTimeInterval(configuration.downloadDeadline.seconds(forBytes: file.size))
        var attempt = 0
        while true {
            if partialSize(file.sha256) > file.size {
                allowance?.giveBack(partialSize(file.sha256))
                try? FileManager.default.removeItem(at: partial)
            }
            if partialSize(file.sha256) < file.size {
                do {
                    let before = partialSize(file.sha256)
                    let received = try await transport.download(
                        path, to: partial, size: file.size, allowance: allowance, deadline: deadline
                    ) { counter.add($0, network: true) }
                    // A 200 answer to a range request restarts the file: correct the progress.
                    let correction = partialSize(file.sha256) - before - received
                    if correction != 0 { counter.add(correction, network: false) }
                } catch let error as GamePackClientError {
                    try Task.checkCancellation()
                    switch error {
                    case .integrity, .storageBudgetExceeded:
                        // Past the manifest's size or the budget: nothing of this answer is kept.
                        allowance?.giveBack(partialSize(file.sha256))
                        try? FileManager.default.removeItem(at: partial)
                        throw error
                    case .network where attempt < configuration.retries:
                        attempt += 1
                        continue
                    default:
                        throw error
                    }
                }
            }
            break
        }
        let (sha, size) = try ContentStore.sha256(of: partial)
        guard sha == file.sha256, size == file.size else {
            try? FileManager.default.removeItem(at: partial)
            throw GamePackClientError.integrity(
                what: "the downloaded \(file.path)",
                reason: "its SHA-256 is \(sha) (\(size) bytes), the manifest says \(file.sha256)")
        }
        try store.adopt(partial, as: file.sha256)
        verifiedObjects.insert(file.sha256)
    }

    private func report(_ progress: UpdateProgress) {
        configuration.progress?(progress)
    }

    private static func encode(_ record: ContentStore.VersionRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(record)
    }
}

/// Counts downloaded bytes from the transport's callbacks and reports progress.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var completed: Int64 = 0
    private var network: Int64 = 0
    let total: Int64
    let report: (@Sendable (GamePackClient.UpdateProgress) -> Void)?

    init(total: Int64, report: (@Sendable (GamePackClient.UpdateProgress) -> Void)?) {
        self.total = total
        self.report = report
    }

    /// Adds `bytes` to the progress and, when they came over the network, to the network count.
    func add(_ bytes: Int64, network fromNetwork: Bool) {
        lock.lock()
        completed += bytes
        if fromNetwork { network += bytes }
        let done = completed
        lock.unlock()
        report?(.init(phase: .downloading, completedBytes: done, totalBytes: total))
    }

    var networkBytes: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return network
    }
}
