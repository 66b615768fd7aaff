import Foundation

/// A key set: the minisign keys that may sign a project's channel pointers and packs, version N
/// of a chain (TUF's root rotation, in minisign's format).
///
/// Servers and static trees serve it as `v1/keys/<project>/<N>.json` with its detached
/// signature beside it (`.json.minisig`), made by a key of set N−1 (for set 1, by the key the
/// app ships with) with the trusted comment `gamepack key set <project> version <N>`.
/// `KeyChain` follows the sets from the shipped key to the current one.
public struct KeySet: Codable, Sendable, Equatable {
    /// One key of the set.
    public struct Key: Codable, Sendable, Equatable {
        /// The key id as minisign prints it (16 uppercase hex digits, `MinisignPublicKey.keyIDHex`).
        public var id: String
        /// The base64 line of the key's `.pub` file (what `minisign -P` takes).
        public var publicKey: String
        /// After this instant (ISO 8601, UTC) the key signs nothing more, if set.
        public var expires: String?

        public init(id: String, publicKey: String, expires: String? = nil) {
            self.id = id
            self.publicKey = publicKey
            self.expires = expires
        }

        /// The entry of `key`, expiring at `expires` (ISO 8601) if given.
        public init(_ key: MinisignPublicKey, expires: String? = nil) {
            self.init(id: key.keyIDHex, publicKey: key.base64, expires: expires)
        }

        /// The minisign public key of the entry.
        public func minisignKey() throws -> MinisignPublicKey {
            try MinisignPublicKey(fileContents: publicKey)
        }

        /// Whether the key has expired at `date` (never, when it has no expiry).
        public func isExpired(at date: Date) -> Bool {
            guard let expires, let limit = ChannelPointer.parseTime(expires) else { return false }
            return date >= limit
        }
    }

    /// The key set format version (`KeySet.currentFormat`).
    public var format: Int
    /// The project id (`PackManifest.project`).
    public var project: String
    /// 1, 2, 3, … along the chain; the keys the app ships with are version 0.
    public var version: Int
    /// When the set was written (ISO 8601, UTC).
    public var created: String
    /// The keys that may sign, at least one, each id once.
    public var keys: [Key]

    /// The format this code writes and the newest it reads.
    public static let currentFormat = 1

    public init(
        format: Int = KeySet.currentFormat, project: String, version: Int, created: String, keys: [Key]
    ) {
        self.format = format
        self.project = project
        self.version = version
        self.created = created
        self.keys = keys
    }

    /// The ids of the set's keys.
    public var keyIDs: [String] { keys.map(\.id) }

    /// Pretty, key-sorted JSON with a final newline: the exact bytes that are signed and served.
    public func encoded() throws -> Data { try StableJSON.encode(self) }

    /// Parses and checks a key set: known format, a safe project name, a version of at least 1,
    /// at least one key, unique ids that match their keys, parseable times.
    public static func decode(_ data: Data) throws -> KeySet {
        let set: KeySet
        do {
            set = try JSONDecoder().decode(KeySet.self, from: data)
        } catch {
            throw KeySetError.invalid("not a gamepack key set (\(error))")
        }
        guard set.format >= 1, set.format <= currentFormat else {
            throw KeySetError.invalid("format \(set.format) is not one this gamepack understands (\(currentFormat))")
        }
        guard ChannelPointer.isSafeName(set.project) else {
            throw KeySetError.invalid("project \"\(set.project)\" is not a safe name")
        }
        guard set.version >= 1 else { throw KeySetError.invalid("version \(set.version) is below 1") }
        guard ChannelPointer.parseTime(set.created) != nil else {
            throw KeySetError.invalid("created is not an ISO 8601 time")
        }
        guard !set.keys.isEmpty else { throw KeySetError.invalid("it lists no keys: a key set needs at least one") }
        var seen = Set<String>()
        for key in set.keys {
            guard seen.insert(key.id).inserted else { throw KeySetError.invalid("key \(key.id) is listed twice") }
            let parsed: MinisignPublicKey
            do {
                parsed = try key.minisignKey()
            } catch {
                throw KeySetError.invalid("key \(key.id): \(error)")
            }
            guard parsed.keyIDHex == key.id else {
                throw KeySetError.invalid("key \(key.id) has the public key of \(parsed.keyIDHex)")
            }
            if let expires = key.expires, ChannelPointer.parseTime(expires) == nil {
                throw KeySetError.invalid("key \(key.id): expires is not an ISO 8601 time")
            }
        }
        return set
    }
}

/// A key set that cannot be used, or a signature by a key the key sets do not trust.
public enum KeySetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a valid key set.
    case invalid(String)
    /// The key set does not follow the chain (`version` is the set's version): the reason says
    /// why and what to do.
    case refused(version: Int, reason: String)
    /// A pointer or pack is signed by a key the current set does not hold (or holds expired).
    case untrustedKey(String)

    public var description: String {
        switch self {
        case .invalid(let why): "key set: \(why)"
        case .refused(let version, let reason): "key set \(version) refused: \(reason)"
        case .untrustedKey(let why): why
        }
    }
}
