import Foundation

extension Suggestions {
    /// What a suggested path must name.
    public enum PathKind: Sendable {
        /// A folder (a project).
        case folder
        /// A regular file (a pack, a key).
        case file
        /// Either.
        case any
    }

    /// The existing path closest to `path`, a path that does not exist, as the user would type
    /// it: each component from the first missing one on is replaced by the closest name in its
    /// parent folder ("examples/gohike-amsterdm" → "examples/gohike-amsterdam"). Nil when a
    /// component has no plausible match, or when the match is not of `kind`. Relative paths are
    /// resolved against `base` (default: the current folder).
    public static func existingPath(near path: String, kind: PathKind, base: URL? = nil) -> String? {
        let fm = FileManager.default
        let absolute = path.hasPrefix("/")
        var current = absolute ? URL(fileURLWithPath: "/") : base ?? URL(fileURLWithPath: fm.currentDirectoryPath)
        var corrected: [String] = []
        var changed = false
        let components = path.split(separator: "/").map(String.init)
        for (index, component) in components.enumerated() {
            let isLast = index == components.count - 1
            let candidate = current.appendingPathComponent(component)
            if component == "." || component == ".." || fm.fileExists(atPath: candidate.path) {
                corrected.append(component)
                current = candidate
                continue
            }
            guard let names = try? fm.contentsOfDirectory(atPath: current.path) else { return nil }
            let fitting = names.filter { name in
                guard !name.hasPrefix(".") || component.hasPrefix(".") else { return false }
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: current.appendingPathComponent(name).path, isDirectory: &isDirectory) else {
                    return false
                }
                switch isLast ? kind : .folder {
                case .folder: return isDirectory.boolValue
                case .file: return !isDirectory.boolValue
                case .any: return true
                }
            }
            guard let best = closest(to: component, among: fitting) else { return nil }
            corrected.append(best)
            current = current.appendingPathComponent(best)
            changed = true
        }
        guard changed else { return nil }
        return (absolute ? "/" : "") + corrected.joined(separator: "/")
    }
}
