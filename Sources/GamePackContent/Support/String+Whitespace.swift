extension String {
    /// The text without leading and trailing white space (Unicode `White_Space`), in Swift
    /// rather than through NSString, which is slow on Linux.
    package var trimmedWhitespace: Substring {
        if !mayNeedTrimming { return self[...] }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return self[first...last]
    }

    /// Whether an ASCII byte is white space (tab, line feed, vertical tab, form feed, carriage
    /// return, space: the ASCII part of Unicode `White_Space`).
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// Whether the text may begin or end with white space, or is empty; false for most texts,
    /// which begin and end with an ASCII character that is not white space (nothing to trim,
    /// and no Unicode property to look up).
    package var mayNeedTrimming: Bool {
        // The two bytes read from the text's storage: `utf8.last` steps back through the
        // generic index (about 1% of a large content.json diff's samples).
        let stored: (first: UInt8, last: UInt8)?? = utf8.withContiguousStorageIfAvailable {
            $0.isEmpty ? nil : ($0[0], $0[$0.count - 1])
        }
        let ends = stored ?? utf8.first.flatMap { first in utf8.last.map { (first, $0) } }
        guard let (first, last) = ends, first < 0x80, last < 0x80 else { return true }
        return Self.isASCIIWhitespace(first) || Self.isASCIIWhitespace(last)
    }

    /// Whether the text is empty or only white space.
    package var isBlank: Bool { mayNeedTrimming && trimmedWhitespace.isEmpty }

    /// Whether the two texts are the same without their leading and trailing white space;
    /// compared as they are when neither has any (no `Substring` made).
    package func isSameTrimmed(as other: String) -> Bool {
        mayNeedTrimming || other.mayNeedTrimming ? trimmedWhitespace == other.trimmedWhitespace : self == other
    }
}
