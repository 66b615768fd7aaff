import Foundation
import GamePackFormat
import Testing

@Suite("Channel pointers")
struct ChannelPointerTests {
    static let pointer = ChannelPointer(
        project: "gohike-amsterdam", channel: "production", sequence: 7, version: "924a3f1502d5c7d86f710878d9a3044f",
        pack: String(repeating: "ab", count: 32), size: 1234, manifest: String(repeating: "0f", count: 32),
        created: "2026-11-22T07:30:00Z", expires: "2026-12-22T07:30:00Z")

    @Test("a pointer encodes to stable, key-sorted bytes and decodes back")
    func roundTrip() throws {
        let data = try Self.pointer.encoded()
        #expect(try ChannelPointer.decode(data) == Self.pointer)
        #expect(try Self.pointer.encoded() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"channel\" : \"production\",\n  \"created\""))
        #expect(text.hasSuffix("}\n"))
    }

    @Test("a signed pointer verifies with its key and not with another, nor after a change")
    func signature() throws {
        let key = MinisignSecretKey.generate()
        let data = try Self.pointer.encoded()
        let signature = try Minisign.sign(data, with: key, trustedComment: "pointer gohike-amsterdam/production 7")
        try Minisign.verify(data, signature: signature, publicKey: key.publicKey)
        #expect(throws: SignatureError.self) {
            try Minisign.verify(data, signature: signature, publicKey: MinisignSecretKey.generate().publicKey)
        }
        var raised = Self.pointer
        raised.sequence = 8
        #expect(throws: SignatureError.self) {
            try Minisign.verify(try raised.encoded(), signature: signature, publicKey: key.publicKey)
        }
    }

    @Test("expiry is checked against the given instant")
    func expiry() throws {
        let before = try #require(ChannelPointer.parseTime("2026-12-22T07:29:59Z"))
        let after = try #require(ChannelPointer.parseTime("2026-12-22T07:30:00Z"))
        #expect(!Self.pointer.isExpired(at: before))
        #expect(Self.pointer.isExpired(at: after))
        var forever = Self.pointer
        forever.expires = nil
        #expect(!forever.isExpired(at: .distantFuture))
        #expect(ChannelPointer.formatTime(after) == "2026-12-22T07:30:00Z")
    }

    @Test(
        "unsafe or malformed pointers are refused",
        arguments: [
            #"{"format":1}"#,
            #"not json"#,
        ]
            + [
                ("project", "\"../etc\""), ("channel", "\"a/b\""), ("pack", "\"ABC\""), ("manifest", "\"\""),
                ("sequence", "-1"), ("created", "\"yesterday\""), ("expires", "\"soon\""), ("format", "3"),
            ].map { key, value in
                var object = try! JSONSerialization.jsonObject(with: try! ChannelPointerTests.pointer.encoded()) as! [String: Any]
                object[key] = try! JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
                return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            })
    func refused(json: String) {
        #expect(throws: ChannelPointerError.self) { try ChannelPointer.decode(Data(json.utf8)) }
    }

    @Test("layout paths are the documented ones")
    func layout() {
        let hash = String(repeating: "ab", count: 32)
        #expect(PublishLayout.channelPointer(project: "p", channel: "c") == "v1/channels/p/c.json")
        #expect(PublishLayout.channelSignature(project: "p", channel: "c") == "v1/channels/p/c.json.minisig")
        #expect(PublishLayout.pack(sha256: hash) == "v1/packs/\(hash).gamepack")
        #expect(PublishLayout.packSignature(sha256: hash) == "v1/packs/\(hash).gamepack.minisig")
        #expect(PublishLayout.manifest(packSHA256: hash) == "v1/packs/\(hash).manifest.json")
        #expect(PublishLayout.file(sha256: hash) == "v1/files/\(hash)")
    }
}
