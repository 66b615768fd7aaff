import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@Suite("Minisign keys and signatures")
struct MinisignTests {
    static let trustedComment = "timestamp:1700000000\tfile:gohike-1.gamepack\tproject:gohike café ✓"

    // MARK: gamepack alone

    @Test("a signature made by gamepack verifies with the matching public key, from data and from a file")
    func roundTrip() throws {
        let key = MinisignSecretKey.generate()
        let data = BLAKE2bTests.bytes(5000, seed: 7)
        let signature = try Minisign.sign(data, with: key, trustedComment: Self.trustedComment)
        #expect(signature.algorithm == .prehashed)
        #expect(signature.keyID == key.keyID)
        #expect(signature.trustedComment == Self.trustedComment)
        #expect(signature.untrustedComment == "signature from gamepack secret key")
        try Minisign.verify(data, signature: signature, publicKey: key.publicKey)

        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("pack.gamepack")
        try data.write(to: file)
        let fromFile = try Minisign.sign(fileAt: file, with: key, trustedComment: Self.trustedComment)
        #expect(fromFile.signature == signature.signature, "Ed25519 is deterministic over the same BLAKE2b-512")
        try Minisign.verify(fileAt: file, signature: fromFile, publicKey: key.publicKey)

        // Through the files: signature, public key and secret key read back what was written.
        let reread = try MinisignSignature(fileContents: fromFile.fileContents)
        #expect(reread == fromFile)
        let publicKey = try MinisignPublicKey(fileContents: key.publicKey.fileContents)
        #expect(publicKey == key.publicKey)
        let secretKey = try MinisignSecretKey(fileContents: key.fileContents)
        #expect(secretKey.publicKey == key.publicKey)
        try Minisign.verify(fileAt: file, signature: reread, publicKey: publicKey)
        try Minisign.verify(data, signature: try Minisign.sign(data, with: secretKey, trustedComment: "x"), publicKey: publicKey)
    }

