import Foundation

/// Text equality that looks at the bytes first.
///
/// Swift's `==` on strings compares by canonical equivalence: unless both strings are known to
/// be in NFC (ASCII ones are), it normalizes them as it goes, even when they are byte for byte
/// the same. Two versions of a content file hold mostly the same Dutch and English texts in
/// separate strings, so a diff spent more time normalizing equal texts than comparing bytes.
/// Strings with the same bytes are equal; only strings whose bytes differ are compared by
/// `==`, so the answer is always `==`'s.
package enum SameText {
    /// Whether `a == b`, without normalizing when their UTF-8 bytes are the same.
    @inline(__always)
    package static func equal(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        if count == b.utf8.count {
            let same = a.utf8.withContiguousStorageIfAvailable { x in
                b.utf8.withContiguousStorageIfAvailable { y in
                    count == 0 || memcmp(x.baseAddress!, y.baseAddress!, count) == 0
                }
            }
            if same == true { return true }
        }
        return a == b
    }

    /// Whether `a == b` for two maps of texts (locale → text), each text compared by `equal`.
    package static func equal(_ a: [String: String], _ b: [String: String]) -> Bool {
        guard a.count == b.count else { return false }
        for (key, text) in a {
            guard let other = b[key], equal(text, other) else { return false }
        }
        return true
    }
}
