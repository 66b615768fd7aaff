import Foundation

/// A compiled `$regex` with its `$options` (`i` case-insensitive, `m` multi-line anchors, `s`
/// dot matches new lines), matched by backtracking over a string's Unicode code points, never
/// its grapheme clusters: `^👩` matches the start of `👩‍💻`, and `e` + U+0301 is not `é`.
/// Every step is counted against the request's `KinveyBudget`, so a pattern that would
/// backtrack for ever is cut off with a 400 instead of hanging.
struct KinveyRegex: Sendable {
    let nodes: [KinveyRegexNode]
    let ignoreCase: Bool
    let multiline: Bool
    let dotAll: Bool

    /// The longest pattern accepted, in code points.
    static let maxPatternLength = 1_024
    /// The most times a group may repeat in one match (each repetition nests a call).
    static let maxGroupRepetitions = 1_000

    init(pattern: String, options: String) throws(KinveyJSONParser.Failure) {
        guard pattern.unicodeScalars.count <= Self.maxPatternLength else {
            throw KinveyJSONParser.Failure(
                message: "$regex is \(pattern.unicodeScalars.count) characters long; at most \(Self.maxPatternLength) are allowed"
            )
        }
        if let unknown = options.first(where: { !"ims".contains($0) }) {
            throw KinveyJSONParser.Failure(message: "$options \"\(unknown)\" is not supported (i, m and s are)")
        }
        nodes = try KinveyRegexSyntax.parse(pattern)
        ignoreCase = options.contains("i")
        multiline = options.contains("m")
        dotAll = options.contains("s")
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String, budget: KinveyBudget) throws -> Bool {
        let subject = Array(text.unicodeScalars)
        let run = Run(regex: self, subject: subject, budget: budget)
        var anchored = false
        var firstScalar: Unicode.Scalar?
        switch nodes.first {
        case .textStart?: anchored = true
        case .lineStart?: anchored = !multiline
        case .scalar(let scalar)?: firstScalar = ignoreCase ? nil : scalar
        default: break
        }
        for start in 0...subject.count {
            if anchored && start > 0 { break }
            // A literal first code point: positions that do not hold it cannot start a match.
            if let firstScalar, start == subject.count || subject[start] != firstScalar { continue }
            if try run.sequence(nodes[...], at: start, then: { _ in true }) { return true }
        }
        return false
    }

    /// One match attempt's state.
    struct Run {
        let regex: KinveyRegex
        let subject: [Unicode.Scalar]
        let budget: KinveyBudget

        func sequence(_ nodes: ArraySlice<KinveyRegexNode>, at position: Int, then rest: (Int) throws -> Bool) throws -> Bool {
            guard let node = nodes.first else { return try rest(position) }
            return try self.node(node, at: position) { next in try sequence(nodes.dropFirst(), at: next, then: rest) }
        }

        func node(_ node: KinveyRegexNode, at position: Int, then rest: (Int) throws -> Bool) throws -> Bool {
            try budget.spend()
            switch node {
            case .group(let alternatives):
                for alternative in alternatives where try sequence(alternative[...], at: position, then: rest) { return true }
                return false
            case .repeated(let inner, let min, let max, let greedy):
                if let width = singleWidth(inner) {
                    return try repeatSingle(width, min: min, max: max, greedy: greedy, at: position, then: rest)
                }
                return try repeatGroup(inner, count: 0, min: min, max: max, greedy: greedy, at: position, then: rest)
            default:
                guard let next = step(node, at: position) else { return false }
                return try rest(next)
            }
        }

        /// Where a node of width 0 or 1 leaves the match, or nil when it does not match here.
        func step(_ node: KinveyRegexNode, at position: Int) -> Int? {
            let count = subject.count
            switch node {
            case .scalar(let expected):
                guard position < count else { return nil }
                let actual = subject[position]
                if actual == expected { return position + 1 }
                return regex.ignoreCase && KinveyRegexSyntax.caseVariants(actual).contains(expected) ? position + 1 : nil
            case .anyScalar:
                return position < count && (regex.dotAll || subject[position] != "\n") ? position + 1 : nil
            case .set(let set):
                return position < count && set.contains(subject[position], ignoringCase: regex.ignoreCase) ? position + 1 : nil
            case .lineStart:
                return position == 0 || (regex.multiline && subject[position - 1] == "\n") ? position : nil
            case .lineEnd:
                if position == count || (regex.multiline && subject[position] == "\n") { return position }
                return position == count - 1 && subject[position] == "\n" ? position : nil
            case .textStart:
                return position == 0 ? position : nil
            case .textEnd(let beforeFinalNewline):
                if position == count { return position }
                return beforeFinalNewline && position == count - 1 && subject[position] == "\n" ? position : nil
            case .wordBoundary(let wanted):
                let before = position > 0 && KinveyRegexSyntax.isNamed("w", subject[position - 1])
                let after = position < count && KinveyRegexSyntax.isNamed("w", subject[position])
                return (before != after) == wanted ? position : nil
            case .group, .repeated:
                return nil
            }
        }

        /// A node that always consumes exactly one code point: repeated without recursion.
        func singleWidth(_ node: KinveyRegexNode) -> KinveyRegexNode? {
            switch node {
            case .scalar, .anyScalar, .set: node
            default: nil
            }
        }

        func repeatSingle(
            _ node: KinveyRegexNode, min: Int, max: Int?, greedy: Bool, at position: Int, then rest: (Int) throws -> Bool
        ) throws -> Bool {
            var reach = position
            let limit = max ?? Int.max
            while reach - position < limit, let next = step(node, at: reach) {
                try budget.spend()
                reach = next
            }
            let most = reach - position
            guard most >= min else { return false }
            if greedy {
                for count in stride(from: most, through: min, by: -1) where try rest(position + count) { return true }
            } else {
                for count in min...most where try rest(position + count) { return true }
            }
            return false
        }

        func repeatGroup(
            _ node: KinveyRegexNode, count: Int, min: Int, max: Int?, greedy: Bool, at position: Int,
            then rest: (Int) throws -> Bool
        ) throws -> Bool {
            try budget.spend()
            guard count <= KinveyRegex.maxGroupRepetitions else {
                throw KinveyError.syntax("$regex repeats a group more than \(KinveyRegex.maxGroupRepetitions) times in one match")
            }
            let canStop = count >= min
            let canGo = max.map { count < $0 } ?? true
            func again() throws -> Bool {
                try self.node(node, at: position) { next in
                    // An iteration that consumed nothing would repeat for ever.
                    guard next != position || count < min else { return false }
                    return try repeatGroup(node, count: count + 1, min: min, max: max, greedy: greedy, at: next, then: rest)
                }
            }
            if greedy {
                if canGo, try again() { return true }
                return try canStop && rest(position)
            }
            if try canStop && rest(position) { return true }
            return try canGo && again()
        }
    }
}

/// The work one request may spend evaluating a query (regex steps above all): a pattern that
/// would backtrack for ever stops with a 400 naming the limit.
final class KinveyBudget {
    /// Steps one request may take.
    static let defaultSteps = 4_000_000
    private(set) var remaining: Int

    init(steps: Int = KinveyBudget.defaultSteps) {
        remaining = steps
    }

    func spend() throws {
        remaining -= 1
        if remaining < 0 {
            throw KinveyError.syntax(
                "the query needs more than \(Self.defaultSteps) evaluation steps (a $regex that backtracks too much?); simplify it"
            )
        }
    }
}
