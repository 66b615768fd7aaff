import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackTestSupport
import Testing

@Suite("StaticPublisher")
struct StaticPublisherTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A temporary folder with a key and a signed gohike-amsterdam pack at `sequence`.
    func setUp(sequence: Int64 = 10) async throws -> (TemporaryDirectory, MinisignSecretKey, TestPacks.Built) {
        let temp = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
        let built = try await TestPacks.build(
            TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("out-\(sequence)"), key: key,
            sequence: sequence)
        return (temp, key, built)
    }

    @Test("writes the layout of docs/publishing.md: pack, signatures, manifest, files by SHA-256, signed pointer")
    func layout() async throws {
        let (temp, key, built) = try await setUp()
        let root = temp.url.appendingPathComponent("site")
        let pointer = try StaticPublisher(root: root).publish(
            packAt: built.pack, signatureAt: built.signature, channel: "production", key: key,
            expires: Self.now.addingTimeInterval(3600), now: Self.now)

        let packDigest = try Digest.file(at: built.pack)
        #expect(pointer.project == "gohike-amsterdam")
        #expect(pointer.channel == "production")
        #expect(pointer.sequence == 10)
        #expect(pointer.pack == packDigest.sha256)
        #expect(pointer.size == packDigest.size)
        #expect(pointer.version == built.manifest.version)
        #expect(pointer.created == "2027-01-15T08:00:00Z")
        #expect(pointer.expires == "2027-01-15T09:00:00Z")

        func file(_ path: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent(path)) }
        let pointerBytes = try file(PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production"))
        #expect(try ChannelPointer.decode(pointerBytes) == pointer)
        #expect(pointerBytes == (try pointer.encoded()))
        let signature = try MinisignSignature(
            fileContents: String(
                decoding: try file(PublishLayout.channelSignature(project: "gohike-amsterdam", channel: "production")),
                as: UTF8.self))
        try Minisign.verify(pointerBytes, signature: signature, publicKey: key.publicKey)
        #expect(signature.trustedComment == "gamepack channel pointer gohike-amsterdam/production sequence 10")

        #expect(try file(PublishLayout.pack(sha256: pointer.pack)) == (try Data(contentsOf: built.pack)))
        #expect(try file(PublishLayout.packSignature(sha256: pointer.pack)) == (try Data(contentsOf: built.signature)))
        let manifestBytes = try file(PublishLayout.manifest(packSHA256: pointer.pack))
        #expect(Digest.sha256Hex(manifestBytes) == pointer.manifest)
        #expect(try PackManifest.decode(manifestBytes) == built.manifest)
        #expect(!built.manifest.files.isEmpty)
        for entry in built.manifest.files {
            let bytes = try file(PublishLayout.file(sha256: entry.sha256))
            #expect(Digest.sha256Hex(bytes) == entry.sha256, "\(entry.path)")
            #expect(Int64(bytes.count) == entry.size)
        }
        // Nothing else: no temporary files left behind.
        let expected =
            Set(built.manifest.files.map { PublishLayout.file(sha256: $0.sha256) }).union([
                PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production"),
                PublishLayout.channelSignature(project: "gohike-amsterdam", channel: "production"),
                PublishLayout.pack(sha256: pointer.pack), PublishLayout.packSignature(sha256: pointer.pack),
                PublishLayout.manifest(packSHA256: pointer.pack),
                // The empty file publishes lock (`flock`) to take turns.
                StaticPublisher.lockFile,
                // The pointer's own signature by its SHA-256 (what a client falls back to).
                PublishLayout.pointerSignature(
                    project: "gohike-amsterdam",
                    pointerSHA256: Digest.sha256Hex(
                        try file(PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production")))),
            ])
        #expect(Set(TestPacks.files(below: root)) == expected)
        #expect(
            try file(PublishLayout.channelSignature(project: "gohike-amsterdam", channel: "production"))
                == file(Array(expected).first { $0.contains("/signatures/") }!))
    }

    @Test("refuses a lower or equal sequence; the same pack again returns the existing pointer; a higher one moves the channel")
    func sequences() async throws {
        let (temp, key, built) = try await setUp(sequence: 10)
        let root = temp.url.appendingPathComponent("site")
        let publisher = StaticPublisher(root: root)
        let first = try publisher.publish(
            packAt: built.pack, signatureAt: built.signature, channel: "staging", key: key, expires: nil, now: Self.now)
        let pointerURL = root.appendingPathComponent(
            PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "staging"))
        let before = try Data(contentsOf: pointerURL)

        let again = try publisher.publish(
            packAt: built.pack, signatureAt: built.signature, channel: "staging", key: key, expires: nil,
            now: Self.now.addingTimeInterval(60))
        #expect(again == first)
        #expect(try Data(contentsOf: pointerURL) == before)

        for sequence: Int64 in [9, 10] {
            let other = try await TestPacks.build(
                TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("out-low-\(sequence)"), key: key,
                sequence: sequence, targets: ["gohike"])
            #expect(
                throws: GamePackError.sequenceNotIncreasing(channel: "gohike-amsterdam/staging", current: 10, offered: sequence)
            ) {
                try publisher.publish(
                    packAt: other.pack, signatureAt: other.signature, channel: "staging", key: key, expires: nil, now: Self.now)
            }
            #expect(try Data(contentsOf: pointerURL) == before)
        }

        let newer = try await TestPacks.build(
            TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("out-11"), key: key, sequence: 11)
        let moved = try publisher.publish(
            packAt: newer.pack, signatureAt: newer.signature, channel: "staging", key: key, expires: nil, now: Self.now)
        #expect(moved.sequence == 11)
        #expect(moved.pack != first.pack)
        #expect(try ChannelPointer.decode(try Data(contentsOf: pointerURL)) == moved)
        // The first pack stays: packs are immutable and a rollback may point at them again.
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(PublishLayout.pack(sha256: first.pack)).path))
    }

    @Test("refuses a tampered pack, a pack signed by another key and a signed pack whose files do not match; writes nothing")
    func refusals() async throws {
        let (temp, key, built) = try await setUp()
        let root = temp.url.appendingPathComponent("site")
        let publisher = StaticPublisher(root: root)

        // One byte of the pack changed after signing.
        var bytes = try Data(contentsOf: built.pack)
        bytes[bytes.count / 2] ^= 0xFF
        let tampered = temp.url.appendingPathComponent("tampered.gamepack")
        try bytes.write(to: tampered)
        #expect {
            try publisher.publish(
                packAt: tampered, signatureAt: built.signature, channel: "production", key: key, expires: nil, now: Self.now)
        } throws: { error in
            guard case GamePackError.publishRefused(_, let reason) = error else { return false }
            return reason.contains("signature")
        }

        // Signed, but by another key than the publishing one.
        #expect {
            try publisher.publish(
                packAt: built.pack, signatureAt: built.signature, channel: "production", key: .generate(), expires: nil,
                now: Self.now)
        } throws: { error in
            guard case GamePackError.publishRefused(_, let reason) = error else { return false }
            return reason.contains("key")
        }

        // Validly signed, but a file does not match the manifest.
        var manifest = built.manifest
        manifest.files = [
            PackManifest.File(path: "gohike/content.json", size: 2, sha256: String(repeating: "0", count: 64), md5: "")
        ]
        let lying = temp.url.appendingPathComponent("lying.gamepack")
        try PackArchive.write(
            manifest: manifest, entries: [.init(path: "gohike/content.json", source: .data(Data("{}".utf8)), compress: true)],
            modificationDate: Self.now, to: lying)
        let lyingSignature = temp.url.appendingPathComponent("lying.gamepack.minisig")
        try Data(try Minisign.sign(fileAt: lying, with: key, trustedComment: "test").fileContents.utf8).write(to: lyingSignature)
        #expect {
            try publisher.publish(
                packAt: lying, signatureAt: lyingSignature, channel: "production", key: key, expires: nil, now: Self.now)
        } throws: { error in
            guard case GamePackError.publishRefused(_, let reason) = error else { return false }
            return reason.contains("gohike/content.json")
        }

        #expect(throws: GamePackError.self) {
            try publisher.publish(
                packAt: built.pack, signatureAt: built.signature, channel: "../etc", key: key, expires: nil, now: Self.now)
        }
        #expect(TestPacks.files(below: root).isEmpty)
    }

    @Test("a pointer that cannot be written leaves no signature and no temporary file behind")
    func failedPointerWrite() async throws {
        let (temp, key, built) = try await setUp()
        let root = temp.url.appendingPathComponent("site")
        // A non-empty folder where the pointer goes makes the last rename fail.
        let pointerPath = PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production")
        try temp.write("x", to: "site/\(pointerPath)/blocker")
        #expect(throws: GamePackError.self) {
            try StaticPublisher(root: root).publish(
                packAt: built.pack, signatureAt: built.signature, channel: "production", key: key, expires: nil, now: Self.now)
        }
        let files = TestPacks.files(below: root)
        #expect(!files.contains(PublishLayout.channelSignature(project: "gohike-amsterdam", channel: "production")))
        #expect(!files.contains { $0.contains(".tmp-") })
        #expect(files.contains("\(pointerPath)/blocker"))
    }

    /// Holds the tree's publish lock the way another `gamepack publish --out` would.
    final class HeldLock {
        let descriptor: Int32

        init(_ root: URL) throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            descriptor = open(root.appendingPathComponent(StaticPublisher.lockFile).path, O_RDWR | O_CREAT, 0o644)
            guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
                throw TestPackError(description: "cannot lock: \(String(cString: strerror(errno)))")
            }
        }

        deinit { close(descriptor) }
    }

    /// A publish running on a thread of its own, and what it ended with.
    final class Background: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private(set) var result: Result<ChannelPointer, Error>?

        init(_ body: @escaping @Sendable () throws -> ChannelPointer) {
            Thread {
                self.result = Result { try body() }
                self.done.signal()
            }.start()
        }

        /// Whether it ended within `seconds`.
        func wait(_ seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }
    }

    @Test("issue 27: a publish waits for the tree's lock, then refuses a sequence below the one published meanwhile")
    func lowerSequenceAfterHigherUnderTheLock() async throws {
        let (temp, key, low) = try await setUp(sequence: 100)
        let high = try await TestPacks.build(
            TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("out-200"), key: key, sequence: 200)
        // Sequence 200 published into another tree, to be moved into this one while it is locked.
        let other = temp.url.appendingPathComponent("other")
        _ = try StaticPublisher(root: other).publish(
            packAt: high.pack, signatureAt: high.signature, channel: "production", key: key, expires: nil, now: Self.now)
        let root = temp.url.appendingPathComponent("site")
        let pointerURL = root.appendingPathComponent(
            PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production"))

        var held: HeldLock? = try HeldLock(root)
        let publish = Background {
            try StaticPublisher(root: root).publish(
                packAt: low.pack, signatureAt: low.signature, channel: "production", key: key, expires: nil, now: Self.now)
        }
        #expect(!publish.wait(1.5), "the publish did not wait for the lock another publish holds")
        #expect(!FileManager.default.fileExists(atPath: pointerURL.path))
        // The other publish (holding the lock) moves the channel to 200, then lets go.
        for path in TestPacks.files(below: other) where path != StaticPublisher.lockFile {
            let destination = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: other.appendingPathComponent(path), to: destination)
        }
        held = nil
        _ = held
        #expect(publish.wait(30))
        #expect {
            try publish.result?.get()
        } throws: { error in
            guard case GamePackError.sequenceNotIncreasing(_, let current, let offered) = error else { return false }
            return current == 200 && offered == 100 && "\(error)".contains("channel gohike-amsterdam/production's 200")
        }
        #expect(try ChannelPointer.decode(try Data(contentsOf: pointerURL)).sequence == 200)
    }

    @Test("issue 27: concurrent publishes of sequences 200 and 100 always leave the channel at 200")
    func concurrentPublishesNeverRollBack() async throws {
        let (temp, key, low) = try await setUp(sequence: 100)
        let high = try await TestPacks.build(
            TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("out-200"), key: key, sequence: 200)
        for round in 0..<6 {
            let root = temp.url.appendingPathComponent("site-\(round)")
            // Alternate which one starts first.
            let order = round % 2 == 0 ? [high, low] : [low, high]
            let runs = order.map { built in
                Background {
                    try StaticPublisher(root: root).publish(
                        packAt: built.pack, signatureAt: built.signature, channel: "production", key: key, expires: nil,
                        now: Self.now)
                }
            }
            for run in runs { #expect(run.wait(60)) }
            let pointer = try ChannelPointer.decode(
                try Data(
                    contentsOf: root.appendingPathComponent(
                        PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production"))))
            #expect(pointer.sequence == 200, "round \(round): the channel ended at \(pointer.sequence)")
            let highResult = runs[round % 2 == 0 ? 0 : 1].result
            #expect((try? highResult?.get())?.sequence == 200, "round \(round): 200 was not published")
            if case .failure(let error) = runs[round % 2 == 0 ? 1 : 0].result {
                #expect(
                    error as? GamePackError
                        == .sequenceNotIncreasing(
                            channel: "gohike-amsterdam/production", current: 200, offered: 100))
            }
        }
    }

    @Test(
        "issue 27: a disk that fills while the pack's files are written is an I/O error naming the file, not a refused pack",
        SmallFilesystem.required)
    func fullDiskIsAnIOError() throws {
        let temp = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
        // 4 MiB that deflate to a few KiB: the pack fits the 1 MiB disk, its file does not.
        let large = Data(String(repeating: "a walk along the canals; ", count: 4 << 20 / 25).utf8)
        let manifest = PackManifest(
            project: "gohike-amsterdam", name: "Full", version: "1", versions: [:], sequence: 1,
            created: "2026-01-01T00:00:00Z", locales: ["en"], targets: ["canonical"],
            files: [
                PackManifest.File(
                    path: "canonical/walks.json", size: Int64(large.count), sha256: Digest.sha256Hex(large),
                    md5: Digest.md5Hex(large))
            ])
        let pack = temp.url.appendingPathComponent("full.gamepack")
        try PackArchive.write(
            manifest: manifest, entries: [.init(path: "canonical/walks.json", source: .data(large), compress: true)],
            modificationDate: Self.now, to: pack)
        let signature = temp.url.appendingPathComponent("full.gamepack.minisig")
        try Data(try Minisign.sign(fileAt: pack, with: key, trustedComment: "test").fileContents.utf8).write(to: signature)

        let disk = try SmallFilesystem(bytes: 1 << 20)
        #expect {
            try StaticPublisher(root: disk.url).publish(
                packAt: pack, signatureAt: signature, channel: "production", key: key, expires: nil, now: Self.now)
        } throws: { error in
            guard case GamePackError.io(let path, let reason) = error else { return false }
            return path.hasSuffix(PublishLayout.file(sha256: Digest.sha256Hex(large))) && !reason.contains("gamepack archive")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: disk.url.appendingPathComponent(
                    PublishLayout.channelPointer(project: "gohike-amsterdam", channel: "production")
                ).path))
    }
}
