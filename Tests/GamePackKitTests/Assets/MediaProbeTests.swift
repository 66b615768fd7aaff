import Foundation
import GamePackContent
import GamePackFormat
import GamePackTestSupport
import Testing

@Suite("Media probe")
struct MediaProbeTests {
    let base = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base/assets")

    @Test("reads PNG, JPEG and WAV files from disk")
    func realFiles() throws {
        let png = try MediaProbe.probe(fileAt: base.appendingPathComponent("badges/art-lover.png"))
        #expect(png.format == .png && png.width == 32 && png.height == 32)
        let jpeg = try MediaProbe.probe(fileAt: base.appendingPathComponent("photos/rijksmuseum.jpg"))
        #expect(jpeg.format == .jpeg && jpeg.width == 80 && jpeg.height == 60)
        let wav = try MediaProbe.probe(fileAt: base.appendingPathComponent("sounds/hit.wav"))
        #expect(wav.format == .wav && wav.width == nil)
    }

    @Test("reads the gohike example's generated JPEG photos")
    func gohikePhotos() throws {
        let photo = TestPaths.example("gohike-amsterdam").appendingPathComponent("assets/photos/rai-congress-center.jpg")
        let info = try MediaProbe.probe(fileAt: photo)
        #expect(info.format == .jpeg && info.width == 570 && info.height == 380)
    }

    @Test("GIF and WebP headers")
    func gifAndWebP() throws {
        var gif = Data("GIF89a".utf8) + Data([0x40, 0x01, 0xF0, 0x00]) + Data(repeating: 0, count: 20)
        gif.append(0x3B)
        let g = try MediaProbe.probe(header: gif, tail: gif.suffix(16), byteCount: gif.count)
        #expect(g.format == .gif && g.width == 320 && g.height == 240)
        // VP8X: canvas 640×480 stored minus one, little endian 24-bit.
        var webp = Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0, 0, 0, 0])
        webp += Data([0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00]) + Data(repeating: 0, count: 10)
        let w = try MediaProbe.probe(header: webp, tail: webp.suffix(16), byteCount: webp.count)
        #expect(w.format == .webp && w.width == 640 && w.height == 480)
    }

    @Test("truncated and unknown files are refused with a reason")
    func damaged() throws {
        let jpeg = try Data(contentsOf: base.appendingPathComponent("photos/rijksmuseum.jpg"))
        let cut = jpeg.prefix(300)
        #expect(throws: MediaProbeError.self) { try MediaProbe.probe(header: cut, tail: cut.suffix(16), byteCount: cut.count) }
        let png = try Data(contentsOf: base.appendingPathComponent("badges/art-lover.png"))
        let cutPNG = png.prefix(50)
        #expect(throws: MediaProbeError.self) {
            try MediaProbe.probe(header: cutPNG, tail: cutPNG.suffix(16), byteCount: cutPNG.count)
        }
        let text = Data("hello, not an image".utf8)
        #expect(throws: MediaProbeError.unknownFormat) { try MediaProbe.probe(header: text, tail: text, byteCount: text.count) }
    }

    @Test("files on disk: the end of a file longer than the head, a cut one, a missing one")
    func fromDisk() throws {
        let temp = try TemporaryDirectory()
        let png = try Data(contentsOf: base.appendingPathComponent("badges/art-lover.png"))
        // A PNG with ancillary bytes before IEND, longer than the head: its end is read apart.
        let iendAt = png.count - 12
        var long = png.prefix(iendAt)
        var padding = Data([0, 0, 0x80, 0, 0x74, 0x45, 0x58, 0x74]) + Data(repeating: 0x61, count: 0x8000)
        padding += Data([0, 0, 0, 0])  // the chunk's CRC is not checked by the probe
        long += padding + png.suffix(12)
        #expect(long.count > MediaProbe.headBytes)
        let longURL = temp.url.appendingPathComponent("long.png")
        try long.write(to: longURL)
        let info = try MediaProbe.probe(fileAt: longURL)
        #expect(info.format == .png && info.width == 32 && info.byteCount == long.count)
        // The same bytes without the last one: the end is missing.
        let cutURL = temp.url.appendingPathComponent("cut.png")
        try long.dropLast().write(to: cutURL)
        #expect(throws: MediaProbeError.corrupt(.png, "no IEND chunk at the end (truncated?)")) {
            try MediaProbe.probe(fileAt: cutURL)
        }
        // A missing file: the system's words, for the lint message.
        #expect(throws: SystemCallError.self) { try MediaProbe.probe(fileAt: temp.url.appendingPathComponent("nope.png")) }
        do {
            _ = try MediaProbe.probe(fileAt: temp.url.appendingPathComponent("nope.png"))
        } catch {
            #expect(error.localizedDescription == "No such file or directory")
        }
    }

    @Test("extensions map to formats")
    func extensions() {
        #expect(MediaFormat(fileExtension: "JPG") == .jpeg)
        #expect(MediaFormat(fileExtension: "wav") == .wav)
        #expect(MediaFormat(fileExtension: "txt") == nil)
    }
}
