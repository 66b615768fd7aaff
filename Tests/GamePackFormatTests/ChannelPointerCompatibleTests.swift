import Foundation
import GamePackFormat
import Testing

@Suite("Channel pointers: packs kept for older clients (compatibility gate)")
struct ChannelPointerCompatibleTests {
    /// A pack reference whose hashes are made of `tag`, needing client format `format`.
    static func pack(_ tag: String, format: Int = 1) -> PackReference {
        PackReference(
            version: "v-\(tag)", pack: String(repeating: tag, count: 64), size: 10,
            manifest: String(repeating: tag == "f" ? "e" : "f", count: 64), minimumClientFormat: format)
    }

    /// A pointer whose head is `head` and which keeps `compatible`.
    static func pointer(_ head: PackReference, sequence: Int64, compatible: [PackReference]? = nil) -> ChannelPointer {
        ChannelPointer(
            project: "p", channel: "production", sequence: sequence, version: head.version, pack: head.pack, size: head.size,
            manifest: head.manifest, created: "2026-11-22T07:30:00Z", minimumClientFormat: head.minimumClientFormat,
            compatible: compatible)
    }

    @Test("a format-1 head keeps nothing, and its pointer stays format 1 with its old bytes")
    func formatOne() throws {
        let previous = Self.pointer(Self.pack("a"), sequence: 1)
        #expect(ChannelPointer.compatible(for: Self.pack("b"), previous: previous) == nil)
        let pointer = Self.pointer(Self.pack("b"), sequence: 2)
        #expect(pointer.format == 1)
        let text = String(decoding: try pointer.encoded(), as: UTF8.self)
        #expect(!text.contains("minimumClientFormat") && !text.contains("compatible"))
    }

    @Test("a format-2 head after a format-1 one keeps it for format-1 clients; a format-2 pointer")
    func keepsPrevious() throws {
        let old = Self.pack("a")
        let new = Self.pack("b", format: 2)
        let compatible = ChannelPointer.compatible(for: new, previous: Self.pointer(old, sequence: 1))
        #expect(compatible == [old])
        let pointer = Self.pointer(new, sequence: 2, compatible: compatible)
        #expect(pointer.format == 2 && pointer.minimumClientFormat == 2)
        #expect(try ChannelPointer.decode(try pointer.encoded()) == pointer)
        #expect(pointer.target(installID: nil, clientFormat: 1) == old)
        #expect(pointer.target(installID: nil, clientFormat: 2) == new)
        // Another format-2 pack keeps the format-1 one from the previous pointer's list.
        let newer = Self.pack("c", format: 2)
        #expect(ChannelPointer.compatible(for: newer, previous: pointer) == [old])
        // A format-3 pack keeps the newest for 2 and for 1, newest first.
        let third = Self.pack("d", format: 3)
        #expect(ChannelPointer.compatible(for: third, previous: pointer) == [new, old])
        // A format-3 pack after a format-1 one: one entry serves formats 1 and 2.
        #expect(ChannelPointer.compatible(for: third, previous: Self.pointer(old, sequence: 1)) == [old])
    }

    @Test("a client format no pack serves has no target")
    func noTarget() {
        let pointer = Self.pointer(Self.pack("b", format: 3), sequence: 2, compatible: [Self.pack("a", format: 2)])
        #expect(pointer.target(installID: nil, clientFormat: 1) == nil)
        #expect(pointer.target(installID: nil, clientFormat: 2) == Self.pack("a", format: 2))
        #expect(ChannelPointer.compatible(for: Self.pack("c", format: 2), previous: nil) == nil)
    }
}
