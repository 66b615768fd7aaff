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
///   (a stalled upload is cut off);
/// - at most `maxConnections` are open; a connection beyond that closes the oldest one that is
///   not in the middle of a request (idle keep-alive or still sending its head), so a flood of
///   slow sockets cannot starve `/health` or anyone else.
///
/// `maxConnections` defaults to the process's file descriptor limit less a reserve for the
/// store, blobs and logs, so the server never reaches EMFILE on accept.
public final class ConnectionGuard: Sendable {
    /// The bounds a `ConnectionGuard` keeps to.
    public struct Limits: Sendable {
        /// Time a client has to send a request's head (the request line and headers).
        public var headerTimeout: TimeAmount
        /// Time that may pass between two pieces of a request body.
        public var readTimeout: TimeAmount
        /// Time an idle keep-alive connection is kept (Hummingbird's idle timeout).
        public var idleTimeout: TimeAmount
        /// The most connections open at once.
        public var maxConnections: Int

        public init(headerTimeout: TimeAmount, readTimeout: TimeAmount, idleTimeout: TimeAmount, maxConnections: Int) {
            self.headerTimeout = headerTimeout
            self.readTimeout = readTimeout
            self.idleTimeout = idleTimeout
            self.maxConnections = maxConnections
        }

        /// 10 s for a head, 30 s between body pieces, 60 s idle, and the descriptor limit less 64.
        public static var standard: Limits {
            Limits(
                headerTimeout: .seconds(10), readTimeout: .seconds(30), idleTimeout: .seconds(60),
                maxConnections: defaultMaxConnections())
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
        /// Open connections by number (the order they opened), with whether a request is in flight.
        var open: [Int: (channel: any Channel, busy: Bool)] = [:]
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
            state.open[number] = (channel, false)
            guard state.open.count > limits.maxConnections else { return (number, nil) }
            // The oldest connection that is not in the middle of a request.
            let oldest = state.open.filter { !$0.value.busy && $0.key != number }.min { $0.key < $1.key }
            if let oldest { state.open[oldest.key] = nil }
            return (number, oldest?.value.channel)
        }
        victim?.close(promise: nil)
        return number
    }

    fileprivate func setBusy(_ number: Int, _ busy: Bool) {
        state.withLockedValue { state in
            if state.open[number] != nil { state.open[number]!.busy = busy }
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
                if let number { owner.setBusy(number, true) }
                receivingBody = true
                arm(context, owner.limits.readTimeout)
            case .body:
                if receivingBody { arm(context, owner.limits.readTimeout) }
            case .end:
                receivingBody = false
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
