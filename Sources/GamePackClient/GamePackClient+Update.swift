import Foundation
import GamePackFormat

/// Downloading, verifying and installing an offered pack.
extension GamePackClient {
    /// Checks the channel and, when it serves newer content, downloads the files not installed
    /// yet, verifies everything and makes the new content current in one rename; then removes
    /// old versions. Up to date: returns the installed content, `updated` false.
    public func update() async throws -> UpdateResult {
        // One update at a time: a second caller waits for the one under way.
        if let running { return try await running.value }
        let task = Task { try await self.reportingAdoption(self.performUpdate()) }
        running = task
        defer { running = nil }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    func performUpdate() async throws -> UpdateResult {
        report(.init(phase: .checking))
        try await followKeySets()
        let installed = try? await current
        var downloaded: Int64 = 0
        guard let offer = try await fetchOffer(installed: installed) else {
            return UpdateResult(content: installed!, updated: false, downloadedBytes: 0, downloadedFiles: 0, reusedFiles: 0)
        }
        let (manifest, manifestBytes) = try await fetchManifest(offer.target)
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
        let manifestSHA = offer.target.manifest
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

    func partialSize(_ sha256: String) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: store.partial(sha256).path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    func partialNames() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: store.downloads.path)) ?? [])
    }

    /// Downloads one file to its partial file, resuming up to `retries` times, checks it and
    /// moves it into the store. A file that turns out wrong is deleted and refused: one whose
    /// answer runs past the manifest's size or the storage budget is cut off as the bytes
    /// arrive and its partial file removed. All attempts together get the file's deadline.
    func download(_ file: PackManifest.File, counter: ByteCounter, allowance: StorageAllowance?) async throws {
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

    func report(_ progress: UpdateProgress) {
        configuration.progress?(progress)
    }

    static func encode(_ record: ContentStore.VersionRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(record)
    }
}
