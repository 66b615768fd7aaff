import Yams

extension SourceLoader {
    /// Converts Yams nodes to `SourceNode`s, counting nodes against the expansion budget.
    struct Converter {
        struct Problem: Error {
            var message: String
            var location: SourceLocation
        }

        let path: String
        var budget: Int
        var used = 0

        init(path: String, budget: Int) {
            self.path = path
            self.budget = budget
        }

        func location(_ mark: Mark?) -> SourceLocation {
            guard let mark else { return .file(path) }
            return SourceLocation(file: path, line: mark.line, column: mark.column)
        }

        mutating func convert(_ node: Node) throws -> SourceNode {
            used += 1
            if used > budget {
                throw Problem(
                    message:
                        "anchors and aliases expand this file past \(budget) values; write the values out or use fewer aliases",
                    location: location(node.mark))
            }
            switch node {
            case .scalar(let scalar):
                return Self.resolve(scalar, at: location(scalar.mark))
            case .sequence(let sequence):
                var elements: [SourceNode] = []
                elements.reserveCapacity(sequence.count)
                for element in sequence {
                    elements.append(try convert(element))
                }
                return SourceNode(.list(elements), location: location(sequence.mark))
            case .mapping(let mapping):
                var entries: [SourceEntry] = []
                entries.reserveCapacity(mapping.count)
                for (key, value) in mapping {
                    guard case .scalar(let keyScalar) = key else {
                        throw Problem(
                            message: "a map key must be plain text, not a list or a map",
                            location: location(key.mark))
                    }
                    if keyScalar.string == "<<" && keyScalar.style == .plain {
                        throw Problem(
                            message: "merge keys (<<) are not supported; write the fields out",
                            location: location(keyScalar.mark))
                    }
                    entries.append(
                        SourceEntry(
                            key: keyScalar.string, keyLocation: location(keyScalar.mark),
                            value: try convert(value)))
                }
                return SourceNode(.map(entries), location: location(mapping.mark))
            case .alias(let alias):
                throw Problem(message: "unresolved alias *\(alias.anchor)", location: location(alias.mark))
            }
        }

        /// Resolves a scalar by the YAML 1.2 core schema (see `SourceNode`).
        static func resolve(_ scalar: Node.Scalar, at location: SourceLocation) -> SourceNode {
            let text = scalar.string
            guard scalar.style == .plain || scalar.style == .any else {
                return SourceNode(.string(text), raw: text, isQuoted: true, location: location)
            }
            return SourceLoader.resolvePlain(text, at: location)
        }
    }
}

extension SourceLoader {
    /// Resolves the text of an unquoted scalar by the YAML 1.2 core schema (see `SourceNode`),
    /// as loading a file does; for nodes built without YAML text (`diff` of a content.json).
    package static func resolvePlain(_ text: String, at location: SourceLocation) -> SourceNode {
        if let special = special(plain: text, at: location) { return special }
        if let first = text.utf8.first, (first >= 0x30 && first <= 0x39) || first == 0x2B || first == 0x2D || first == 0x2E {
            if let int = integer(plain: text) { return SourceNode(.int(int), raw: text, location: location) }
            if text.hasPrefix("0x"), let int = Int(text.dropFirst(2), radix: 16) {
                return SourceNode(.int(int), raw: text, location: location)
            }
            if text.hasPrefix("0o"), let int = Int(text.dropFirst(2), radix: 8) {
                return SourceNode(.int(int), raw: text, location: location)
            }
            let numeric = text.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x65 || $0 == 0x45
            }
            if numeric, text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), let double = Double(text) {
                return SourceNode(.number(double), raw: text, location: location)
            }
        }
        return SourceNode(.string(text), raw: text, location: location)
    }

    /// The null, bool, infinity or NaN a plain scalar spells (`resolvePlain`), if any.
    static func special(plain text: String, at location: SourceLocation) -> SourceNode? {
        // Each spelling's first byte and length: most texts, and keys like `name` or `id`, are
        // compared with none of the spellings or a few.
        switch (text.utf8.first, text.utf8.count) {
        case (nil, _), (UInt8(ascii: "~"), 1), (UInt8(ascii: "n"), 4), (UInt8(ascii: "N"), 4), (UInt8(ascii: "t"), 4),
            (UInt8(ascii: "T"), 4), (UInt8(ascii: "f"), 5), (UInt8(ascii: "F"), 5), (UInt8(ascii: "."), 4),
            (UInt8(ascii: "+"), 5), (UInt8(ascii: "-"), 5):
            break
        default:
            return nil
        }
        if isNull(plain: text) { return SourceNode(.null, raw: text, location: location) }
        switch text {
        case "true", "True", "TRUE":
            return SourceNode(.bool(true), raw: text, location: location)
        case "false", "False", "FALSE":
            return SourceNode(.bool(false), raw: text, location: location)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
            return SourceNode(.number(.infinity), raw: text, location: location)
        case "-.inf", "-.Inf", "-.INF":
            return SourceNode(.number(-.infinity), raw: text, location: location)
        case ".nan", ".NaN", ".NAN":
            return SourceNode(.number(.nan), raw: text, location: location)
        default:
            return nil
        }
    }

    /// Whether a plain scalar is null (`resolvePlain`): empty, `~` or `null` in one of its
    /// spellings.
    ///
    /// Like `special(plain:at:)`, it compares only a text of the spellings' first bytes and
    /// lengths (the gohike reader asks for every leaf).
    package static func isNull(plain text: String) -> Bool {
        switch (text.utf8.first, text.utf8.count) {
        case (nil, _), (UInt8(ascii: "~"), 1): true
        case (UInt8(ascii: "n"), 4), (UInt8(ascii: "N"), 4): text == "null" || text == "Null" || text == "NULL"
        default: false
        }
    }

    /// The int a plain scalar of decimal digits (and signs) resolves to (`resolvePlain`).
    package static func integer(plain text: String) -> Int? {
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D }) else { return nil }
        return Int(text)
    }
}
