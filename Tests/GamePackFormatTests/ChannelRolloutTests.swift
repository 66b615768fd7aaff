import Foundation
import GamePackFormat
import Testing

@Suite("Staged rollouts and packs for older clients in channel pointers")
struct ChannelRolloutTests {
    static let base = ChannelPointerTests.pointer
    static let v2 = PackReference(
        version: "v2", pack: String(repeating: "cd", count: 32), size: 99, manifest: String(repeating: "1e", count: 32))
    static let created = "2026-11-23T07:30:00Z"

    func start(_ percentage: Int) throws -> ChannelPointer {
        try Self.base.startingRollout(of: Self.v2, percentage: percentage, sequence: 3, created: Self.created, expires: nil)
    }

    @Test("a pointer without rollout or gate keeps format 1 and its bytes; with them it round-trips")
    func format() throws {
        let plain = String(decoding: try Self.base.encoded(), as: UTF8.self)
        #expect(plain.contains("\"format\" : 1"))
        #expect(!plain.contains("rollout") && !plain.contains("compatible") && !plain.contains("minimumClientFormat"))
        let rolling = try start(10)
        #expect(rolling.format == 1)  // clients from before rollouts keep the channel's pack
        #expect(try ChannelPointer.decode(try rolling.encoded()) == rolling)
        let gated = ChannelPointer(
            project: "p", channel: "c", sequence: 1, version: "v3", pack: Self.v2.pack, size: 1, manifest: Self.v2.manifest,
            created: Self.created, minimumClientFormat: 2, compatible: [Self.base.head])
        #expect(gated.format == 2)
        #expect(try ChannelPointer.decode(try gated.encoded()) == gated)
    }