    @Test("the file formats have minisign's exact layout")
    func layouts() throws {
        let key = MinisignSecretKey.generate()
        let pub = key.publicKey.fileContents.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(pub.count == 3 && pub[2].isEmpty)
        #expect(pub[0] == "untrusted comment: minisign public key \(key.publicKey.keyIDHex)")
        #expect(key.publicKey.keyIDHex.count == 16)
        #expect(key.publicKey.keyIDHex == key.publicKey.keyIDHex.uppercased())
        #expect(key.publicKey.keyIDHex == hex(key.keyID.reversed()).uppercased(), "the id is printed as a little-endian number")
        #expect(Data(base64Encoded: String(pub[1]))?.count == 42)
        #expect(Data(base64Encoded: String(pub[1]))?.prefix(2) == Data("Ed".utf8))
        // The base64 line alone is a public key too (what `minisign -P` takes).
        #expect(try MinisignPublicKey(fileContents: key.publicKey.base64) == key.publicKey)

        let sec = key.fileContents.split(separator: "\n")
        let secretBytes = try #require(Data(base64Encoded: String(sec[1])))
        #expect(secretBytes.count == 158)
        #expect(Array(secretBytes.prefix(6)) == Array("Ed".utf8) + [0, 0] + Array("B2".utf8))
        #expect(secretBytes[6..<54].allSatisfy { $0 == 0 }, "no key derivation parameters without a password")
        #expect(Array(secretBytes[54..<62]) == key.keyID)
        let checksum = BLAKE2b.hash(Data(Array("Ed".utf8)) + secretBytes[54..<126], outputByteCount: 32)
        #expect(Array(secretBytes[126..<158]) == checksum, "BLAKE2b-256 of algorithm, key id and secret key")

        let signature = try Minisign.sign(Data("hello".utf8), with: key, trustedComment: "tc", untrustedComment: "uc")
        #expect(
            signature.fileContents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "untrusted comment: uc",
                Data(Array("ED".utf8) + key.keyID + signature.signature).base64EncodedString(),
                "trusted comment: tc",
                Data(signature.globalSignature).base64EncodedString(),
                "",
            ])
    }

    @Test("changing one byte of the file makes verification fail: the file does not match")
    func tamperedFile() throws {
        let key = MinisignSecretKey.generate()
        var data = BLAKE2bTests.bytes(300, seed: 3)
        let signature = try Minisign.sign(data, with: key, trustedComment: Self.trustedComment)
        data[150] ^= 0x01
        #expect(throws: SignatureError.signatureMismatch) {
            try Minisign.verify(data, signature: signature, publicKey: key.publicKey)
        }
        #expect(SignatureError.signatureMismatch.description == "the file does not match its signature (changed or corrupted)")
    }

    @Test("changing one byte of the signature makes verification fail")
    func tamperedSignature() throws {
        let key = MinisignSecretKey.generate()
        let data = Data("content".utf8)
        var signature = try Minisign.sign(data, with: key, trustedComment: Self.trustedComment)
        signature.signature[20] ^= 0x80
        let reread = try MinisignSignature(fileContents: signature.fileContents)
        #expect(throws: SignatureError.signatureMismatch) {
            try Minisign.verify(data, signature: reread, publicKey: key.publicKey)
        }
    }

    @Test("changing the trusted comment or the global signature is caught; the untrusted comment is free")
    func tamperedTrustedComment() throws {
        let key = MinisignSecretKey.generate()
        let data = Data("content".utf8)
        let signature = try Minisign.sign(data, with: key, trustedComment: Self.trustedComment)
        let text = signature.fileContents
        let tampered = try MinisignSignature(
            fileContents: text.replacingOccurrences(of: "timestamp:1700000000", with: "timestamp:1700000001"))
        #expect(throws: SignatureError.trustedCommentTampered) {
            try Minisign.verify(data, signature: tampered, publicKey: key.publicKey)
        }
        var badGlobal = signature
        badGlobal.globalSignature[0] ^= 0x01
        #expect(throws: SignatureError.trustedCommentTampered) {
            try Minisign.verify(data, signature: badGlobal, publicKey: key.publicKey)
        }
        let relabeled = try MinisignSignature(
            fileContents: text.replacingOccurrences(of: "signature from gamepack secret key", with: "anything"))
        #expect(relabeled.untrustedComment == "anything")
        try Minisign.verify(data, signature: relabeled, publicKey: key.publicKey)
    }

    @Test("a signature from another key fails with both key ids named")
    func wrongKey() throws {
        let signer = MinisignSecretKey.generate()
        let other = MinisignSecretKey.generate()
        let data = Data("content".utf8)
        let signature = try Minisign.sign(data, with: signer, trustedComment: "tc")
        let expected = SignatureError.wrongKey(signatureKeyID: signer.keyIDHex, publicKeyID: other.keyIDHex)
        #expect(throws: expected) { try Minisign.verify(data, signature: signature, publicKey: other.publicKey) }
        #expect(expected.description.contains(signer.keyIDHex) && expected.description.contains(other.keyIDHex))
        // Same key id, other key: the signature itself does not verify.
        let impostor = MinisignPublicKey(keyID: signer.keyID, ed25519Key: other.ed25519Key.publicKey)
        #expect(throws: SignatureError.signatureMismatch) {
            try Minisign.verify(data, signature: signature, publicKey: impostor)
        }
    }

    @Test("a missing file is reported with its path and the reason")
    func unreadableFile() throws {
        let key = MinisignSecretKey.generate()
        let folder = try TemporaryDirectory()
        let missing = folder.url.appendingPathComponent("missing.gamepack")
        let expected = SignatureError.unreadableFile(path: missing.path, reason: "No such file or directory")
        #expect(throws: expected) { try Minisign.sign(fileAt: missing, with: key, trustedComment: "tc") }
        let signature = try Minisign.sign(Data(), with: key, trustedComment: "tc")
        #expect(throws: expected) { try Minisign.verify(fileAt: missing, signature: signature, publicKey: key.publicKey) }
        #expect(expected.description == "cannot read \(missing.path): No such file or directory")
    }

    @Test("comments that would break the signature file are refused")
    func invalidComments() throws {
        let key = MinisignSecretKey.generate()
        for (trusted, untrusted) in [
            ("a\nb", "u"), ("t", "a\r\nb"), ("a\u{0}b", "u"), (String(repeating: "x", count: 8174), "u"),
        ] {
            #expect(throws: SignatureError.self) {
                try Minisign.sign(Data(), with: key, trustedComment: trusted, untrustedComment: untrusted)
            }
        }
        _ = try Minisign.sign(Data(), with: key, trustedComment: String(repeating: "x", count: 8173))
    }

    @Test("malformed key and signature files give errors saying what is wrong")
    func malformed() throws {
        let key = MinisignSecretKey.generate()
        let signature = try Minisign.sign(Data(), with: key, trustedComment: "tc")
        let lines = signature.fileContents.split(separator: "\n").map(String.init)

        #expect(throws: SignatureError.malformed(.publicKey, problem: "the file is empty")) {
            try MinisignPublicKey(fileContents: "")
        }
        #expect(throws: SignatureError.self) { try MinisignPublicKey(fileContents: "untrusted comment: x\nnot base64!\n") }
        #expect(throws: SignatureError.self) { try MinisignPublicKey(fileContents: "untrusted comment: x\nRWQ=\n") }
        let wrongAlgorithm = Data(Array("Xy".utf8) + key.keyID + Array(key.ed25519Key.publicKey.rawRepresentation))
        #expect(throws: SignatureError.unsupportedAlgorithm(.publicKey, algorithm: "Xy")) {
            try MinisignPublicKey(fileContents: wrongAlgorithm.base64EncodedString())
        }
        #expect(throws: SignatureError.self) { try MinisignSignature(fileContents: lines[0...2].joined(separator: "\n")) }
        #expect(throws: SignatureError.self) {
            try MinisignSignature(fileContents: ([lines[0], lines[1], "comment: tc", lines[3]]).joined(separator: "\n"))
        }
        let unknownSignature = Data(Array("Ex".utf8) + key.keyID + signature.signature).base64EncodedString()
        #expect(throws: SignatureError.unsupportedAlgorithm(.signature, algorithm: "Ex")) {
            try MinisignSignature(fileContents: [lines[0], unknownSignature, lines[2], lines[3]].joined(separator: "\n"))
        }
        // CRLF line endings read the same as LF.
        #expect(try MinisignSignature(fileContents: lines.joined(separator: "\r\n") + "\r\n") == signature)
    }

    @Test("secret key files with a wrong checksum or corrupted key bytes are refused")
    func secretKeyChecksum() throws {
        let key = MinisignSecretKey.generate()
        let lines = key.fileContents.split(separator: "\n").map(String.init)
        let bytes = try #require(Data(base64Encoded: lines[1]))
        for (index, name) in [(140, "checksum"), (70, "seed"), (110, "embedded public key"), (56, "key id")] {
            var corrupted = bytes
            corrupted[index] ^= 0x01
            #expect(throws: SignatureError.badChecksum, "\(name)") {
                try MinisignSecretKey(fileContents: lines[0] + "\n" + corrupted.base64EncodedString() + "\n")
            }
        }
        // A blank checksum (minisign 0.11's `-G -W`) is accepted when the key bytes are consistent.
        var blank = bytes
        blank.replaceSubrange(126..<158, with: [UInt8](repeating: 0, count: 32))
        let reread = try MinisignSecretKey(fileContents: blank.base64EncodedString())
        #expect(reread.publicKey == key.publicKey)
    }

    @Test("an encrypted secret key is refused with advice to create an unencrypted one")
    func encryptedKeyHeader() throws {
        let key = MinisignSecretKey.generate()
        let lines = key.fileContents.split(separator: "\n").map(String.init)
        var bytes = try #require(Data(base64Encoded: lines[1]))
        bytes.replaceSubrange(2..<4, with: Array("Sc".utf8))
        #expect(throws: SignatureError.encryptedSecretKey) {
            try MinisignSecretKey(
                fileContents: "untrusted comment: minisign encrypted secret key\n\(bytes.base64EncodedString())\n")
        }
        let message = SignatureError.encryptedSecretKey.description
        #expect(message.contains("minisign -G -W") && message.contains("gamepack keygen"))
    }

    @Test("the secret key never shows in descriptions, debug output or dumps")
    func secretStaysSecret() throws {
        let key = MinisignSecretKey.generate()
        let seed = key.ed25519Key.rawRepresentation
        let secretLine = String(key.fileContents.split(separator: "\n")[1])
        var dumped = ""
        dump(key, to: &dumped)
        for text in [String(describing: key), String(reflecting: key), "\(key)", dumped] {
            #expect(text.contains(key.keyIDHex))
            #expect(!text.contains(hex(seed)) && !text.contains(hex(seed).uppercased()))
            #expect(!text.contains(seed.base64EncodedString()) && !text.contains(secretLine))
            #expect(!text.contains(String(secretLine.dropFirst(80).prefix(20))))
        }
    }

    // MARK: against the real minisign

    @Test("stock `minisign -V` accepts gamepack's signature of a multi-chunk file", .tags(.minisign), .requires(.minisign))
    func minisignVerifiesGamepack() throws {
        let minisign = try Self.minisign()
        let folder = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
        let file = folder.url.appendingPathComponent("gohike-1.gamepack")
        try BLAKE2bTests.bytes(3 * (1 << 20) + 5, seed: 11).write(to: file)
        let signature = try Minisign.sign(fileAt: file, with: key, trustedComment: Self.trustedComment)
        try folder.write(signature.fileContents, to: "gohike-1.gamepack.minisig")
        try folder.write(key.publicKey.fileContents, to: "key.pub")

        let result = try CommandRunner.run(minisign, ["-V", "-H", "-m", file.path, "-p", "key.pub"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Trusted comment: \(Self.trustedComment)"))
        // Also given inline as `-P <base64>`.
        let inline = try CommandRunner.run(minisign, ["-Vm", file.path, "-P", key.publicKey.base64, "-q"], in: folder.url)
        #expect(inline.status == 0, "\(inline.stderr)")

        // minisign, too, refuses the file once a byte changes.
        var bytes = try Data(contentsOf: file)
        bytes[2_000_000] ^= 0x01
        try bytes.write(to: file)
        let tampered = try CommandRunner.run(minisign, ["-Vm", file.path, "-p", "key.pub"], in: folder.url)
        #expect(tampered.status != 0)
    }

    @Test(
        "gamepack verifies files signed by `minisign -S` (prehashed) and `minisign -S -l` (legacy)", .tags(.minisign),
        .requires(.minisign))
    func gamepackVerifiesMinisign() throws {
        let minisign = try Self.minisign()
        let folder = try TemporaryDirectory()
        let generated = try CommandRunner.run(minisign, ["-G", "-W", "-p", "key.pub", "-s", "key.sec"], in: folder.url)
        try #require(generated.status == 0, "\(generated.stderr)")
        let publicKeyText = try String(contentsOf: folder.url.appendingPathComponent("key.pub"), encoding: .utf8)
        let publicKey = try MinisignPublicKey(fileContents: publicKeyText)
        #expect(Self.sameKeyFile(publicKey.fileContents, publicKeyText), "gamepack writes the .pub file minisign does")

        let file = folder.url.appendingPathComponent("content.json")
        try BLAKE2bTests.bytes((1 << 20) + 129, seed: 5).write(to: file)
        for (flags, algorithm) in [([String](), MinisignSignature.Algorithm.prehashed), (["-l"], .pure)] {
            let signed = try CommandRunner.run(
                minisign, ["-S"] + flags + ["-s", "key.sec", "-m", file.path, "-x", "sig", "-t", Self.trustedComment],
                in: folder.url)
            try #require(signed.status == 0, "\(signed.stderr)")
            let signature = try MinisignSignature(
                fileContents: String(contentsOf: folder.url.appendingPathComponent("sig"), encoding: .utf8))
            #expect(signature.algorithm == algorithm)
            #expect(signature.trustedComment == Self.trustedComment)
            #expect(signature.untrustedComment == "signature from minisign secret key")
            try Minisign.verify(fileAt: file, signature: signature, publicKey: publicKey)
            try Minisign.verify(try Data(contentsOf: file), signature: signature, publicKey: publicKey)

            var changed = try Data(contentsOf: file)
            changed[changed.count - 1] ^= 0x01
            #expect(throws: SignatureError.signatureMismatch) {
                try Minisign.verify(changed, signature: signature, publicKey: publicKey)
            }
        }
    }

    @Test(
        "secret keys from `minisign -G -W` sign with gamepack, and gamepack's secret keys sign with minisign", .tags(.minisign),
        .requires(.minisign))
    func secretKeysBothWays() throws {
        let minisign = try Self.minisign()
        let folder = try TemporaryDirectory()
        let file = try folder.write("phrases: [Hello, Hallo]\n", to: "phrases.yaml")

        // minisign's key, gamepack's signature, minisign's verification.
        let generated = try CommandRunner.run(minisign, ["-G", "-W", "-p", "m.pub", "-s", "m.sec"], in: folder.url)
        try #require(generated.status == 0, "\(generated.stderr)")
        let minisignKey = try MinisignSecretKey(
            fileContents: String(contentsOf: folder.url.appendingPathComponent("m.sec"), encoding: .utf8))
        let minisignPublic = try MinisignPublicKey(
            fileContents: String(contentsOf: folder.url.appendingPathComponent("m.pub"), encoding: .utf8))
        #expect(minisignKey.publicKey == minisignPublic)
        try folder.write(try Minisign.sign(fileAt: file, with: minisignKey, trustedComment: "a").fileContents, to: "a.minisig")
        let first = try CommandRunner.run(minisign, ["-Vm", file.path, "-x", "a.minisig", "-p", "m.pub"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")

        // gamepack's key file, minisign's signature, gamepack's and minisign's verification.
        let key = MinisignSecretKey.generate()
        try folder.write(key.fileContents, to: "g.sec")
        try folder.write(key.publicKey.fileContents, to: "g.pub")
        let signed = try CommandRunner.run(
            minisign, ["-S", "-s", "g.sec", "-m", file.path, "-x", "b.minisig", "-t", "b"], in: folder.url)
        try #require(signed.status == 0, "minisign reads gamepack's secret key file: \(signed.stderr)")
        let signature = try MinisignSignature(
            fileContents: String(contentsOf: folder.url.appendingPathComponent("b.minisig"), encoding: .utf8))
        try Minisign.verify(fileAt: file, signature: signature, publicKey: key.publicKey)
        let second = try CommandRunner.run(minisign, ["-Vm", file.path, "-x", "b.minisig", "-p", "g.pub"], in: folder.url)
        #expect(second.status == 0, "\(second.stderr)")
        // `minisign -R` derives the same public key file from gamepack's secret key.
        let recreated = try CommandRunner.run(minisign, ["-R", "-f", "-s", "g.sec", "-p", "r.pub"], in: folder.url)
        #expect(recreated.status == 0, "\(recreated.stderr)")
        let recreatedText = try String(contentsOf: folder.url.appendingPathComponent("r.pub"), encoding: .utf8)
        #expect(Self.sameKeyFile(recreatedText, key.publicKey.fileContents), "\(recreatedText) vs \(key.publicKey.fileContents)")
    }

    @Test("a password-protected key made by `minisign -G` is refused", .tags(.minisign), .requires(.minisign))
    func minisignEncryptedKey() throws {
        let minisign = try Self.minisign()
        let folder = try TemporaryDirectory()
        let script = "printf 'secret password\\nsecret password\\n' | '\(minisign.path)' -G -p e.pub -s e.sec"
        let generated = try CommandRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder.url)
        try #require(generated.status == 0, "\(generated.stdout)\(generated.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("e.sec"), encoding: .utf8)
        #expect(throws: SignatureError.encryptedSecretKey) { try MinisignSecretKey(fileContents: text) }
    }

    @Test(
        "gamepack refuses a minisign signature made by another key, naming both ids like minisign does", .tags(.minisign),
        .requires(.minisign))
    func minisignOtherKey() throws {
        let minisign = try Self.minisign()
        let folder = try TemporaryDirectory()
        let generated = try CommandRunner.run(minisign, ["-G", "-W", "-p", "m.pub", "-s", "m.sec"], in: folder.url)
        try #require(generated.status == 0, "\(generated.stderr)")
        let file = try folder.write("x", to: "x.txt")
        let signed = try CommandRunner.run(minisign, ["-S", "-s", "m.sec", "-m", file.path], in: folder.url)
        try #require(signed.status == 0, "\(signed.stderr)")
        let signature = try MinisignSignature(
            fileContents: String(contentsOf: folder.url.appendingPathComponent("x.txt.minisig"), encoding: .utf8))
        let minisignPublic = try MinisignPublicKey(
            fileContents: String(contentsOf: folder.url.appendingPathComponent("m.pub"), encoding: .utf8))
        let other = MinisignSecretKey.generate().publicKey
        #expect(throws: SignatureError.wrongKey(signatureKeyID: minisignPublic.keyIDHex, publicKeyID: other.keyIDHex)) {
            try Minisign.verify(fileAt: file, signature: signature, publicKey: other)
        }
        // minisign prints the same ids for the same mismatch.
        try folder.write(other.fileContents, to: "other.pub")
        let refused = try CommandRunner.run(minisign, ["-Vm", file.path, "-p", "other.pub"], in: folder.url)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains(Self.unpadded(minisignPublic.keyIDHex)), "\(refused.stderr)")
        #expect(refused.stderr.contains(Self.unpadded(other.keyIDHex)), "\(refused.stderr)")
    }

    /// A key id without leading zeros: minisign 0.11 (Debian 12) prints ids with `%PRIX64`,
    /// later versions (and gamepack) with `%016PRIX64`; the unpadded form is in both.
    static func unpadded(_ keyIDHex: String) -> String {
        String(UInt64(keyIDHex, radix: 16) ?? 0, radix: 16, uppercase: true)
    }

    /// Whether two `.pub` files hold the same key line and the same key id in their comment,
    /// however the id is padded.
    static func sameKeyFile(_ a: String, _ b: String) -> Bool {
        let linesA = a.split(separator: "\n"), linesB = b.split(separator: "\n")
        guard linesA.count == 2, linesB.count == 2, linesA[1] == linesB[1] else { return false }
        let prefix = "untrusted comment: minisign public key "
        guard linesA[0].hasPrefix(prefix), linesB[0].hasPrefix(prefix) else { return false }
        return UInt64(linesA[0].dropFirst(prefix.count), radix: 16) == UInt64(linesB[0].dropFirst(prefix.count), radix: 16)
    }

    /// The `minisign` executable; a missing tool fails the test (CI installs it), never skips it.
    static func minisign() throws -> URL {
        guard let url = CommandRunner.which("minisign") else {
            throw ToolMissing(
                description: "minisign is not installed; these tests check compatibility with it: "
                    + "run `apt-get install minisign` (Debian/Ubuntu) and test again")
        }
        return url
    }
}
