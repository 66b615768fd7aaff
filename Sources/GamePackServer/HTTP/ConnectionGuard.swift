import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Keeps slow or idle clients from holding the server's connections (and file descriptors):
///
/// - a request's head must arrive within `headerTimeout` of the connection opening or of the
///   previous response (a partial request line is not held for long);
/// - while a request's body arrives, `readTimeout` may pass between two pieces of it at most
///   (a stalled upload is cut off), and the body must keep an average of `minimumBodyRate`
///   bytes a second after a grace of `readTimeout`: by `readTimeout + received / rate` seconds
///   after its head, however steadily single bytes trickle in;
/// - at most `maxConnections` are open; a connection beyond that closes the oldest one that is
///   not in the middle of a request (idle keep-alive or still sending its head) or, when every
///   one is, the one whose body arrives slowest, so a flood of slow sockets, idle or trickling
///   bodies, cannot starve `/health` or anyone else.
///
/// `maxConnections` defaults to the process's file descriptor limit less a reserve for the
/// store, blobs and logs, so the server never reaches EMFILE on accept.
public final class ConnectionGuard: Sendable {
    /// The bounds a `ConnectionGuard` keeps to.
    public struct Limits: Sendable {
        /// Time a client has to send a request's head (the request line and headers).
        public var headerTimeout: TimeAmount
        /// Time that may pass between two pieces of a request body; also the grace a body gets
        /// before `minimumBodyRate` applies.
        public var readTimeout: TimeAmount
        /// The slowest average rate a request body may arrive at, bytes per second, counted
        /// from its head after the `readTimeout` grace.
        public var minimumBodyRate: Int
        /// Time an idle keep-alive connection is kept (Hummingbird's idle timeout).
        public var idleTimeout: TimeAmount
        /// The most connections open at once.
        public var maxConnections: Int

        public init(
            headerTimeout: TimeAmount, readTimeout: TimeAmount, minimumBodyRate: Int = 1_024, idleTimeout: TimeAmount,
            maxConnections: Int
        ) {
            self.headerTimeout = headerTimeout
            self.readTimeout = readTimeout
            self.minimumBodyRate = max(1, minimumBodyRate)
            self.idleTimeout = idleTimeout
            self.maxConnections = maxConnections
        }

        /// 10 s for a head, 30 s between body pieces, bodies at 1 KiB/s on average after those
        /// 30 s, 60 s idle, and the descriptor limit less 64.
        public static var standard: Limits {
            Limits(
                headerTimeout: .seconds(10), readTimeout: .seconds(30), minimumBodyRate: 1_024, idleTimeout: .seconds(60),
                maxConnections: defaultMaxConnections())
        }

        /// When a body that started at `start` and has brought `bytes` so far must be complete
        /// by: the grace, plus the bytes at the minimum rate.
        func bodyDeadline(start: NIODeadline, bytes: Int) -> NIODeadline {
            start + readTimeout + .nanoseconds(Int64(min(Double(bytes) / Double(minimumBodyRate) * 1e9, 1e17)))
        }

