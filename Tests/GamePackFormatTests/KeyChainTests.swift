import Foundation
import GamePackFormat
import Testing

@Suite("Key sets and their chain")
struct KeyChainTests {
    static let project = "gohike-amsterdam"
    static let created = "2026-11-22T07:30:00Z"
    static let now = ChannelPointer.parseTime("2026-11-26T12:00:00Z")!

    /// Keys A, B, C and the sets A→B (1: [B], signed by A) and B→C (2: [C], signed by B).
    struct Rotation {
        let a = MinisignSecretKey.generate()
        let b = MinisignSecretKey.generate()
        let c = MinisignSecretKey.generate()

        func set(_ version: Int, _ keys: [MinisignSecretKey], project: String = KeyChainTests.project) -> KeySet {
            KeySet(project: project, version: version, created: KeyChainTests.created, keys: keys.map { .init($0.publicKey) })
        }

        func chain() throws -> [SignedKeySet] {
            [try SignedKeySet.sign(set(1, [b]), with: a), try SignedKeySet.sign(set(2, [c]), with: b)]
        }

        func shipped() -> KeyChain { KeyChain(project: KeyChainTests.project, trustedKeys: [a.publicKey]) }
    }

    /// The reason of a refusal, or nil when `body` did not throw one.
    static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch KeySetError.refused(_, let reason) {
            return reason
        } catch {
            return "unexpected \(error)"
        }
        return nil
    }

    @Test("a key set encodes to stable, key-sorted bytes and decodes back")
    func roundTrip() throws {
        let key = MinisignSecretKey.generate().publicKey
        let set = KeySet(
            project: Self.project, version: 3, created: Self.created, keys: [.init(key, expires: "2027-01-01T00:00:00Z")])
        let data = try set.encoded()
        #expect(try KeySet.decode(data) == set)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"created\" : \"2026-11-22T07:30:00Z\",\n  \"format\" : 1,\n  \"keys\" : ["))
        #expect(text.contains("\"id\" : \"\(key.keyIDHex)\""))
        #expect(text.contains("\"publicKey\" : \"\(key.base64)\""))
        #expect(text.hasSuffix("}\n"))
    }

    @Test("decoding refuses bad sets, saying why")
    func invalidSets() throws {
        let a = MinisignSecretKey.generate().publicKey, b = MinisignSecretKey.generate().publicKey
        func reason(_ set: KeySet) -> String? {
            do {
                _ = try KeySet.decode(try set.encoded())
            } catch let error as KeySetError {
                return error.description
            } catch {
                return "\(error)"
            }
            return nil
        }
        let good = KeySet(project: Self.project, version: 1, created: Self.created, keys: [.init(a)])
        #expect(reason(good) == nil)
        var set = good
        set.format = 2
        #expect(reason(set)?.contains("format 2") == true)
        set = good
        set.project = "../etc"
        #expect(reason(set)?.contains("not a safe name") == true)
        set = good
        set.version = 0
        #expect(reason(set)?.contains("below 1") == true)
        set = good
        set.keys = []
        #expect(reason(set)?.contains("at least one") == true)
        set = good
        set.keys = [.init(a), .init(a)]
        #expect(reason(set)?.contains("listed twice") == true)
        set = good
        set.keys = [.init(id: a.keyIDHex, publicKey: b.base64)]
        #expect(reason(set)?.contains("has the public key of \(b.keyIDHex)") == true)
        set = good
        set.created = "yesterday"
        #expect(reason(set)?.contains("created") == true)
        set = good
        set.keys = [.init(a, expires: "soon")]
        #expect(reason(set)?.contains("expires") == true)
    }

    @Test("the chain A→B→C is followed from the shipped key A to C")
    func followsRotations() throws {
        let keys = Rotation()
        let chain = try KeyChain.verify(
            project: Self.project, trustedKeys: [keys.a.publicKey], sets: try keys.chain(), now: Self.now)
        #expect(chain.version == 2)
        #expect(chain.keys.map(\.id) == [keys.c.publicKey.keyIDHex])
        #expect(chain.removed == [keys.a.publicKey.keyIDHex: 1, keys.b.publicKey.keyIDHex: 2])
        let byC = try Minisign.sign(Data("x".utf8), with: keys.c, trustedComment: "t")
        #expect(try chain.signingKey(for: byC, at: Self.now) == keys.c.publicKey)
        let byA = try Minisign.sign(Data("x".utf8), with: keys.a, trustedComment: "t")
        #expect(throws: KeySetError.self) { try chain.signingKey(for: byA, at: Self.now) }
        do {
            _ = try chain.signingKey(for: byA, at: Self.now)
        } catch {
            #expect("\(error)".contains("was removed by key set 1"))
        }
    }

    @Test("an unsigned set, or one signed by an unknown key, is refused and the chain stays")
    func unsignedAndUnknown() throws {
        let keys = Rotation()
        var chain = keys.shipped()
        let set = keys.set(1, [keys.b])
        let unsigned = SignedKeySet(set: set, bytes: try set.encoded(), signature: "")
        #expect(Self.refusal { try chain.apply(unsigned, now: Self.now) }?.contains("no valid minisign signature") == true)
        let byStranger = try SignedKeySet.sign(set, with: MinisignSecretKey.generate())
        let reason = Self.refusal { try chain.apply(byStranger, now: Self.now) }
        #expect(reason?.contains("which is not in the trusted keys (version 0)") == true)
        #expect(reason?.contains("gamepack keys rotate --old") == true)
        #expect(chain == keys.shipped())
        var tampered = try SignedKeySet.sign(set, with: keys.a)
        tampered.bytes.append(0x20)
        #expect(Self.refusal { try chain.apply(tampered, now: Self.now) }?.contains("does not verify") == true)
    }

    @Test("a set signed by a removed key is refused")
    func removedSigner() throws {
        let keys = Rotation()
        var chain = try KeyChain.verify(
            project: Self.project, trustedKeys: [keys.a.publicKey], sets: try keys.chain(), now: Self.now)
        let forged = try SignedKeySet.sign(keys.set(3, [keys.b]), with: keys.a)
        let reason = Self.refusal { try chain.apply(forged, now: Self.now) }
        #expect(reason?.contains("signed by key \(keys.a.publicKey.keyIDHex), which key set 1 removed") == true)
        #expect(chain.version == 2)
    }

    @Test("a version gap and another project's set are refused")
    func gapAndProject() throws {
        let keys = Rotation()
        var chain = keys.shipped()
        let skipped = try SignedKeySet.sign(keys.set(2, [keys.b]), with: keys.a)
        #expect(Self.refusal { try chain.apply(skipped, now: Self.now) }?.contains("does not follow version 0") == true)
        let other = try SignedKeySet.sign(keys.set(1, [keys.b], project: "other"), with: keys.a)
        #expect(Self.refusal { try chain.apply(other, now: Self.now) }?.contains("for project other") == true)
        #expect(chain.version == 0)
    }

    @Test("re-adding a removed key is refused as a cycle")
    func cycle() throws {
        let keys = Rotation()
        var chain = try KeyChain.verify(
            project: Self.project, trustedKeys: [keys.a.publicKey], sets: try keys.chain(), now: Self.now)
        let back = try SignedKeySet.sign(keys.set(3, [keys.c, keys.a]), with: keys.c)
        let reason = Self.refusal { try chain.apply(back, now: Self.now) }
        #expect(reason?.contains("adds key \(keys.a.publicKey.keyIDHex) again, which key set 1 removed") == true)
        #expect(reason?.contains("cycle") == true)
    }

    @Test("a set signed by a key expired in the previous set is refused; without a clock it is re-verified")
    func expiredSigner() throws {
        let keys = Rotation()
        var first = keys.set(1, [keys.b])
        first.keys.append(.init(keys.a.publicKey, expires: "2026-11-25T00:00:00Z"))
        let sets = [
            try SignedKeySet.sign(first, with: keys.a), try SignedKeySet.sign(keys.set(2, [keys.c]), with: keys.a),
        ]
        var chain = keys.shipped()
        try chain.apply(sets[0], now: Self.now)
        let reason = Self.refusal { try chain.apply(sets[1], now: Self.now) }
        #expect(reason?.contains("expired at 2026-11-25T00:00:00Z") == true)
        let before = ChannelPointer.parseTime("2026-11-24T00:00:00Z")!
        try chain.apply(sets[1], now: before)
        #expect(chain.version == 2)
        let reloaded = try KeyChain.verify(project: Self.project, trustedKeys: [keys.a.publicKey], sets: sets, now: nil)
        #expect(reloaded == chain)
    }

    @Test("an app built after a rotation starts from the set it pins")
    func startsAtPinnedVersion() throws {
        let keys = Rotation()
        let sets = try keys.chain()
        var chain = KeyChain(project: Self.project, trustedKeys: [keys.b.publicKey], version: 1)
        try chain.apply(sets[1], now: Self.now)
        #expect(chain.version == 2)
    }

    @Test("a folder of sets loads in order and refuses a gap or a missing signature")
    func folder() throws {
        let keys = Rotation()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keysets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try KeySetFolder.load(folder).isEmpty)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sets = try keys.chain()
        for signed in sets {
            let url = folder.appendingPathComponent(KeySetFolder.fileName(version: signed.set.version))
            try signed.bytes.write(to: url)
            try Data(signed.signature.utf8).write(to: url.appendingPathExtension("minisig"))
        }
        #expect(try KeySetFolder.load(folder) == sets)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("2.json.minisig"))
        #expect(throws: KeySetError.self) { try KeySetFolder.load(folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("1.json"))
        #expect(throws: KeySetError.self) { try KeySetFolder.load(folder) }
    }

    @Test("the layout puts key sets under v1/keys/<project>/")
    func layout() {
        #expect(PublishLayout.keySet(project: "p", version: 3) == "v1/keys/p/3.json")
        #expect(PublishLayout.keySetSignature(project: "p", version: 3) == "v1/keys/p/3.json.minisig")
    }
}
