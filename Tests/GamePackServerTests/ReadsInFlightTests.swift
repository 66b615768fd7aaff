import NIOConcurrencyHelpers
import Testing

@testable import GamePackServer

/// `ReadsInFlight`: what a probe that finds the database gone cancels, and what starts while
/// it is gone.
@Suite("Database reads in flight")
struct ReadsInFlightTests {
    @Test("refuse cancels the reads in progress and each read that starts until admit; a finished read is left alone")
    func refuseAndAdmit() {
        let reads = ReadsInFlight()
        let cancelled = NIOLockedValueBox<[String]>([])
        func start(_ name: String) -> Int { reads.started { cancelled.withLockedValue { $0.append(name) } } }

        let running = start("running")
        let done = start("done")
        reads.finished(done)
        #expect(reads.count == 1)
        #expect(cancelled.withLockedValue { $0 }.isEmpty, "nothing is cancelled while the database answers")

        reads.refuse()
        #expect(cancelled.withLockedValue { $0 } == ["running"])
        let late = start("started during the outage")
        #expect(cancelled.withLockedValue { $0 } == ["running", "started during the outage"], "cancelled as it starts")
        reads.finished(running)
        reads.finished(late)

        reads.admit()
        let after = start("after")
        #expect(cancelled.withLockedValue { $0 }.count == 2, "a read after the database is back runs")
        reads.finished(after)
        #expect(reads.count == 0)
    }
}
