import GamePackContent

/// A source tree reduced to what a value means (no positions, no quoting style), for checking
/// that an edited file reads back as intended.
indirect enum SourceShape: Equatable {
    case null
    case scalar(String)
    case list([SourceShape])
    case map([Pair])

    struct Pair: Equatable {
        var key: String
        var value: SourceShape
    }

    init(_ node: SourceNode) {
        switch node.value {
        case .null: self = .null
        case .list(let elements): self = .list(elements.map(SourceShape.init))
        case .map(let entries): self = .map(entries.map { Pair(key: $0.key, value: SourceShape($0.value)) })
        default: self = .scalar(node.scalarText ?? "")
        }
    }

    /// Whether two trees have the same values at the same places (line and column).
    static func sameNodes(_ a: SourceNode, _ b: SourceNode) -> Bool {
        guard a.location == b.location else { return false }
        switch (a.value, b.value) {
        case (.list(let x), .list(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameNodes($0, $1) }
        case (.map(let x), .map(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { $0.key == $1.key && $0.keyLocation == $1.keyLocation && sameNodes($0.value, $1.value) }
        default:
            return SourceShape(a) == SourceShape(b) && a.raw == b.raw
        }
    }

    /// One step of a field path: a map key or a list index.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The steps of a field path such as `details.text` or `tips[2].title`.
    static func steps(_ path: String) -> [Step] {
        var steps: [Step] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                steps.append(.key(String(rest[..<bracket])))
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { steps.append(.index(index)) }
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                steps.append(.key(String(rest)))
            }
        }
        return steps
    }

    /// This tree with the value at `steps` transformed; nil when the path does not exist.
    func updating(_ steps: ArraySlice<Step>, _ transform: (SourceShape) -> SourceShape) -> SourceShape? {
        guard let step = steps.first else { return transform(self) }
        switch (self, step) {
        case (.map(var pairs), .key(let key)):
            guard let index = pairs.firstIndex(where: { $0.key == key }),
                let updated = pairs[index].value.updating(steps.dropFirst(), transform)
            else { return nil }
            pairs[index].value = updated
            return .map(pairs)
        case (.list(var elements), .index(let index)):
            guard elements.indices.contains(index), let updated = elements[index].updating(steps.dropFirst(), transform) else {
                return nil
            }
            elements[index] = updated
            return .list(elements)
        default:
            return nil
        }
    }

    /// A localized value with the text of `locale` set to `text` (a plain string becomes a map
    /// of the default locale and `locale`).
    func settingTranslation(_ locale: String, to text: String, defaultLocale: String) -> SourceShape {
        switch self {
        case .map(var pairs):
            if let index = pairs.firstIndex(where: { $0.key == locale }) {
                pairs[index].value = .scalar(text)
            } else {
                pairs.append(Pair(key: locale, value: .scalar(text)))
            }
            return .map(pairs)
        default:
            return .map([Pair(key: defaultLocale, value: self), Pair(key: locale, value: .scalar(text))])
        }
    }
}
