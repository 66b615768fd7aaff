import Foundation

extension Array where Element: Sendable {
    /// Maps the elements in parallel on all cores with a task group, keeping their order.
    /// Elements are handed out in chunks so that thousands of small files cost few tasks.
    package func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T) async -> [T] {
        guard count > 1 else { return map(transform) }
        let chunkCount = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let chunkSize = (count + chunkCount - 1) / chunkCount
        return await withTaskGroup(of: (Int, [T]).self) { group in
            for start in stride(from: 0, to: count, by: chunkSize) {
                let slice = Array(self[start..<Swift.min(start + chunkSize, count)])
                group.addTask { (start, slice.map(transform)) }
            }
            var results = [(Int, [T])]()
            for await part in group { results.append(part) }
            return results.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
