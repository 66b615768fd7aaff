import Foundation

/// Streams a file as base64 into an output, optionally wrapped like Ruby's `Base64.encode64`
/// (a newline after every 60 characters and at the end), which the legacy gohike server wrote.
enum Base64Stream {
    static func write(fileAt url: URL, to out: OutputFile, wrapAt lineLength: Int?) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        // 45 input bytes make one 60-character line; read whole lines at a time.
        let chunk = 45 * 16_384
        while let data = try handle.read(upToCount: chunk), !data.isEmpty {
            let encoded = data.base64EncodedData()
            guard let lineLength else {
                try out.write(encoded)
                continue
            }
            var start = encoded.startIndex
            var piece: [UInt8] = []
            piece.reserveCapacity(encoded.count + encoded.count / lineLength + 2)
            while start < encoded.endIndex {
                let end = min(start + lineLength, encoded.endIndex)
                piece.append(contentsOf: encoded[start..<end])
                piece += [0x5C, 0x6E]  // "\n" escaped inside the JSON string
                start = end
            }
            try out.write(piece)
        }
    }
}
