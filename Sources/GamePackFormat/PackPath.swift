/// Paths of files inside a pack, checked so that no entry can escape the folder a pack is
/// extracted into or collide with another entry on a case-insensitive file system.
public enum PackPath {
    /// Why a path is refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case absolute(String)
        case parentReference(String)
        case invalidCharacter(String)
        case tooLong(String)

        public var description: String {
            switch self {
            case .empty: "an empty path"
            case .absolute(let p): "'\(p)' is absolute; pack paths are relative"
            case .parentReference(let p): "'\(p)' climbs out with .. or names . as a component"
            case .invalidCharacter(let p): "'\(p)' contains a backslash, a colon, a NUL or a control character"
            case .tooLong(let p): "'\(p.prefix(40))…' is longer than \(maxLength) bytes"
            }
        }
    }

    /// The longest path accepted, in UTF-8 bytes.
    public static let maxLength = 1024

    /// Returns `path` if it is a safe, normalized relative path (`a/b.json`), else throws.
    @discardableResult
    public static func validate(_ path: String) throws -> String {
        if path.isEmpty { throw Problem.empty }
        if path.utf8.count > maxLength { throw Problem.tooLong(path) }
        if isAbsolute(path) { throw Problem.absolute(path) }
        for scalar in path.unicodeScalars where scalar == "\\" || scalar == ":" || scalar.value < 0x20 || scalar.value == 0x7F {
            throw Problem.invalidCharacter(path)
        }
        for component in parts(of: path, keepingEmpty: true) {
            if component == ".." || component == "." || component.isEmpty { throw Problem.parentReference(path) }
        }
        return path
    }

    /// Whether `path` starts with a `/` byte: an absolute path, also when an accent follows the
    /// `/` (then `hasPrefix("/")`, which compares characters, says no).
    public static func isAbsolute<Path: StringProtocol>(_ path: Path) -> Bool {
        path.utf8.first == UInt8(ascii: "/")
    }

    /// The parts of `path` between its `/` bytes, as a file system reads it, empty parts left
    /// out unless `keepingEmpty`. Not between `/` characters: a `/` followed by a combining
    /// accent is one character that is not `/`, so `../\u{301}x` is one part to a split at
    /// characters, and climbs out of the folder with `..` to the file system.
    public static func parts(of path: String, keepingEmpty: Bool = false) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: !keepingEmpty).map { Substring($0) }
    }
}
