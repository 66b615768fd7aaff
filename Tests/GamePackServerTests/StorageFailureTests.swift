import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GamePackServer

/// Issue 27: a full disk while a pack is extracted is a storage failure (507), not a bad pack
/// (422), and a failed blob write leaves no partial file in `tmp/`. The disk is a real tmpfs
/// that fills up.
@Suite("Server storage failures", .serialized, SmallFilesystem.required)
struct StorageFailureTests {
    /// 4 MiB of text that deflates to a few KiB: the upload fits the disk, its extraction does not.
    static let large = Data(String(repeating: "a walk along the canals; ", count: 4 << 20 / 25).utf8)

    /// A server whose data directory is a 1 MiB tmpfs (the store lives elsewhere).
    static func server(data: URL, store: StoreFixture, packs: TestPacks) throws -> ContentServer {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return try ContentServer(
            configuration: ServerConfiguration(
                dataDirectory: data, store: store.location, trustedKeys: [packs.key.publicKey], uploadLimit: 64 << 20,
                legacyCacheSeconds: 0),
            store: store.store, logger: logger)
    }

    @Test(
        "a disk that fills while a pack's files are extracted answers 507 naming the file, and leaves nothing in tmp/",
        arguments: ["big.bin", "big.json"])
    func fullDiskDuringExtraction(name: String) async throws {
        let disk = try SmallFilesystem(bytes: 1 << 20)
        let storeFixture = try await StoreFixture.make(.sqlite)
        let packs = try TestPacks()
        defer { packs.remove() }
        let server = try Self.server(data: disk.url, store: storeFixture, packs: packs)
        let (token, stored) = UploadTokens.create()
        try await storeFixture.store.insertToken(stored)
        let pack = try packs.make(sequence: 1, name: "Full", extra: ["assets/\(name)": Self.large], compressExtra: true)
        #expect(pack.size < 256 << 10, "the pack itself must fit the disk (\(pack.size) bytes)")

        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = Application(router: server.makeRouter(), logger: logger)
        try await app.test(.router) { client in
            var fields: HTTPFields = [.authorization: "Bearer \(token)"]
            fields[HTTPField.Name("Gamepack-Signature")!] = Data(pack.signature.utf8).base64EncodedString()
            let response = try await client.execute(
                uri: "/v1/packs/\(pack.sha256).gamepack", method: .put, headers: fields,
                body: ByteBuffer(bytes: try Data(contentsOf: pack.url)))
            let text = String(buffer: response.body)
            let error = try? JSONDecoder().decode(APIErrorBody.self, from: Data(buffer: response.body)).error
            #expect(response.status.code == 507, "\(response.status): \(text)")
            #expect(error?.code == "storage", "\(text)")
            #expect(error?.message.contains("No space left on device") == true, "\(text)")
            #expect(error?.message.contains("assets/\(name)") == true, "\(text)")
            #expect(!text.contains("not a readable gamepack archive"), "\(text)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.url.appendingPathComponent("tmp").path)
        #expect(left.isEmpty, "partial files left in tmp/: \(left)")
        #expect(try await storeFixture.store.pack(sha256: pack.sha256) == nil)
        await storeFixture.tearDown()
    }

    @Test("a blob write that fails removes its partial file at once and throws 507")
    func failedBlobWriteLeavesNoPartialFile() async throws {
        let disk = try SmallFilesystem(bytes: 256 << 10)
        let blobs = FolderBlobStore(root: disk.url)
        try blobs.prepare()
        let data = Data(repeating: 7, count: 1 << 20)
        await #expect {
            try await blobs.store(data, at: PublishLayout.file(sha256: Digest.sha256Hex(data)))
        } throws: { error in
            guard let error = error as? ServerError else { return false }
            return error.status.code == 507 && error.message.contains("No space left on device")
        }
        let tmp = try FileManager.default.contentsOfDirectory(atPath: disk.url.appendingPathComponent("tmp").path)
        #expect(tmp.isEmpty, "a failed write left \(tmp) in tmp/")
        #expect(!blobs.exists(PublishLayout.file(sha256: Digest.sha256Hex(data))))
        // The space is back: a small blob fits again.
        try await blobs.store(Data("small".utf8), at: PublishLayout.file(sha256: Digest.sha256Hex(Data("small".utf8))))

        // A full disk under the gzip copy: the same.
        let fillerPath = disk.url.appendingPathComponent("filler").path
        #expect(FileManager.default.createFile(atPath: fillerPath, contents: nil))
        let filler = try #require(FileHandle(forWritingAtPath: fillerPath))
        while (try? filler.write(contentsOf: Data(count: 4_096))) != nil {}
        try? filler.close()
        let text = Data(String(repeating: "{\"name\": \"Green Trail\"}, ", count: 60_000).utf8)
        await #expect(throws: ServerError.self) { try await blobs.storeGzip(of: text, sha256: Digest.sha256Hex(text)) }
        let afterGzip = try FileManager.default.contentsOfDirectory(atPath: disk.url.appendingPathComponent("tmp").path)
        #expect(afterGzip.isEmpty, "a failed gzip write left \(afterGzip) in tmp/")
    }
}
