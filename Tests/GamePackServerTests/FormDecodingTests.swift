import Foundation
import Testing

@testable import GamePackServer

/// The query-string decoder the Kinvey, Appacitive and legacy routes share answers what
/// Foundation's `removingPercentEncoding` answered before it (after `+` became a space), except
/// that bytes which are not UTF-8 are always refused.
@Suite("Form decoding")
struct FormDecodingTests {
    @Test("agrees with Foundation on fixed cases and 5,000 random strings of %, hex digits, + and UTF-8")
    func agreesWithFoundation() {
        func foundation(_ text: String, _ plus: Bool) -> String? {
            (plus ? text.replacingOccurrences(of: "+", with: " ") : text).removingPercentEncoding
        }
        var cases = [
            "", "plain", "a+b", "%2B", "%2b%2F", "%", "%4", "%zz", "%E2%82%AC", "%E2%82", "%FF", "%C3%A9+x",
            "%7B%22_geoloc%22%3A%7B%22%24nearSphere%22%3A%5B4.9%2C52.3%5D%7D%7D", "é👩‍💻", "%00",
        ]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("%%%+0123456789abcdefABCDEFgz é👩".unicodeScalars)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
            cases.append(String(text))
        }
        for text in cases {
            for plus in [true, false] {
                // Foundation sometimes repairs a stray UTF-8 continuation byte with U+FFFD
                // (`a%A9`) and sometimes answers nil (`a%80b`); the decoder always refuses.
                var expected = foundation(text, plus)
                if expected?.unicodeScalars.contains("\u{FFFD}") == true { expected = nil }
                #expect(FormDecoding.decode(Substring(text), plusAsSpace: plus) == expected, "\(text) plus: \(plus)")
            }
        }
    }
}
