import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches layout paths from the base URL: over HTTP(S) with `URLSession`, streaming bodies to
/// their destination as they arrive (never holding a file whole), resuming partial files with
/// `Range: bytes=N-`; or from a `file:` URL (a static tree on disk).
final class Transport: @unchecked Sendable {
    let baseURL: URL
    private let session: URLSession
    private let delegate: SessionDelegate

    init(baseURL: URL, timeout: TimeInterval) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 4
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// The URL of a layout path.
    func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    /// The whole body of a small resource (pointer, signature, manifest), at most `limit` bytes.
    func data(_ path: String, limit: Int) async throws -> Data {
        let sink = MemorySink(limit: limit)
        _ = try await fetch(url(path), offset: 0, identity: false, sink: sink, onBytes: nil)
        return sink.data
    }

    /// Downloads `path` into the partial file `partial`, appending to what it already holds with
    /// a range request. `onBytes` gets the count of each chunk received.
    /// - Returns: the bytes received over the network.
    @discardableResult
    func download(_ path: String, to partial: URL, onBytes: (@Sendable (Int64) -> Void)?) async throws -> Int64 {
        let fm = FileManager.default
        // An earlier attempt was cut: ask for the bytes as they are from now on, so that this
        // attempt can be resumed too (a compressed body cannot be resumed with a range).
        let retrying = fm.fileExists(atPath: partial.path)
        if !retrying {
            guard fm.createFile(atPath: partial.path, contents: nil) else {
                throw GamePackClientError.io(path: partial.path, reason: "cannot create the download file")
            }
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forUpdating: partial)
        } catch {
            throw GamePackClientError.io(path: partial.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        let offset = Int64((try? handle.seekToEnd()) ?? 0)
        return try await fetch(
            url(path), offset: offset, identity: retrying, sink: FileSink(handle: handle, offset: offset), onBytes: onBytes)
    }

    /// Fetches `url` from `offset` into `sink`.
    private func fetch(
        _ url: URL, offset: Int64, identity: Bool, sink: Sink, onBytes: (@Sendable (Int64) -> Void)?
    ) async throws -> Int64 {
        if url.isFileURL { return try readFile(url, offset: offset, sink: sink, onBytes: onBytes) }
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if offset > 0 { request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range") }
        // A range counts bytes of the encoded body: ranges ask for the bytes as they are.
        if offset > 0 || identity { request.setValue("identity", forHTTPHeaderField: "Accept-Encoding") }
        let transfer = Transfer(url: url, offset: offset, sink: sink, onBytes: onBytes)
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int64, Error>) in
                transfer.continuation = continuation
                delegate.register(transfer, for: task.taskIdentifier)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// A static tree on disk: copies from `offset` in 1 MiB chunks.
    private func readFile(_ url: URL, offset: Int64, sink: Sink, onBytes: (@Sendable (Int64) -> Void)?) throws -> Int64 {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw GamePackClientError.httpStatus(url: url.absoluteString, status: 404)
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw GamePackClientError.network(url: url.absoluteString, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        var received: Int64 = 0
        do {
            try handle.seek(toOffset: UInt64(offset))
            try sink.begin(restart: false)
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                try sink.write(chunk)
                received += Int64(chunk.count)
                onBytes?(Int64(chunk.count))
            }
        } catch let error as GamePackClientError {
            throw error
        } catch {
            throw GamePackClientError.network(url: url.absoluteString, reason: error.localizedDescription)
        }
        return received
    }
}

/// Where a response body goes.
protocol Sink: AnyObject {
    /// Called once before the body; `restart` when the server ignored the range and sends all.
    func begin(restart: Bool) throws
    func write(_ data: Data) throws
}

/// Collects a small body in memory, refusing more than `limit` bytes.
final class MemorySink: Sink {
    let limit: Int
    private(set) var data = Data()

    init(limit: Int) { self.limit = limit }

    func begin(restart: Bool) throws { data.removeAll() }

    func write(_ chunk: Data) throws {
        guard data.count + chunk.count <= limit else {
            throw GamePackClientError.integrity(what: "a response", reason: "is over the \(limit)-byte limit")
        }
        data.append(chunk)
    }
}

/// Appends a body to a partial file.
final class FileSink: Sink {
    let handle: FileHandle
    let offset: Int64

    init(handle: FileHandle, offset: Int64) {
        self.handle = handle
        self.offset = offset
    }

    func begin(restart: Bool) throws {
        if restart {
            try handle.truncate(atOffset: 0)
            try handle.seek(toOffset: 0)
        }
    }

    func write(_ data: Data) throws { try handle.write(contentsOf: data) }
}

/// One request in flight: checks the status, feeds the sink, resumes the caller once.
final class Transfer: @unchecked Sendable {
    let url: URL
    let offset: Int64
    let sink: Sink
    let onBytes: (@Sendable (Int64) -> Void)?
    var continuation: CheckedContinuation<Int64, Error>?
    var received: Int64 = 0
    var failure: Error?
    /// Whether the body came with a content encoding (gzip), decoded on the fly.
    var encoded = false

    init(url: URL, offset: Int64, sink: Sink, onBytes: (@Sendable (Int64) -> Void)?) {
        self.url = url
        self.offset = offset
        self.sink = sink
        self.onBytes = onBytes
    }

    /// Whether the body may be used: 200 (from the start), or 206 starting where asked.
    func accept(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            failure = GamePackClientError.network(url: url.absoluteString, reason: "not an HTTP response")
            return false
        }
        do {
            let encoding = http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity"
            encoded = encoding.lowercased() != "identity"
            switch http.statusCode {
            case 200:
                try sink.begin(restart: offset > 0)
            case 206 where offset > 0:
                // `Content-Range: bytes START-END/TOTAL` must start at our offset.
                let range = http.value(forHTTPHeaderField: "Content-Range") ?? ""
                guard range.hasPrefix("bytes \(offset)-") else {
                    failure = GamePackClientError.network(
                        url: url.absoluteString, reason: "the server answered the range \(offset)- with \(range)")
                    return false
                }
                try sink.begin(restart: false)
            case 416 where offset > 0:
                // The partial file is as long as the resource or longer: start again.
                try sink.begin(restart: true)
                failure = GamePackClientError.network(url: url.absoluteString, reason: "range not satisfiable; restarting")
                return false
            default:
                failure = GamePackClientError.httpStatus(url: url.absoluteString, status: http.statusCode)
                return false
            }
        } catch {
            failure = error
            return false
        }
        return true
    }

    func receive(_ data: Data) -> Bool {
        guard failure == nil else { return false }
        do {
            try sink.write(data)
            received += Int64(data.count)
            onBytes?(Int64(data.count))
            return true
        } catch {
            failure = error
            return false
        }
    }

    func complete(_ error: Error?) {
        guard let continuation else { return }
        self.continuation = nil
        if encoded, failure != nil || error != nil {
            // Decoded bytes of a compressed body cannot be resumed with a range: start over.
            try? sink.begin(restart: true)
        }
        if let failure {
            continuation.resume(throwing: failure)
        } else if let error {
            continuation.resume(
                throwing: GamePackClientError.network(url: url.absoluteString, reason: error.localizedDescription))
        } else {
            continuation.resume(returning: received)
        }
    }
}

/// Routes a session's delegate callbacks to the transfer of each task.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func register(_ transfer: Transfer, for task: Int) {
        lock.lock()
        transfers[task] = transfer
        lock.unlock()
    }

    private func transfer(_ task: URLSessionTask, remove: Bool = false) -> Transfer? {
        lock.lock()
        defer { lock.unlock() }
        return remove ? transfers.removeValue(forKey: task.taskIdentifier) : transfers[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = transfer(dataTask)?.accept(response) ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if transfer(dataTask)?.receive(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        transfer(task, remove: true)?.complete(error)
    }
}
