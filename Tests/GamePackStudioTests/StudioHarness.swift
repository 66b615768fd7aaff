import Foundation
import GamePackFormat
import GamePackStudio
import GamePackTestSupport
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A studio running in this process on a free port of 127.0.0.1 over a copy of an example,
/// spoken to over a plain socket, so each test sets Host, Origin and the token exactly.
final class StudioHarness: @unchecked Sendable {
    let temp: TemporaryDirectory
    let project: URL
    let server: StudioServer
    let port: Int
    private let task: Task<Void, Error>

    init(example: String = "gohike-amsterdam", uploadLimit: Int = 1_000_000, prepare: (URL) throws -> Void = { _ in })
        async throws
    {
        temp = try TemporaryDirectory()
        project = try temp.copy(TestPaths.example(example), as: example)
        try prepare(project)
        let workspace = try await StudioWorkspace(root: project)
        let server = StudioServer(
            configuration: .init(host: "127.0.0.1", port: 0, uploadLimit: uploadLimit), workspace: workspace,
            logger: Logger(label: "studio-test"))
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            try await server.run { _, port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        self.server = server
        self.task = task
        port = await iterator.next() ?? 0
    }

    func stop() { task.cancel() }

    deinit { task.cancel() }

    struct Answer {
        var status: Int
        var head: String
        var body: String
        var json: JSONValue { (try? JSONScanner.parse(Data(body.utf8))) ?? .null }
        /// The error's member `key`.
        func error(_ key: String) -> JSONValue? { json["error"]?[key] }
    }

    /// Sends one request; writes carry the session's token unless `token` says otherwise. The
    /// socket's blocking calls run on a Dispatch thread, never on the concurrency pool the
    /// studio's actor needs to answer (two suites blocking both pool threads would hang).
    func send(
        _ method: String, _ target: String, json: JSONValue? = nil, body: Data? = nil, host: String? = nil,
        origin: String? = nil, token: String?? = .none
    ) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try self.sendBlocking(method, target, json: json, body: body, host: host, origin: origin, token: token)
                    })
            }
        }
    }

    private func sendBlocking(
        _ method: String, _ target: String, json: JSONValue?, body: Data?, host: String?, origin: String?, token: String??
    ) throws -> Answer {
        var headers = "Host: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        if let origin { headers += "Origin: \(origin)\r\n" }
        let sentToken: String? = token ?? (method == "GET" ? nil : server.token)
        if let sentToken { headers += "X-Studio-Token: \(sentToken)\r\n" }
        let payload = body ?? json.map { Data($0.textForTests.utf8) } ?? Data()
        if json != nil { headers += "Content-Type: application/json\r\n" }
        headers += "Content-Length: \(payload.count)\r\n"
        guard let fd = connectLoopback(port) else { throw POSIXError(.ECONNREFUSED) }
        defer { close(fd) }
        var request = Data("\(method) \(target) HTTP/1.1\r\n\(headers)\r\n".utf8)
        request.append(payload)
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { break }
            sent += count
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var body = parts.dropFirst().joined(separator: "\r\n\r\n")
        if parts[0].lowercased().contains("transfer-encoding: chunked") { body = Self.unchunked(body) }
        return Answer(status: status, head: parts[0], body: body)
    }

    static func unchunked(_ text: String) -> String {
        var rest = Substring(text)
        var result = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let bytes = Array(rest[start...].utf8)
            result += String(decoding: bytes.prefix(size), as: UTF8.self)
            rest = Substring(String(decoding: bytes.dropFirst(size + 2), as: UTF8.self))
        }
        return result
    }

    func file(_ path: String) throws -> String { try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8) }

    /// Every file under the project (and beside it, in the temporary folder), by path, with
    /// its bytes: equal before and after a refused request when nothing changed on disk.
    func tree() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = temp.url.standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: base)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = base + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }
}

extension JSONValue {
    var textForTests: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    var arrayForTests: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var stringForTests: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A copy with `member` set (objects only).
    func setting(_ member: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[member] = value
        return .object(members)
    }
}

extension StudioHarness {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
