import Foundation
import GamePackContent

/// Content files parsed while loading one version of a project, by project-relative path,
/// with their bytes: the other version reuses a parse when its file has the same bytes.
final class SharedParses: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (Data, SourceLoader.Outcome)] = [:]

    func outcome(_ data: Data, _ path: String) -> SourceLoader.Outcome {
        if let hit = lock.withLock({ entries[path] }), hit.0 == data { return hit.1 }
        let outcome = SourceLoader.load(data: data, path: path)
        lock.withLock { entries[path] = (data, outcome) }
        return outcome
    }

}
