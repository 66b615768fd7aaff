import Foundation
import GamePackContent
import GamePackFormat
import GamePackSite
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The live preview: serves a project's pages (`PreviewSite`) and assets on a local address,
/// watches the project's files and tells open pages over server-sent events when a change was
/// taken in, so they update in place.
///
/// Safety: by default it listens on 127.0.0.1 and then only answers requests whose `Host` is
/// a loopback name (no DNS rebinding); it serves generated pages and the files listed under
/// `assets/` only, checked again at request time to lie inside the project (no `..`, no
/// encoded variants, no symlink out); every response carries a restrictive
/// Content-Security-Policy and `nosniff`.
public final class PreviewServer: Sendable {
    /// What the server serves and where it listens.
    public struct Configuration: Sendable {
        public var root: URL
        public var host: String
        public var port: Int
        public var tiles: TileSource?

        public init(root: URL, host: String, port: Int, tiles: TileSource?) {
            self.root = root.standardizedFileURL
            self.host = host
            self.port = port
            self.tiles = tiles
        }
    }

    public let configuration: Configuration
    let state: PreviewState
    let logger: Logger

    /// A server over a first snapshot (from `PreviewWorkspace.load`).
    public init(configuration: Configuration, snapshot: PreviewSnapshot, logger: Logger) {
        self.configuration = configuration
        self.state = PreviewState(snapshot: snapshot, root: configuration.root, logger: logger)
        self.logger = logger
    }

    /// The current site.
    func site() async -> PreviewSite {
        PreviewSite(
            snapshot: await state.snapshot, options: PreviewOptions(live: true, tiles: configuration.tiles, versionedAssets: true)
        )
    }

    /// The routes.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { [self] request, _ in try await respond(request) }
        router.get("**") { [self] request, _ in try await respond(request) }
        router.head("/") { [self] request, _ in try await respond(request) }
        router.head("**") { [self] request, _ in try await respond(request) }
        return router
    }

    /// Runs until SIGTERM or SIGINT, watching the project meanwhile.
    public func run(onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = { _, _ in }) async throws {
        let watcher = FileWatcher(root: configuration.root)
        let changes = watcher.changes()
        let watching = Task { [state] in
            await state.follow(changes)
        }
        defer { watching.cancel() }
        let app = Application(
            router: makeRouter(),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "gamepack-preview"),
            onServerRunning: { channel in
                onListening(channel.localAddress?.ipAddress ?? "?", channel.localAddress?.port ?? 0)
            },
            logger: logger)
        do {
            try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw AddressInUse(host: configuration.host, port: configuration.port)
        }
    }

    /// Another process already listens on the address.
    public struct AddressInUse: Error, CustomStringConvertible {
        public var host: String
        public var port: Int
        public var description: String { "\(host):\(port) is already in use" }
    }

    // MARK: - Answers

    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]

    /// Whether the server listens on a loopback address only.
    var isLoopback: Bool {
        configuration.host.hasPrefix("127.") || configuration.host == "::1" || configuration.host == "localhost"
    }

    func respond(_ request: Request) async throws -> Response {
        if isLoopback {
            // A page elsewhere could point a name of its own at 127.0.0.1 (DNS rebinding): answer
            // only requests made to a loopback name.
            let host = request.head.authority ?? ""
            let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
            guard Self.loopbackNames.contains(name.lowercased()) else {
                return plain(.misdirectedRequest, "this preview answers requests to 127.0.0.1 or localhost only\n")
            }
        }
        guard let path = Self.safePath(request.uri.path) else { return notFound() }
        switch path {
        case "", "index.html":
            return page(await site().render(path: "index.html"))
        case "_preview/preview.css":
            return resource(PreviewResources.stylesheet, type: "text/css; charset=utf-8")
        case "_preview/preview.js":
            return resource(PreviewResources.script, type: "text/javascript; charset=utf-8")
        case "_preview/events":
            return await events()
        case "_preview/generation":
            return resource("\(await state.snapshot.generation)\n", type: "text/plain; charset=utf-8")
        default:
            if path.hasPrefix(PreviewSite.assetFolder + "/") {
                return await asset(String(path.dropFirst(PreviewSite.assetFolder.count + 1)))
            }
            let site = await site()
            if let html = site.render(path: path) { return page(html) }
            // A folder's URL serves its index.html, as a static server does; without its final
            // slash it redirects to it first, so the page's relative links resolve.
            if let index = site.render(path: path + "/index.html") {
                let raw = String(request.uri.path.prefix { $0 != "?" && $0 != "#" })
                guard raw.hasSuffix("/") else {
                    var headers = HTTPFields()
                    headers[.location] = raw + "/"
                    headers[.contentType] = "text/plain; charset=utf-8"
                    return withSecurity(
                        Response(
                            status: .movedPermanently, headers: headers,
                            body: .init(byteBuffer: ByteBuffer(string: "moved to \(raw)/\n"))))
                }
                return page(index)
            }
            var response = page(site.notFoundPage(path: path))
            response.status = .notFound
            return response
        }
    }

    /// The request path, percent-decoded, without its leading `/`; nil when it is not one the
    /// preview could serve: a `.` or `..` segment (written plainly or percent-encoded), an empty
    /// segment inside it, a backslash or a NUL byte, or bad percent-encoding.
    static func safePath(_ raw: String) -> String? {
        let pathOnly = String(raw.prefix { $0 != "?" && $0 != "#" })
        guard let decoded = pathOnly.removingPercentEncoding, !decoded.utf8.contains(0),
            !decoded.utf8.contains(UInt8(ascii: "\\"))
        else {
            return nil
        }
        // Segments between `/` bytes, as the file system reads them (`AssetPath.parts`); a
        // segment starting with a `.` byte is `.`, `..` or hidden.
        var segments = AssetPath.parts(of: decoded, keepingEmpty: true).map(String.init)
        if segments.first == "" { segments.removeFirst() }
        if segments.last == "" { segments.removeLast() }
        if segments.isEmpty { return "" }
        for segment in segments where segment.isEmpty || segment.utf8.first == UInt8(ascii: ".") {
            return nil
        }
        return segments.joined(separator: "/")
    }

    func page(_ html: String?) -> Response {
        guard let html else { return notFound() }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return withSecurity(Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html))))
    }

    func resource(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return withSecurity(Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text))))
    }

    func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return withSecurity(Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text))))
    }

    func notFound() -> Response { plain(.notFound, "not found\n") }

    func withSecurity(_ response: Response) -> Response {
        var response = response
        let tiles = configuration.tiles?.origin.map { " " + $0 } ?? ""
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; img-src 'self' data:\(tiles); media-src 'self'; style-src 'self'; script-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// An asset listed under `assets/` that `PreviewAssets` allows: a media file whose real
    /// path lies inside `assets/`, never a hidden file, a page or a script.
    func asset(_ path: String) async -> Response {
        let snapshot = await state.snapshot
        guard snapshot.assetVersions[path] != nil,
            case .allowed(let url, _) = PreviewAssets.check(path, in: snapshot.project),
            let data = FileManager.default.contents(atPath: url.path)
        else { return notFound() }
        var headers = HTTPFields()
        headers[.contentType] = Self.mediaType(of: path)
        return withSecurity(Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data))))
    }

    /// The media type an asset is served with, by its extension.
    static func mediaType(of path: String) -> String {
        MediaTypes.of(fileExtension: (path as NSString).pathExtension)
    }

    /// The event stream: `event: change` with the current generation now and after every change.
    func events() async -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        let (id, stream) = await state.subscribe()
        let state = self.state
        return withSecurity(
            Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    do {
                        try await writer.write(ByteBuffer(string: "retry: 300\n\n"))
                        for await generation in stream.cancelOnGracefulShutdown() {
                            try await writer.write(ByteBuffer(string: "event: change\ndata: \(generation)\n\n"))
                        }
                        await state.unsubscribe(id)
                        try await writer.finish(nil)
                    } catch {
                        await state.unsubscribe(id)
                        throw error
                    }
                }))
    }
}

