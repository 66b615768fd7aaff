import AsyncHTTPClient
import Foundation
import GamePackFormat
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix

/// One request to the server: where, how, and its headers (the body goes to `perform`).
struct ServerRequest: Sendable {
    var url: URL
    var method: String
    var headers: [(name: String, value: String)] = []

    mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
        headers.append((name, value))
    }
}

/// The requests' transport: AsyncHTTPClient on NIO, which the server links already. URLSession
/// did this until 2026-11-29; on Linux it needs libcurl and about 25 libraries with it, which
/// the dynamic loader then loaded for every command, `gamepack lint` too (7 ms of 16).
extension ContentServerClient {
    /// How long a connection may take to open, and how long the server may stay silent while
    /// it answers (URLSession's `timeoutIntervalForRequest` was 300 s, an idle limit too).
    static let connectTimeout = TimeAmount.seconds(30)
    static let readTimeout = TimeAmount.seconds(300)
    /// The most a response body may hold (history and project lists are the large ones).
    static let responseLimit = 256 << 20
    /// The chunks an upload is read from its file in.
    static let uploadChunk = 1 << 20

    /// Sends `request` with `body`, or the file at `file` streamed, and returns the status and
    /// the response body. A transport failure is a `Failure` with code `network`.
    func perform(_ request: ServerRequest, uploadFrom file: URL? = nil, body: Data? = nil) async throws -> (Int, Data) {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let file {
            // A pipe in place of the pack would stream without end: only a regular file goes.
            guard let info = RegularFile.status(atPath: file.path, followingSymlink: true) else {
                throw Failure(
                    status: nil, code: "network", message: "cannot read \(file.path): it is missing or not a regular file")
            }
            outgoing.body = .stream(FileChunks(path: file.path, chunk: Self.uploadChunk), length: .known(Int64(info.st_size)))
        } else if let body {
            outgoing.body = .bytes(ByteBuffer(data: body))
        }
        let proxy = try Self.proxy(for: request.url, environment: environment)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: Self.connectTimeout, read: Self.readTimeout),
            proxy: proxy?.proxy)
        configuration.httpVersion = .http1Only
        // A refused connection or an unknown host fails at once, as it did with URLSession,
        // instead of being retried with back-off until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        do {
            return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
                let response = try await client.execute(outgoing, deadline: .distantFuture)
                let buffer = try await response.body.collect(upTo: Self.responseLimit)
                return (Int(response.status.code), Data(buffer: buffer))
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            let route = proxy.map { " through the proxy \($0.proxy.host):\($0.proxy.port) (\($0.variable))" } ?? ""
            throw Failure(
                status: nil, code: "network",
                message: "cannot reach \(request.url.absoluteString)\(route): \(Self.describe(error))")
        }
    }

    /// A transport error as a phrase for people: "Connection refused", "no answer within 300 s".
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return "could not resolve host \(error.host)"
            }
            if let first = error.connectionErrors.first {
                return "\(describe(first.error)) (\(error.host) port \(error.port))"
            }
            return "could not connect to \(error.host) port \(error.port)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout: return "no connection within \(seconds(connectTimeout)) s"
            case .readTimeout: return "the server did not answer within \(seconds(readTimeout)) s"
            case .remoteConnectionClosed: return "the server closed the connection"
            case .redirectLimitReached, .redirectCycleDetected: return "too many redirects"
            case .tlsHandshakeTimeout: return "the TLS handshake did not finish"
            default: return String(describing: error)
            }
        default:
            let text = String(describing: error)
            // NIOSSL's handshake errors carry BoringSSL's reason among much else.
            guard text.hasPrefix("handshakeFailed") else { return text }
            let reason = text.range(of: "OPENSSL_internal:").map {
                String(text[$0.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
            switch reason {
            case "WRONG_VERSION_NUMBER"?:
                return "the TLS handshake failed (WRONG_VERSION_NUMBER): does the server speak HTTPS on that port?"
            case "CERTIFICATE_VERIFY_FAILED"?:
                return
                    "the TLS handshake failed (CERTIFICATE_VERIFY_FAILED): this machine does not trust the server's certificate"
            case let reason?:
                return "the TLS handshake failed (\(reason))"
            case nil:
                return "the TLS handshake failed: \(text)"
            }
        }
    }

    static func seconds(_ amount: TimeAmount) -> Int64 { amount.nanoseconds / 1_000_000_000 }
}

/// A file's bytes in chunks, read as the upload sends them: a pack is never held in memory whole.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let path: String
    let chunk: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let path: String
        let chunk: Int
        var handle: FileHandle?
        var ended = false

        mutating func next() async throws -> ByteBuffer? {
            guard !ended else { return nil }
            if handle == nil { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) }
            guard let data = try handle?.read(upToCount: chunk), !data.isEmpty else {
                ended = true
                try? handle?.close()
                handle = nil
                return nil
            }
            return ByteBuffer(data: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(path: path, chunk: chunk) }
}
