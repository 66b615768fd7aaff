import Foundation
import GamePackContent

/// The gohike `content.json` as the first pass made it, for the second pass to write again
/// without making it anew: the text between images kept as bytes, and each image as a place to
/// write its base64 again (kept by `EmbeddedImages`, or read and encoded once more, checked
/// against the first read). Generating the text of 20,000 items a second time was a tenth of a
/// build; keeping the images' base64 too would double the memory the kept images take.
///
/// The first pass's output hands its bytes over (`receive`) a buffer at a time, after the
/// writer has marked where each image starts and ends (`beginImage`, `endImage`, at the
/// output's `position`); a buffer handed over while an image is still being written holds
/// only bytes of that image from its start on. The first pass is made in pieces, each recorded
/// on its own and joined in order (`append`). (Unchecked `Sendable`: a piece's recording is
/// filled on the one thread that makes the piece, the joined one on the thread that joins them,
/// and the second pass, which reads it, starts after the first has ended.)
final class ContentRecording: @unchecked Sendable {
    enum Part {
        /// Bytes as written.
        case text([UInt8])
        /// An image's base64, `length` bytes of it.
        case image(AssetRecord, length: Int64)
    }

    private(set) var parts: [Part] = []
    /// The images marked, in order: where each starts and, once written, ends.
    private var images: [(record: AssetRecord, start: Int64, end: Int64?)] = []
    /// The first image the received bytes have not yet gone past.
    private var nextImage = 0
    /// The offset of the next byte to receive.
    private var received: Int64 = 0
    /// Text received since the last image.
    private var text: [UInt8] = []

    /// The image of `record` starts at `offset` of the output.
    func beginImage(_ record: AssetRecord, at offset: Int64) {
        images.append((record, offset, nil))
    }

    /// The image begun last ends at `offset` (the offset just after it).
    func endImage(at offset: Int64) {
        images[images.count - 1].end = offset
    }

    /// The next bytes of the output, in order.
    func receive(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let position = received + Int64(offset)
            guard nextImage < images.count, images[nextImage].start <= position else {
                // Text up to the next image's start, or to the end of these bytes.
                let stop =
                    nextImage < images.count
                    ? min(bytes.count, Int(images[nextImage].start - received)) : bytes.count
                text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<stop]))
                offset = stop
                continue
            }
            // Inside an image: still being written (the rest of these bytes are its), or up to its end.
            guard let end = images[nextImage].end else { break }
            if position < end {
                offset += Int(min(end - position, Int64(bytes.count - offset)))
                continue
            }
            passImage()
        }
        received += Int64(bytes.count)
        passReceivedImages()
    }

    /// Records the images whose every byte has been received (one ending with these bytes).
    private func passReceivedImages() {
        while nextImage < images.count, let end = images[nextImage].end, end <= received { passImage() }
    }

    /// Ends the text before the next image and records that image.
    private func passImage() {
        let image = images[nextImage]
        if !text.isEmpty { parts.append(.text(text)) }
        text = []
        parts.append(.image(image.record, length: image.end! - image.start))
        nextImage += 1
    }

    /// Called once the output is closed (every byte received): keeps the last text.
    func finish() {
        passReceivedImages()
        precondition(nextImage == images.count, "an image of content.json was not written to its end")
        if !text.isEmpty { parts.append(.text(text)) }
        text = []
    }

    /// Adds what `piece` recorded (finished) after what this recording holds: the first pass is
    /// made in pieces on all cores, each with a recording of its own, joined in order into one
    /// that receives nothing itself.
    func append(_ piece: ContentRecording) {
        parts.append(contentsOf: piece.parts)
    }

    /// Adds `bytes` as text, for a joined recording: what is written between its pieces.
    func append(text bytes: [UInt8]) {
        parts.append(.text(bytes))
    }

    /// Writes the recorded output to `out` again, each image by `image`; throws when an image
    /// comes out another length than the first time (its file changed meanwhile).
    func replay(into out: OutputFile, image: (AssetRecord, OutputFile) throws -> Void) throws {
        for part in parts {
            switch part {
            case .text(let bytes):
                try out.write(bytes)
            case .image(let record, let length):
                let start = out.position
                try image(record, out)
                guard out.position - start == length else {
                    throw GamePackError.io(
                        path: "assets/\(record.path)", reason: "it changed while the pack was being built; build again")
                }
            }
        }
    }
}