/// The current snapshot, the open event streams, and the work a change sets off: the changed
/// files at once, then the whole project's lint in the background.
actor PreviewState {
    private(set) var snapshot: PreviewSnapshot
    let root: URL
    let logger: Logger
    private var subscribers: [UUID: AsyncStream<Int>.Continuation] = [:]
    private var fullPass: Task<Void, Never>?

    init(snapshot: PreviewSnapshot, root: URL, logger: Logger) {
        self.snapshot = snapshot
        self.root = root
        self.logger = logger
    }

    func subscribe() -> (UUID, AsyncStream<Int>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers[id] = continuation
        continuation.yield(snapshot.generation)
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    private func publish(_ next: PreviewSnapshot) {
        snapshot = next
        for continuation in subscribers.values { continuation.yield(next.generation) }
    }

    /// Takes in every batch of changed paths until the stream ends.
    func follow(_ changes: AsyncStream<[String]>) async {
        for await paths in changes {
            await take(paths)
        }
    }

    /// Applies changed paths: content files and assets alone first, the rest by a full load.
    func take(_ paths: [String]) async {
        let started = ContinuousClock.now
        let reload = paths.contains("*") ? .everything : PreviewWorkspace.classify(paths)
        switch reload {
        case .none:
            return
        case .files(let files):
            if let next = PreviewWorkspace.applying(files, to: snapshot) {
                publish(next)
                let elapsed = started.duration(to: .now).components
                let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
                // A file's name is input: shown as `TerminalText` does.
                let changed = files.count == 1 ? TerminalText.shown(files[0]) : "\(files.count) files"
                logger.info("\(changed) changed: taken in after \(String(format: "%.1f", milliseconds)) ms")
                scheduleFullPass()
                return
            }
            await loadEverything()
        case .everything:
            await loadEverything()
        }
    }

    private func loadEverything() async {
        fullPass?.cancel()
        do {
            let next = try await PreviewWorkspace.load(at: root, generation: snapshot.generation + 1)
            publish(next)
        } catch {
            logger.error("cannot load the project: \(TerminalText.shown("\(error)"))")
        }
    }

    /// Lints the whole project again once changes settle; a newer change cancels it.
    private func scheduleFullPass() {
        fullPass?.cancel()
        let base = snapshot
        fullPass = Task { [weak self] in
            try? await Task.sleep(nanoseconds: 150_000_000)
            guard !Task.isCancelled else { return }
            let result = await PreviewWorkspace.relinted(base)
            guard !Task.isCancelled else { return }
            await self?.finishFullPass(result, base: base.generation)
        }
    }

    private func finishFullPass(_ result: PreviewSnapshot, base: Int) {
        guard snapshot.generation == base else { return }
        var next = result
        next.generation = base + 1
        publish(next)
    }
}
