/// "Did you mean" suggestions by edit distance.
public enum Suggestions {
    /// The candidate closest to `word` by Levenshtein distance, if it is close enough to be a
    /// plausible typo (at most a third of the word's length, and at least one edit allowed).
    public static func closest<S: Sequence>(to word: String, among candidates: S) -> String?
    where S.Element == String {
        let limit = max(1, (word.count + 2) / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// The Levenshtein distance between two strings, in characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