        /// `RLIMIT_NOFILE` less 64 descriptors for the store, blob files and logs (at least 8).
        public static func defaultMaxConnections() -> Int {
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_000 }
            let soft = Int(min(UInt64(limit.rlim_cur), 1 << 20))
            return max(8, soft - 64)
        }
    }

    public let limits: Limits
    private let state = NIOLockedValueBox(State())

    private struct State {
        var next = 0
        /// Open connections by number (the order they opened).
        var open: [Int: Connection] = [:]
    }

    /// What the guard knows of one open connection.
    private struct Connection {
        var channel: any Channel
        /// A request is in flight (its head arrived, its response is not written yet).
        var busy = false
        /// While its body arrives: when the head came, and the body bytes so far.
        var bodyStart: NIODeadline?
        var bodyBytes = 0

        /// Body bytes per second so far (receiving a body only).
        func bodyRate(at now: NIODeadline) -> Double? {
            guard let bodyStart else { return nil }
            let seconds = max(Double((now - bodyStart).nanoseconds) / 1e9, 0.001)
            return Double(bodyBytes) / seconds
        }
    }

    public init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// The number of connections open now.
    public var openConnections: Int { state.withLockedValue { $0.open.count } }

    /// A new handler for one connection's pipeline.
    public func handler() -> Handler { Handler(guard: self) }

    fileprivate func opened(_ channel: any Channel) -> Int {
        let (number, victim) = state.withLockedValue { state -> (Int, (any Channel)?) in
            let number = state.next
            state.next += 1
            state.open[number] = Connection(channel: channel)
            guard state.open.count > limits.maxConnections else { return (number, nil) }
            // The oldest connection that is not in the middle of a request; else the one whose
            // body arrives slowest (one trickling a byte now and then counts as busy too).
            let others = state.open.filter { $0.key != number }
            let now = NIODeadline.now()
            var victim = others.filter { !$0.value.busy }.min { $0.key < $1.key }?.key
            if victim == nil {
                var slowest: (key: Int, rate: Double)?
                for (key, connection) in others {
                    guard let rate = connection.bodyRate(at: now) else { continue }
                    if let current = slowest, current.rate < rate || (current.rate == rate && current.key < key) { continue }
                    slowest = (key, rate)
                }
                victim = slowest?.key
            }
            guard let victim, let connection = state.open.removeValue(forKey: victim) else { return (number, nil) }
            return (number, connection.channel)
        }
        victim?.close(promise: nil)
        return number
    }

    fileprivate func setBusy(_ number: Int, _ busy: Bool, bodyStart: NIODeadline? = nil) {
        state.withLockedValue { state in
            guard state.open[number] != nil else { return }
            state.open[number]!.busy = busy
            state.open[number]!.bodyStart = bodyStart
            state.open[number]!.bodyBytes = 0
        }
    }

    fileprivate func bodyReceived(_ number: Int, total: Int) {
        state.withLockedValue { state in
            if state.open[number] != nil { state.open[number]!.bodyBytes = total }
        }
    }

    fileprivate func closed(_ number: Int) {
        _ = state.withLockedValue { $0.open.removeValue(forKey: number) }
    }

    /// The per-connection half: timers and the connection's place in the guard's table.
    public final class Handler: ChannelDuplexHandler, RemovableChannelHandler {
        // The HTTP parts Hummingbird's own per-connection handler sees (NIOHTTPTypes' types,
        // named through it: this target does not depend on swift-nio-extras directly).
        public typealias InboundIn = HTTPConnectionStateHandler.InboundIn
        public typealias InboundOut = HTTPConnectionStateHandler.InboundOut
        public typealias OutboundIn = HTTPConnectionStateHandler.OutboundIn
        public typealias OutboundOut = HTTPConnectionStateHandler.OutboundOut

        private let owner: ConnectionGuard
        private var number: Int?
        private var timer: Scheduled<Void>?
        private var receivingBody = false
        private var bodyStart = NIODeadline.now()
        private var bodyBytes = 0

        init(guard owner: ConnectionGuard) {
            self.owner = owner
        }

        public func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { start(context) }
        }

        public func channelActive(context: ChannelHandlerContext) {
            start(context)
            context.fireChannelActive()
        }

        private func start(_ context: ChannelHandlerContext) {
            guard number == nil else { return }
            number = owner.opened(context.channel)
            arm(context, owner.limits.headerTimeout)
        }

        public func channelInactive(context: ChannelHandlerContext) {
            stop()
            context.fireChannelInactive()
        }

        public func handlerRemoved(context: ChannelHandlerContext) { stop() }

        private func stop() {
            timer?.cancel()
            timer = nil
            if let number { owner.closed(number) }
            number = nil
        }

        /// Closes the connection unless something resets the timer within `amount`.
        private func arm(_ context: ChannelHandlerContext, _ amount: TimeAmount) {
            timer?.cancel()
            let channel = context.channel
            timer = context.eventLoop.scheduleTask(in: amount) { channel.close(promise: nil) }
        }

        public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head:
                bodyStart = .now()
                bodyBytes = 0
                if let number { owner.setBusy(number, true, bodyStart: bodyStart) }
                receivingBody = true
                arm(context, owner.limits.readTimeout)
            case .body(let buffer):
                guard receivingBody else { break }
                bodyBytes += buffer.readableBytes
                if let number { owner.bodyReceived(number, total: bodyBytes) }
                // The next piece within the read timeout, and the whole body by its deadline.
                let left = owner.limits.bodyDeadline(start: bodyStart, bytes: bodyBytes) - .now()
                guard left > .zero else {
                    context.close(promise: nil)
                    return
                }
                arm(context, min(owner.limits.readTimeout, left))
            case .end:
                receivingBody = false
                if let number { owner.setBusy(number, true) }
                // The handler works on the request now; its response may take as long as it takes.
                timer?.cancel()
                timer = nil
            }
            context.fireChannelRead(data)
        }

        public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data) {
                // The response is written: the next request's head is due within the header timeout.
                if let number { owner.setBusy(number, false) }
                arm(context, owner.limits.headerTimeout)
            }
            context.write(data, promise: promise)
        }
    }
}
