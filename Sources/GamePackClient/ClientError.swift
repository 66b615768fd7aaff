import Foundation
import GamePackFormat

/// Why an update or a load did not happen. Every refusal leaves the installed content as it was.
public enum GamePackClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request could not be made or was cut (`url`, the transport's reason).
    case network(url: String, reason: String)
    /// The server answered with an unexpected HTTP status.
    case httpStatus(url: String, status: Int)
    /// A signature did not verify with the pinned public key or a key of its current key set
    /// (`what`: the pointer, the bundled pack).
    case untrusted(what: String, reason: String)
    /// Something signed or listed does not belong to this client's project or channel.
    case wrongProject(what: String, expected: String, actual: String)
    /// The channel offers a sequence not above the installed one: a rollback or a replay.
    case sequenceNotIncreasing(installed: Int64, offered: Int64)
    /// The channel pointer (or the pack's manifest) expired at `expires` (ISO 8601): the
    /// channel looks frozen.
    case expired(what: String, expires: String)
    /// Bytes do not match the SHA-256 or size they must have.
    case integrity(what: String, reason: String)
    /// A pointer or manifest cannot be parsed.
    case invalid(what: String, reason: String)
    /// Installing would take more than the storage budget.
    case storageBudgetExceeded(needed: Int64, budget: Int64)
    /// Nothing is installed and no usable bundled pack is configured.
    case noContent(reason: String)
    /// The channel serves no pack that a client of content format `clientFormat` reads (the
    /// oldest it serves needs `needed`).
    case noCompatiblePack(clientFormat: Int, needed: Int)
    /// A file of the store could not be read or written.
    case io(path: String, reason: String)
    /// Key set `version` of the project does not follow the chain from the pinned key (unsigned,
    /// signed by a removed or unknown key, a cycle, …); the keys verified before it stay.
    case keySetRefused(version: Int, reason: String)
    /// A download did not end within its deadline (`seconds`, from
    /// `Configuration.downloadDeadline` and its size): a body trickling in too slowly.
    case deadlineExceeded(url: String, seconds: Int)

    public var description: String {
        switch self {
        case .network(let url, let reason): "cannot download \(url): \(reason)"
        case .httpStatus(let url, let status): "\(url): the server answered HTTP \(status)"
        case .untrusted(let what, let reason): "\(what) is not signed by the pinned key or its current key set: \(reason)"
        case .wrongProject(let what, let expected, let actual):
            "\(what) is for \(actual), this client is for \(expected)"
        case .sequenceNotIncreasing(let installed, let offered):
            "the channel offers sequence \(offered), not above the installed \(installed): refused as a rollback"
        case .expired(let what, let expires): "\(what) expired at \(expires): refused as frozen content"
        case .integrity(let what, let reason): "\(what): \(reason)"
        case .invalid(let what, let reason): "\(what) is invalid: \(reason)"
        case .storageBudgetExceeded(let needed, let budget):
            "the update needs \(needed) bytes of storage, over the budget of \(budget) bytes"
        case .noContent(let reason): "no usable content: \(reason)"
        case .noCompatiblePack(let clientFormat, let needed):
            "the channel serves no pack this app reads: it reads content format \(clientFormat), the oldest pack on the "
                + "channel needs \(needed); publish a pack for format \(clientFormat) or update the app"
        case .io(let path, let reason): "\(path): \(reason)"
        case .keySetRefused(let version, let reason):
            "key set \(version) is refused, the client keeps its current keys: \(reason)"
        case .deadlineExceeded(let url, let seconds):
            "\(url) did not arrive within its deadline of \(seconds) s (Configuration.downloadDeadline: a base time plus "
                + "its size at the minimum rate); the server or network is too slow, try again later"
        }
    }
}
