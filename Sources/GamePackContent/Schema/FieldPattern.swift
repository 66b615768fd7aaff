import Foundation
import Synchronization

/// A field's `pattern`, compiled into the regular expression a whole value must match the first
/// time one is matched, not when its schema is parsed.
///
/// Compiling any first regular expression builds ICU's regex tables: about 8 million
/// instructions, a sixth of a small `gamepack diff`'s start (callgrind, 2026-12-02). The
/// built-in types are parsed at every start and one of them (`vcs`) has a pattern that most
/// commands never match. A project's own patterns are compiled as their schema is parsed, so
/// that a bad one is reported there (`SchemaParser`); the compiled expression is kept.
public final class FieldPattern: Sendable {
    /// The pattern as written in the schema.
    public let text: String
    private let compiled: Mutex<NSRegularExpression??>

    /// A pattern compiled when first matched (nil then, when it is not a valid expression).
    public init(_ text: String) {
        self.text = text
        compiled = Mutex(nil)
    }

    /// A pattern compiled now; throws when it is not a valid regular expression.
    public init(compiling text: String) throws {
        self.text = text
        compiled = Mutex(.some(try Self.compile(text)))
    }

    /// The expression the whole value must match (the pattern anchored at both ends), or nil
    /// when the pattern is not a valid regular expression.
    public var regex: NSRegularExpression? {
        compiled.withLock { compiled in
            if let known = compiled { return known }
            let made = try? Self.compile(text)
            compiled = .some(made)
            return made
        }
    }

    static func compile(_ text: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: "^(?:\(text))$")
    }
}
