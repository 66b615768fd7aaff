import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Testing

@testable import GamePackServer

/// Issue 33: moving a folder store into PostgreSQL, and collecting garbage safely.
@Suite("Blob maintenance: migrate a folder, gc", .serialized, .tags(.postgres), .requires(.postgres))
struct BlobMaintenanceTests {
    @Test("a published folder store moves into PostgreSQL, once; a tampered file is refused by name")
    func migrateFolder() async throws {
        let folderServer = try await ServerFixture(.sqlite)
        let asset = PostgresBlobFixture.random(1_500_000)
        let pack = try folderServer.packs.make(sequence: 1, name: "Folder", extra: ["assets/big.bin": asset])
        try await folderServer.test { client in
            let uploaded = try await folderServer.upload(client, pack)
            #expect(uploaded.status == .created)
        }
        let folder = FolderBlobStore(root: folderServer.data)
        #expect(FileManager.default.fileExists(atPath: folder.url(PublishLayout.pack(sha256: pack.sha256)).path))
        let fixture = try await PostgresBlobFixture()

        let first = try await fixture.blobs.importFolder(folder)
        #expect(first.refused.isEmpty)
        // The pack, its signature and manifest, two files.
        #expect(first.imported == 5, "\(first)")
        #expect(first.gzipCopies >= 1, "the content file's gzip copy is made again")
        #expect(try await fixture.blobs.data(PublishLayout.pack(sha256: pack.sha256)) == (try Data(contentsOf: pack.url)))
        #expect(try await fixture.blobs.data(PublishLayout.file(sha256: Digest.sha256Hex(asset))) == asset)

        let again = try await fixture.blobs.importFolder(folder)
        #expect(again.imported == 0 && again.present == 5, "idempotent: \(again)")

        let forged = PublishLayout.file(sha256: Digest.sha256Hex(Data("the real bytes".utf8)))
        try Data("other bytes".utf8).write(to: folder.url(forged))
        let tampered = try await fixture.blobs.importFolder(folder)
        #expect(tampered.refused.map(\.path) == [forged])
        #expect(try await !fixture.blobs.exists(forged), "a refused file is not imported")
        await fixture.tearDown()
        await folderServer.tearDown()
    }

    @Test("gc removes an old unreferenced pack's blobs, keeps the channel's, and keeps an upload in progress")
    func collect() async throws {
        let server = try await ServerFixture(.postgres)
        let kept = try server.packs.make(
            sequence: 1, name: "On the channel", extra: ["assets/a.bin": PostgresBlobFixture.random(1_200_000)])
        let dropped = try server.packs.make(
            sequence: 2, name: "Never published", extra: ["assets/b.bin": PostgresBlobFixture.random(1_300_000)])
        try await server.test { client in
            let first = try await server.upload(client, kept)
            let second = try await server.upload(client, dropped)
            let pointer = try await server.putPointer(client, try server.packs.pointer(kept, channel: "production"))
            #expect(first.status == .created && second.status == .created && pointer.status == .created)
        }
        let database = server.storeFixture.store as! PostgresStore
        let blobs = try #require(server.server.blobs as? PostgresBlobStore)
        try await database.client.query("UPDATE blobs SET touched = now() - interval '10 days'")
        try await database.client.query("UPDATE blob_chunks SET touched = now() - interval '10 days'")
        try await database.client.query("UPDATE packs SET uploaded = '2020-01-01T00:00:00Z'")

        let dry = try await blobs.collectGarbage(retention: 7 * 86_400, dryRun: true)
        #expect(dry.blobs.contains(PublishLayout.pack(sha256: dropped.sha256)))
        #expect(try await blobs.exists(PublishLayout.pack(sha256: dropped.sha256)), "a dry run removes nothing")
        try await database.client.query("UPDATE blobs SET touched = now() - interval '10 days'")

        let inProgress = PostgresBlobFixture.random(1_100_000)
        let inProgressPath = PublishLayout.file(sha256: Digest.sha256Hex(inProgress))
        let result = try await blobs.whileUploading {
            try await blobs.store(inProgress, at: inProgressPath)
            // Even a retention of 0 keeps what a running upload wrote.
            return try await blobs.collectGarbage(retention: 0, dryRun: false)
        }
        #expect(result.blobs.contains(PublishLayout.pack(sha256: dropped.sha256)))
        #expect(
            result.blobs.contains(PublishLayout.file(sha256: dropped.manifest.files.first { $0.path == "assets/b.bin" }!.sha256)))
        #expect(result.packs == [dropped.sha256])
        #expect(result.chunks >= 3, "the dropped pack's chunks went: \(result)")
        #expect(try await blobs.exists(inProgressPath), "the upload in progress kept its blob")
        #expect(try await database.pack(sha256: dropped.sha256) == nil)
        for file in kept.manifest.files {
            #expect(
                try await blobs.data(PublishLayout.file(sha256: file.sha256)) != nil, "\(file.path) of the channel's pack is kept"
            )
        }
        #expect(try await blobs.data(PublishLayout.pack(sha256: kept.sha256)) == (try Data(contentsOf: kept.url)))
        #expect(try await blobs.verify(rehash: true).isEmpty, "nothing the kept blobs need went")
        await server.tearDown()
    }
}
