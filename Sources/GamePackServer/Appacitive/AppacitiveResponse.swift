import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// Appacitive's answers: a JSON object whose `status` says how it went, `code` a **string**
/// (the iOS SDK compares it with `isEqualToString:@"200"` and ignores the HTTP status), with a
/// `referenceid` per answer. gamepack sends the matching HTTP status as well.
enum AppacitiveResponse {
    /// The `status` object.
    static func status(code: Int, message: String, additional: [String] = []) -> [String: Any] {
        [
            "code": String(code), "message": message, "faulttype": code == 200 ? NSNull() : "Error", "version": NSNull(),
            "referenceid": UUID().uuidString.lowercased(), "additionalmessages": additional,
        ]
    }

    /// A successful answer: `members` (JSON texts by key) and `status`.
    static func ok(_ members: [(String, String)]) -> Response { json(okText(members), status: .ok) }

    /// The text of `ok`'s answer.
    static func okText(_ members: [(String, String)]) -> String {
        var text = "{"
        for (key, value) in members { text += JSONStringLiteral.quoted(key) + ":" + value + "," }
        // What `ContentJSON.serialize(status(code: 200, message: "Successful"))` writes, without
        // JSONSerialization's cost on every answer.
        text += #""status":{"additionalmessages":[],"code":"200","faulttype":null,"message":"Successful","referenceid":"#
        text += #""\#(UUID().uuidString.lowercased())","version":null}}"#
        return text
    }

    /// `paginginfo`.
    static func paging(number: Int, size: Int, total: Int) -> String {
        #"{"pagenumber":\#(number),"pagesize":\#(size),"totalrecords":\#(total)}"#
    }

    static func json(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// An error in Appacitive's shape: `{"status": {"code": "400", "message", "faulttype":
/// "Error", "referenceid", "additionalmessages": [detail]}}`, with the same HTTP status.
struct AppacitiveError: Error {
    var status: HTTPResponse.Status
    var message: String
    var detail: String?

    init(_ status: HTTPResponse.Status, _ message: String, detail: String? = nil) {
        self.status = status
        self.message = message
        self.detail = detail
    }

    static func badRequest(_ detail: String) -> AppacitiveError {
        AppacitiveError(.badRequest, "Bad request: \(detail)", detail: detail)
    }

    static func notFound(_ detail: String) -> AppacitiveError {
        AppacitiveError(.notFound, "Not found: \(detail)", detail: detail)
    }

    var response: Response {
        let body = AppacitiveResponse.status(code: status.code, message: message, additional: detail.map { [$0] } ?? [])
        return AppacitiveResponse.json(ContentJSON.serialize(["status": body]), status: status)
    }
}
