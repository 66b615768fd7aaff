import Foundation
import GamePackContent
import Testing

/// `concurrentMap` keeps the order, maps every element once, frees what it made, and shares
/// the work between the cores to the end.
@Suite("concurrent map")
struct ConcurrentMapTests {
    /// Counts the objects alive.
    final class Counted: @unchecked Sendable {
        nonisolated(unsafe) static var alive = 0
        static let lock = NSLock()
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.lock.withLock { Self.alive += 1 }
        }
        deinit { Self.lock.withLock { Self.alive -= 1 } }
    }

    @Test(
        "the results are in order, one per element, for every count around the number of runs",
        arguments: [0, 1, 2, 3, 63, 64, 65, 127, 1000, 20_011])
    func order(count: Int) async {
        let numbers = Array(0..<count)
        let mapped = await numbers.concurrentMap { String($0 * 3) }
        #expect(mapped == numbers.map { String($0 * 3) })
    }

    @Test("results made in place are moved out, not copied: each is freed once, with the array")
    func ownership() async {
        let before = Counted.lock.withLock { Counted.alive }
        do {
            let mapped = await Array(0..<5_000).concurrentMap { Counted($0) }
            #expect(mapped.map(\.value) == Array(0..<5_000))
            #expect(Counted.lock.withLock { Counted.alive } == before + 5_000)
        }
        #expect(Counted.lock.withLock { Counted.alive } == before)
    }

    @Test("the work is handed out in short runs, so that the cores end together", arguments: [1, 2, 8])
    func runs(cores: Int) {
        for count in [1, 2, 63, 64, 65, 2_000, 20_000] {
            let runs = [Int].runs(count: count, cores: cores)
            // In order, back to back, covering every element once.
            #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == count)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            // No run holds more than its share of a core's runs (rounded up): the last run a
            // core takes alone is at most 1/32 of that core's work.
            let share = (count + cores * [Int].runsPerCore - 1) / (cores * [Int].runsPerCore)
            #expect(runs.allSatisfy { !$0.isEmpty && $0.count <= share }, "\(count) elements on \(cores) cores")
        }
    }
}
