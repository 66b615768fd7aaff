import Foundation
import GamePackFormat
import Testing

@Suite("Server API wire types: error body, pointer upload")
struct ServerAPITypesTests {
    @Test("an error body is written with status, code, message in that order and reads back")
    func errorBody() throws {
        let body = APIErrorBody(status: 409, code: "sequence_not_increasing", message: #"a "quoted" path/with\slash é"#)
        let text = String(decoding: body.encoded(), as: UTF8.self)
        #expect(
            text == #"{"error":{"status":409,"code":"sequence_not_increasing","message":"a \"quoted\" path\/with\\slash é"}}"#
                + "\n")
        #expect(try JSONDecoder().decode(APIErrorBody.self, from: body.encoded()) == body)
    }

    @Test("a JSON string literal is byte for byte what JSONEncoder writes, for every ASCII byte and beyond")
    func stringLiteral() throws {
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["", "plain", #"a "quoted" path/with\slash"#, "é 👩‍💻 \u{2028}\u{7F}", "line\nbreak\ttab\u{0}"]
        for text in texts {
            let encoded = try JSONEncoder().encode([text])
            #expect(
                JSONStringLiteral.quoted(text) == String(decoding: encoded.dropFirst().dropLast(), as: UTF8.self),
                "\(Array(text.utf8))")
        }
    }

    @Test("a pointer upload carries the signed bytes as base64 and the signature text")
    func pointerUpload() throws {
        let key = MinisignSecretKey.generate()
        let pointer = ChannelPointer(
            project: "demo", channel: "staging", sequence: 3, version: "1.0.0", pack: String(repeating: "a", count: 64),
            size: 10, manifest: String(repeating: "b", count: 64), created: "2026-01-01T00:00:00Z", expires: nil)
        let signed = try SignedPointer.sign(pointer, with: key)
        let upload = PointerUpload(signed, action: "promote")
        let decoded = try JSONDecoder().decode(PointerUpload.self, from: try JSONEncoder().encode(upload))
        #expect(Data(base64Encoded: decoded.pointer) == signed.bytes)
        #expect(decoded.signature == signed.signature && decoded.action == "promote")
        let signature = try MinisignSignature(fileContents: decoded.signature)
        #expect(signature.trustedComment == "gamepack channel pointer demo/staging sequence 3")
        try Minisign.verify(signed.bytes, signature: signature, publicKey: key.publicKey)
        let withoutAction = try JSONDecoder().decode(PointerUpload.self, from: Data(#"{"pointer":"","signature":""}"#.utf8))
        #expect(withoutAction.action == nil)
    }
}
