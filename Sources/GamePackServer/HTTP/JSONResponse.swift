import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// A JSON answer whose text is prepared already (`{"status":"ok"}`).
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `value` as JSON with sorted keys and unescaped slashes, a newline at the end, not to be
    /// cached (`Cache-Control: no-store`).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
