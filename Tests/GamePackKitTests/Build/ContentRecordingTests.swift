import Foundation
import Testing

@testable import GamePackBuild
@testable import GamePackContent

/// The gohike target writes content.json twice: the second pass replays the first one's text
/// and writes its images again. The replay must give the very bytes the first pass hashed, however
/// the output happened to hand its bytes over.
@Suite("Content recording")
struct ContentRecordingTests {
    /// A document of text runs and images; an image's bytes are a letter of its path repeated.
    struct Document {
        enum Segment {
            case text([UInt8])
            case image(AssetRecord, [UInt8])
        }
        var segments: [Segment] = []
        var bytes: [UInt8] {
            segments.flatMap { segment in
                switch segment {
                case .text(let bytes), .image(_, let bytes): bytes
                }
            }
        }

        static func random(using generator: inout some RandomNumberGenerator) -> Document {
            var document = Document()
            for index in 0..<Int.random(in: 0...30, using: &generator) {
                if Bool.random(using: &generator) {
                    let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                        UInt8.random(in: 0x20...0x7E, using: &generator)
                    }
                    document.segments.append(.text(text))
                } else {
                    let letter = UInt8(ascii: "A") + UInt8(index % 26)
                    let length = [0, 1, 7, 100, 3_000].randomElement(using: &generator)!
                    let record = AssetRecord(
                        path: "photos/\(index).png", sha256: "", md5: "", crc32: 0, size: Int64(length), format: .png,
                        width: nil, height: nil)
                    document.segments.append(.image(record, [UInt8](repeating: letter, count: length)))
                }
            }
            return document
        }
    }

    /// Writes `document` as the first pass does: marks at the write position, the bytes handed
    /// over later in pieces of any size (an image in several writes, some handed over mid-image).
    func record(_ document: Document, using generator: inout some RandomNumberGenerator) -> ContentRecording {
        let recording = ContentRecording()
        var written: [UInt8] = []
        var handedOver = 0
        func handOver(all: Bool = false) {
            let count = all ? written.count - handedOver : Int.random(in: 0...(written.count - handedOver), using: &generator)
            written[handedOver..<(handedOver + count)].withUnsafeBytes { recording.receive($0) }
            handedOver += count
        }
        for segment in document.segments {
            switch segment {
            case .text(let bytes):
                written += bytes
            case .image(let record, let bytes):
                recording.beginImage(record, at: Int64(written.count))
                var rest = bytes[...]
                while !rest.isEmpty {
                    let piece = rest.prefix(Int.random(in: 1...rest.count, using: &generator))
                    written += piece
                    rest = rest.dropFirst(piece.count)
                    if Bool.random(using: &generator) { handOver() }
                }
                recording.endImage(at: Int64(written.count))
            }
            if Bool.random(using: &generator) { handOver() }
        }
        handOver(all: true)
        recording.finish()
        return recording
    }

    func replay(_ recording: ContentRecording, images: [String: [UInt8]]) throws -> [UInt8] {
        var replayed: [UInt8] = []
        let out = try OutputFile(consumer: { replayed.append(contentsOf: $0) }, digest: nil, hashesInParallel: false)
        try recording.replay(into: out) { record, out in try out.write(images[record.path]!) }
        _ = try out.close()
        return replayed
    }

    @Test("the replay gives the bytes written, however they were handed over; only text is kept")
    func replaysWhatWasWritten() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let document = Document.random(using: &generator)
            let recording = record(document, using: &generator)
            var images: [String: [UInt8]] = [:]
            for case .image(let record, let bytes) in document.segments { images[record.path] = bytes }
            #expect(try replay(recording, images: images) == document.bytes)
            // The text is kept, the images are not.
            var kept = 0
            for case .text(let bytes) in recording.parts { kept += bytes.count }
            let text = document.segments.reduce(0) { sum, segment in
                if case .text(let bytes) = segment { sum + bytes.count } else { sum }
            }
            #expect(kept == text)
            let imageCount = document.segments.filter { if case .image = $0 { true } else { false } }.count
            #expect(recording.parts.filter { if case .image = $0 { true } else { false } }.count == imageCount)
        }
    }

    @Test("through an output's own buffers, images larger than a buffer included")
    func throughAnOutput() throws {
        let recording = ContentRecording()
        let out = try OutputFile(consumer: { recording.receive($0) }, digest: nil, hashesInParallel: false)
        var expected: [UInt8] = []
        var images: [String: [UInt8]] = [:]
        for index in 0..<40 {
            let text = Array("{\"id\":\(index),\"image_data\":\"".utf8)
            try out.write(text)
            let image = [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: index * 70_000)
            let record = AssetRecord(
                path: "\(index).png", sha256: "", md5: "", crc32: 0, size: 0, format: .png, width: nil, height: nil)
            recording.beginImage(record, at: out.position)
            for piece in stride(from: 0, to: image.count, by: 50_000) {
                try out.write(image[piece..<min(image.count, piece + 50_000)])
            }
            recording.endImage(at: out.position)
            try out.write(Array("\"}".utf8))
            expected += text + image + Array("\"}".utf8)
            images[record.path] = image
        }
        _ = try out.close()
        recording.finish()
        #expect(try replay(recording, images: images) == expected)
    }

    @Test("an image that comes out another length the second time stops the build")
    func changedImage() throws {
        var generator = SystemRandomNumberGenerator()
        let record = AssetRecord(path: "a.png", sha256: "", md5: "", crc32: 0, size: 3, format: .png, width: nil, height: nil)
        let document = Document(segments: [.text(Array("[\"".utf8)), .image(record, Array("QUJD".utf8)), .text([0x22, 0x5D])])
        let recording = self.record(document, using: &generator)
        #expect(throws: GamePackError.self) { try replay(recording, images: ["a.png": Array("QUJDRA==".utf8)]) }
    }
}
