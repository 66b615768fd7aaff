import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches layout paths from the base URL: over HTTP(S) with `URLSession`, streaming bodies to
/// their destination as they arrive (never holding a file whole), resuming partial files with
/// `Range: bytes=N-`; or from a `file:` URL (a static tree on disk).
final class Transport: @unchecked Sendable {
    let baseURL: URL
    /// The overall deadline of each request, scaled to its size.
    let deadline: GamePackClient.DownloadDeadline
    private let session: URLSession
    private let delegate: SessionDelegate

    init(baseURL: URL, timeout: TimeInterval, deadline: GamePackClient.DownloadDeadline = .standard) {
        self.baseURL = baseURL
        self.deadline = deadline
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

    /// The whole body of a small resource (pointer, signature, manifest), at most `limit` bytes,
    /// within the deadline for `limit` bytes.
    func data(_ path: String, limit: Int) async throws -> Data {
        let sink = MemorySink(limit: limit)
        let deadline = Date().addingTimeInterval(self.deadline.seconds(forBytes: Int64(limit)))
        _ = try await fetch(url(path), offset: 0, identity: false, sink: sink, deadline: deadline, onBytes: nil)
        return sink.data
    }

    /// Downloads `path` into the partial file `partial`, appending to what it already holds with
    /// a range request. `onBytes` gets the count of each chunk received.
    /// - Parameters:
    ///   - size: the bytes the file has (the manifest's size): a body announcing more is refused
    ///     before it is read, and one sending more, decoded or not, as the bytes arrive.
    ///   - allowance: what the store may still grow by; taken as bytes are written.
    ///   - deadline: when the download must be over.
    /// - Returns: the bytes received over the network.
    @discardableResult
    func download(
        _ path: String, to partial: URL, size: Int64, allowance: StorageAllowance?, deadline: Date,
        onBytes: (@Sendable (Int64) -> Void)?
    ) async throws -> Int64 {
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
        let sink = FileSink(handle: handle, offset: offset, limit: size, allowance: allowance, what: path)
        return try await fetch(
            url(path), offset: offset, identity: retrying, sink: sink, deadline: deadline, onBytes: onBytes)
    }

    /// Fetches `url` from `offset` into `sink`, cancelled at `deadline`.
    private func fetch(
        _ url: URL, offset: Int64, identity: Bool, sink: Sink, deadline: Date, onBytes: (@Sendable (Int64) -> Void)?
    ) async throws -> Int64 {
        if url.isFileURL { return try readFile(url, offset: offset, sink: sink, onBytes: onBytes) }
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else {
            throw GamePackClientError.deadlineExceeded(url: url.absoluteString, seconds: Int(self.deadline.base))
        }
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if offset > 0 { request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range") }
        // A range counts bytes of the encoded body: ranges ask for the bytes as they are.
        if offset > 0 || identity { request.setValue("identity", forHTTPHeaderField: "Accept-Encoding") }
        let transfer = Transfer(url: url, offset: offset, sink: sink, onBytes: onBytes)
        let task = session.dataTask(with: request)
        // The overall deadline: however steadily bytes trickle in (each resets the idle
        // timeout), the request is cancelled when it is up.
        let timer = Task {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            transfer.expire(
                GamePackClientError.deadlineExceeded(url: url.absoluteString, seconds: Int(seconds.rounded(.up))))
            task.cancel()
        }
        defer { timer.cancel() }
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
    /// The most bytes the whole resource may have (nil: no limit); a response announcing more is
    /// refused before its body is read.
    var byteLimit: Int64? { get }
    /// Called once before the body; `restart` when the server ignored the range and sends all.
    func begin(restart: Bool) throws
    func write(_ data: Data) throws
}

/// Collects a small body in memory, refusing more than `limit` bytes.
final class MemorySink: Sink {
    let limit: Int
    private(set) var data = Data()

    init(limit: Int) { self.limit = limit }

    var byteLimit: Int64? { Int64(limit) }

    func begin(restart: Bool) throws { data.removeAll() }

    func write(_ chunk: Data) throws {
        guard data.count + chunk.count <= limit else {
            throw GamePackClientError.integrity(what: "a response", reason: "is over the \(limit)-byte limit")
        }
        data.append(chunk)
    }
}

/// Appends a body to a partial file, never past `limit` bytes in all nor past the store's
/// allowance: the bytes are checked before they are written, so a hostile answer (60 MB more
/// than the manifest says, a gzip bomb) is cut off at the first chunk over, not after.
final class FileSink: Sink {
    let handle: FileHandle
    let offset: Int64
    /// The file's size in the manifest.
    let limit: Int64
    let allowance: StorageAllowance?
    /// The layout path, for messages.
    let what: String
    /// Bytes the partial file holds now.
    private(set) var size: Int64

    init(handle: FileHandle, offset: Int64, limit: Int64, allowance: StorageAllowance?, what: String) {
        self.handle = handle
        self.offset = offset
        self.limit = limit
        self.allowance = allowance
        self.what = what
        size = offset
    }

    var byteLimit: Int64? { limit }

    func begin(restart: Bool) throws {
        if restart {
            try handle.truncate(atOffset: 0)
            try handle.seek(toOffset: 0)
            allowance?.giveBack(size)
            size = 0
        }
    }

    func write(_ data: Data) throws {
        let count = Int64(data.count)
        guard size + count <= limit else {
            throw GamePackClientError.integrity(
                what: what, reason: "the server sent more than the \(limit) bytes the manifest lists; refused as they arrived")
        }
        try allowance?.take(count)
        try handle.write(contentsOf: data)
        size += count
    }
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
    /// Set (under `lock`) by the deadline timer, from another thread than the delegate's.
    private var expiry: Error?
    private let lock = NSLock()
    /// Whether the body came with a content encoding (gzip), decoded on the fly.
    var encoded = false

    init(url: URL, offset: Int64, sink: Sink, onBytes: (@Sendable (Int64) -> Void)?) {
        self.url = url
        self.offset = offset
        self.sink = sink
        self.onBytes = onBytes
    }

    /// The deadline is up: the request is being cancelled and fails with `error`.
    func expire(_ error: Error) {
        lock.lock()
        expiry = error
        lock.unlock()
    }

    private var expired: Error? {
        lock.lock()
        defer { lock.unlock() }
        return expiry
    }

    /// The most bytes a compressed body may have for `limit` decoded bytes: deflate's stored
    /// blocks add 5 bytes per 64 KiB, gzip's header and trailer about 20.
    static func encodedLimit(_ limit: Int64) -> Int64 { limit + limit / 1_000 + 1_024 }

    /// Whether the body may be used: 200 (from the start), or 206 starting where asked; and
    /// not announced (`Content-Length`, `Content-Range`) past the sink's limit, before decoding.
    func accept(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            failure = GamePackClientError.network(url: url.absoluteString, reason: "not an HTTP response")
            return false
        }
        do {
            let encoding = http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity"
            encoded = encoding.lowercased() != "identity"
            if let limit = sink.byteLimit, let announced = Self.announcedBytes(http, offset: offset, encoded: encoded),
                announced > (encoded ? Self.encodedLimit(limit) : limit)
            {
                failure = GamePackClientError.integrity(
                    what: url.lastPathComponent,
                    reason: "the server announces \(announced) bytes\(encoded ? " (\(encoding))" : ""), over the \(limit) "
                        + "the manifest lists; refused before reading the body")
                return false
            }
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

    /// The size of the whole resource as the response announces it (before any decoding):
    /// the total of `Content-Range`, else `Content-Length` plus the range's start; nil when
    /// neither is sent.
    static func announcedBytes(_ http: HTTPURLResponse, offset: Int64, encoded: Bool) -> Int64? {
        if http.statusCode == 206, let range = http.value(forHTTPHeaderField: "Content-Range"),
            let total = range.split(separator: "/").last.flatMap({ Int64($0) })
        {
            return total
        }
        guard let text = http.value(forHTTPHeaderField: "Content-Length"),
            let length = Int64(text.trimmingCharacters(in: .whitespaces)), length >= 0
        else { return nil }
        return http.statusCode == 206 ? offset + length : length
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
        } else if let expired {
            continuation.resume(throwing: expired)
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