    @Test("starting a rollout: over the channel's pack, one sequence up, refused when one runs or out of range")
    func starting() throws {
        let rolling = try start(10)
        #expect(rolling.sequence == 8)  // above the channel's 7, though the pack says 3
        #expect(rolling.head == Self.base.head)
        #expect(rolling.rollout == ChannelRollout(pack: Self.v2, percentage: 10))
        #expect(throws: RolloutError.self) {
            try rolling.startingRollout(of: Self.v2, percentage: 20, sequence: 9, created: Self.created, expires: nil)
        }
        #expect(throws: RolloutError.self) { try self.start(101) }
        #expect(throws: RolloutError.self) {
            try Self.base.startingRollout(of: Self.base.head, percentage: 10, sequence: 9, created: Self.created, expires: nil)
        }
        let decodedBad = try String(decoding: rolling.encoded(), as: UTF8.self).replacingOccurrences(
            of: "\"percentage\" : 10", with: "\"percentage\" : 140")
        #expect(throws: ChannelPointerError.self) { try ChannelPointer.decode(Data(decodedBad.utf8)) }
    }

    @Test("widen only widens, pause and resume, complete makes the pack the channel's, revert ends it; each one sequence up")
    func changes() throws {
        let rolling = try start(10)
        let wider = try rolling.changingRollout(.widen(to: 50), created: Self.created, expires: nil)
        #expect(wider.rollout?.percentage == 50)
        #expect(wider.sequence == rolling.sequence + 1)
        #expect(throws: RolloutError.self) { try wider.changingRollout(.widen(to: 20), created: Self.created, expires: nil) }
        let paused = try wider.changingRollout(.pause, created: Self.created, expires: nil)
        #expect(paused.rollout?.isPaused == true)
        #expect(try paused.changingRollout(.resume, created: Self.created, expires: nil).rollout?.isPaused == false)
        let complete = try wider.changingRollout(.complete, created: Self.created, expires: nil)
        #expect(complete.rollout == nil)
        #expect(complete.head == Self.v2)
        #expect(try wider.changingRollout(.widen(to: 100), created: Self.created, expires: nil).head == Self.v2)
        let reverted = try wider.changingRollout(.revert, created: Self.created, expires: nil)
        #expect(reverted.rollout == nil)
        #expect(reverted.head == Self.base.head)
        #expect(reverted.sequence == wider.sequence + 1)
        #expect(throws: RolloutError.self) { try reverted.changingRollout(.revert, created: Self.created, expires: nil) }
    }

    @Test("an install's bucket is stable, spread evenly, and never leaves the rollout as it widens")
    func buckets() throws {
        let ids = (0..<10_000).map { String(format: "%032x", $0 &* 2_654_435_761) }
        let buckets = ids.map { ChannelRollout.bucket(installID: $0, version: "v2") }
        #expect(buckets == ids.map { ChannelRollout.bucket(installID: $0, version: "v2") })
        #expect(buckets.allSatisfy { (0..<100).contains($0) })
        let tenth = buckets.filter { $0 < 10 }.count
        #expect((900...1_100).contains(tenth), "\(tenth) of 10,000 in the first 10%")
        // Another version reshuffles: not the same installs first every time.
        let other = ids.map { ChannelRollout.bucket(installID: $0, version: "v3") }
        #expect(zip(buckets, other).filter { $0 == $1 }.count < 300)
        let ten = try start(10), fifty = try ten.changingRollout(.widen(to: 50), created: Self.created, expires: nil)
        for id in ids.prefix(2_000) {
            let before = ten.target(installID: id, clientFormat: 1)
            let after = fifty.target(installID: id, clientFormat: 1)
            if before == Self.v2 { #expect(after == Self.v2) }
        }
    }

    @Test("the target: the rollout's pack in the bucket, the channel's otherwise; paused keeps who has it; format gate")
    func target() throws {
        let all = try start(100)
        let none = try start(0)
        #expect(all.target(installID: "a", clientFormat: 1) == Self.v2)
        #expect(all.target(installID: nil, clientFormat: 1) == Self.base.head)
        #expect(none.target(installID: "a", clientFormat: 1) == Self.base.head)
        let paused = try all.changingRollout(.pause, created: Self.created, expires: nil)
        #expect(paused.target(installID: "a", clientFormat: 1) == Self.base.head)
        #expect(paused.target(installID: "a", clientFormat: 1, installedManifest: Self.v2.manifest) == Self.v2)
        // A rollout pack that needs format 2: format-1 clients in the bucket keep the channel's pack.
        var v3 = Self.v2
        v3.minimumClientFormat = 2
        let gatedRollout = try Self.base.startingRollout(
            of: v3, percentage: 100, sequence: 9, created: Self.created, expires: nil)
        #expect(gatedRollout.target(installID: "a", clientFormat: 1) == Self.base.head)
        #expect(gatedRollout.target(installID: "a", clientFormat: 2) == v3)
        // A head that needs format 3: older clients take the first compatible pack they read, or none.
        let gated = ChannelPointer(
            project: "p", channel: "c", sequence: 1, version: "v4", pack: Self.v2.pack, size: 1, manifest: Self.v2.manifest,
            created: Self.created, minimumClientFormat: 3, compatible: [v3, Self.base.head])
        #expect(gated.target(installID: nil, clientFormat: 3)?.version == "v4")
        #expect(gated.target(installID: nil, clientFormat: 2) == v3)
        #expect(gated.target(installID: nil, clientFormat: 1) == Self.base.head)
        let onlyNew = ChannelPointer(
            project: "p", channel: "c", sequence: 1, version: "v4", pack: Self.v2.pack, size: 1, manifest: Self.v2.manifest,
            created: Self.created, minimumClientFormat: 2)
        #expect(onlyNew.target(installID: nil, clientFormat: 1) == nil)
    }

    @Test("percentages parse as whole numbers 0–100, with or without %")
    func percentages() {
        #expect(ChannelRollout.parsePercentage("10%") == 10)
        #expect(ChannelRollout.parsePercentage("100") == 100)
        #expect(ChannelRollout.parsePercentage("0%") == 0)
        for bad in ["101%", "-1", "abc", "", "%", "12.5%", "+5"] { #expect(ChannelRollout.parsePercentage(bad) == nil, "\(bad)") }
    }
}
