import Foundation
import GamePackFormat

extension GamePackClient {
    /// Where content comes from, whom to trust, and where it is kept.
    public struct Configuration: Sendable {
        /// The server's base URL or a static tree's (`http(s)://…/` or `file:///…/`); both serve
        /// the layout of `PublishLayout`.
        public var baseURL: URL
        /// The project id (`PackManifest.project`); content for another project is refused.
        public var project: String
        /// The channel to follow (`production`, `staging`, …).
        public var channel: String
        /// The release public key pinned in the app: pointers and bundled packs must verify with it.
        public var publicKey: MinisignPublicKey
        /// A folder the client owns (created when missing): installed versions, downloads.
        public var storageDirectory: URL
        /// The pack shipped inside the app, used until an update is installed and whenever the
        /// installed content is found corrupt.
        public var bundledPack: URL?
        /// The bundled pack's signature; nil for `bundledPack` + `.minisig`.
        public var bundledSignature: URL?
        /// The most bytes the store may hold (installed files and downloads); nil for no limit.
        /// Checked before an update downloads, and again as each download's bytes arrive.
        public var storageBudget: Int64?
        /// How much `current` checks the installed files when it loads them.
        public var loadVerification: LoadVerification
        /// How many times a cut download is resumed within one `update()` before it fails (the
        /// partial file is kept for the next `update()` either way).
        public var retries: Int
        /// Seconds without data before a request fails.
        public var timeout: TimeInterval
        /// How long a download may take in all, scaled to its size (a body trickling in a byte at
        /// a time never resets it, unlike `timeout`).
        public var downloadDeadline: DownloadDeadline
        /// Receives progress during `update()`; called on an arbitrary thread.
        public var progress: (@Sendable (UpdateProgress) -> Void)?
        /// The clock expiry is checked against (tests set it).
        public var now: @Sendable () -> Date
        /// The newest client content format the app's code reads: a pack that needs a newer one
        /// is never installed, and the channel's newest pack this format reads is taken instead.
        public var contentFormat: Int
        /// The version of the key set `publicKey` belongs to: 0 (the default) for the key the
        /// first release shipped with; an app built after a rotation pins a key of the current
        /// set and that set's version, and follows the sets after it.
        public var keySetVersion = 0
        /// Whether the client tells an `http(s)` server which version it runs, after each successful
        /// `check()` and `update()`, at most once per UTC day and version, for the channel's
        /// adoption figures (`GamePackClient+Adoption.swift`). It sends the version and the
        /// install's rollout bucket, never the install id. Off unless the app opts in.
        public var reportsAdoption: Bool = false

        public init(
            baseURL: URL, project: String, channel: String, publicKey: MinisignPublicKey, storageDirectory: URL,
            bundledPack: URL? = nil, bundledSignature: URL? = nil, storageBudget: Int64? = nil,
            loadVerification: LoadVerification = .full, retries: Int = 3, timeout: TimeInterval = 30,
            downloadDeadline: DownloadDeadline = .standard, progress: (@Sendable (UpdateProgress) -> Void)? = nil,
            now: @escaping @Sendable () -> Date = { Date() }, contentFormat: Int = PackFormat.clientFormat
        ) {
            self.contentFormat = contentFormat
            self.baseURL = baseURL
            self.project = project
            self.channel = channel
            self.publicKey = publicKey
            self.storageDirectory = storageDirectory
            self.bundledPack = bundledPack
            self.bundledSignature = bundledSignature
            self.storageBudget = storageBudget
            self.loadVerification = loadVerification
            self.retries = retries
            self.timeout = timeout
            self.downloadDeadline = downloadDeadline
            self.progress = progress
            self.now = now
        }
    }

    /// How installed files are checked when `current` first loads them.
    public enum LoadVerification: Sendable {
        /// Every file's SHA-256 against the manifest (reads all installed bytes once per launch).
        case full
        /// Every file's presence and size only: fast, catches truncation but not bit flips.
        case sizes
    }

    /// Where an update is.
    public struct UpdateProgress: Sendable, Equatable {
        /// The step under way.
        public enum Phase: String, Sendable {
            /// Fetching and verifying the channel pointer and manifest.
            case checking
            /// Downloading missing files (bytes).
            case downloading
            /// Checking every file of the new content (`totalBytes` counts files).
            case verifying
            /// Writing the version and switching `current`.
            case applying
            /// Removing old versions and files.
            case cleaning
        }
        /// The step under way.
        public var phase: Phase
        /// Bytes of the phase done so far (downloads: bytes received, resumed bytes included).
        public var completedBytes: Int64
        /// Bytes the phase will take in all (0 when unknown).
        public var totalBytes: Int64

        public init(phase: Phase, completedBytes: Int64 = 0, totalBytes: Int64 = 0) {
            self.phase = phase
            self.completedBytes = completedBytes
            self.totalBytes = totalBytes
        }
    }

    /// What `check()` found on the channel.
    public enum UpdateCheck: Sendable, Equatable {
        /// The channel serves the installed content.
        case upToDate(sequence: Int64)
        /// Newer content: its verified pointer, and the bytes of files not already installed.
        case available(ChannelPointer, downloadBytes: Int64)
    }

    /// What `update()` did.
    public struct UpdateResult: Sendable {
        /// The content now current.
        public var content: InstalledContent
        /// Whether new content was installed (false: already up to date).
        public var updated: Bool
        /// Bytes received over the network for files (pointer and manifest included).
        public var downloadedBytes: Int64
        /// Files downloaded (each distinct SHA-256 once).
        public var downloadedFiles: Int
        /// Files of the new content that were already installed and were not downloaded.
        public var reusedFiles: Int
    }
}
