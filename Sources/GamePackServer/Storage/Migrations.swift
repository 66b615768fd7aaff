/// The versioned schema, shared by both stores: migration N is applied once, in order, at
/// start, and recorded in `schema_migrations`. Only append new migrations; never edit one that
/// has shipped.
public enum SchemaMigrations {
    /// One schema change.
    public struct Migration: Sendable {
        /// 1, 2, 3, … in order.
        public let version: Int
        /// What it does, for people reading `schema_migrations`.
        public let name: String
        /// Statements, with `BIGINT` for 64-bit integers (SQLite reads it as INTEGER affinity).
        public let statements: [String]
        /// Statements PostgreSQL runs after `statements` and SQLite skips (settings SQLite has no
        /// word for, such as a column's storage).
        public let postgresOnly: [String]

        public init(version: Int, name: String, statements: [String], postgresOnly: [String] = []) {
            self.version = version
            self.name = name
            self.statements = statements
            self.postgresOnly = postgresOnly
        }
    }

    /// Every migration this code knows, oldest first.
    public static let all: [Migration] = [
        Migration(
            version: 1, name: "packs, channels, tokens, check-ins",
            statements: [
                """
                CREATE TABLE packs (
                    sha256 TEXT PRIMARY KEY,
                    project TEXT NOT NULL,
                    version TEXT NOT NULL,
                    sequence BIGINT NOT NULL,
                    size BIGINT NOT NULL,
                    manifest_sha256 TEXT NOT NULL,
                    key_id TEXT NOT NULL,
                    legacy_sha256 TEXT,
                    legacy_size BIGINT,
                    legacy_version TEXT,
                    uploaded TEXT NOT NULL
                )
                """,
                // The head of every channel; the conditional upsert on it serializes writers.
                """
                CREATE TABLE channels (
                    project TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    sequence BIGINT NOT NULL,
                    PRIMARY KEY (project, channel)
                )
                """,
                """
                CREATE TABLE channel_entries (
                    project TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    sequence BIGINT NOT NULL,
                    pack_sha256 TEXT NOT NULL REFERENCES packs (sha256),
                    version TEXT NOT NULL,
                    size BIGINT NOT NULL,
                    manifest_sha256 TEXT NOT NULL,
                    created TEXT NOT NULL,
                    expires TEXT,
                    action TEXT NOT NULL,
                    pointer TEXT NOT NULL,
                    signature TEXT NOT NULL,
                    recorded TEXT NOT NULL,
                    PRIMARY KEY (project, channel, sequence)
                )
                """,
                """
                CREATE TABLE tokens (
                    id TEXT PRIMARY KEY,
                    hash TEXT NOT NULL UNIQUE,
                    created TEXT NOT NULL,
                    revoked TEXT,
                    note TEXT NOT NULL
                )
                """,
                """
                CREATE TABLE checkins (
                    device TEXT NOT NULL,
                    location_id BIGINT NOT NULL,
                    route_id BIGINT NOT NULL,
                    timestamp TEXT NOT NULL,
                    received TEXT NOT NULL,
                    PRIMARY KEY (device, location_id, route_id)
                )
                """,
            ]),
        Migration(
            version: 2, name: "player accounts and their sessions",
            statements: [
                // One realm per game API app (`appacitive:<project>`, `kinvey:<appKey>`).
                """
                CREATE TABLE accounts (
                    realm TEXT NOT NULL,
                    id TEXT NOT NULL,
                    username TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    profile TEXT NOT NULL,
                    created TEXT NOT NULL,
                    PRIMARY KEY (realm, id),
                    UNIQUE (realm, username)
                )
                """,
                // Only a hash of each session token; `expires` in seconds since 1970.
                """
                CREATE TABLE account_sessions (
                    token_hash TEXT PRIMARY KEY,
                    realm TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    created BIGINT NOT NULL,
                    expires BIGINT NOT NULL
                )
                """,
                "CREATE INDEX account_sessions_expires ON account_sessions (expires)",
            ]),
        Migration(
            version: 3, name: "Kinvey player entities and files",
            statements: [
                // The entities users write to a Kinvey app's player-data collections (`PlayerStore`).
                """
                CREATE TABLE kinvey_entities (
                    app TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    id TEXT NOT NULL,
                    creator TEXT NOT NULL,
                    body TEXT NOT NULL,
                    created TEXT NOT NULL,
                    modified TEXT NOT NULL,
                    PRIMARY KEY (app, collection, id)
                )
                """,
                "CREATE INDEX kinvey_entities_creator ON kinvey_entities (app, creator)",
                // Files users uploaded (`upload-loc`); the bytes are in the data directory by SHA-256.
                """
                CREATE TABLE kinvey_files (
                    app TEXT NOT NULL,
                    name TEXT NOT NULL,
                    creator TEXT NOT NULL,
                    sha256 TEXT NOT NULL,
                    size BIGINT NOT NULL,
                    created TEXT NOT NULL,
                    PRIMARY KEY (app, name)
                )
                """,
                "CREATE INDEX kinvey_files_creator ON kinvey_files (app, creator)",
                // One-time upload URIs, by the SHA-256 of their token.
                """
                CREATE TABLE kinvey_uploads (
                    token_hash TEXT PRIMARY KEY,
                    app TEXT NOT NULL,
                    creator TEXT NOT NULL,
                    name TEXT NOT NULL,
                    expires TEXT NOT NULL
                )
                """,
            ]),
        Migration(
            version: 4, name: "key sets of each project's signing-key chain",
            statements: [
                // `KeySet` bytes as signed, with their minisign signature: version 1, 2, 3, … per project.
                """
                CREATE TABLE key_sets (
                    project TEXT NOT NULL,
                    version BIGINT NOT NULL,
                    document TEXT NOT NULL,
                    signature TEXT NOT NULL,
                    recorded TEXT NOT NULL,
                    PRIMARY KEY (project, version)
                )
                """
            ]),
        Migration(
            version: 5, name: "adoption counts",
            statements: [
                // Opted-in installs' reports, as counts only: no install id, no address. `day` is
                // the server's UTC day (`yyyy-MM-dd`); `bucket` the rollout bucket 0–99, or -1 for
                // a report without one.
                """
                CREATE TABLE adoption_counts (
                    project TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    day TEXT NOT NULL,
                    version TEXT NOT NULL,
                    bucket BIGINT NOT NULL,
                    count BIGINT NOT NULL,
                    PRIMARY KEY (project, channel, day, version, bucket)
                )
                """
            ]),
        // Pack bytes in PostgreSQL: chunks by SHA-256, blobs listing them (`PostgresBlobSchema`).
        Migration(version: 6, name: "blobs in chunks", statements: PostgresBlobSchema.statements),
        // Each chunk's CRC-32C, checked on reads, and its bytes stored uncompressed.
        Migration(
            version: 7, name: "blob chunk checksums, stored uncompressed",
            statements: PostgresBlobSchema.checksums, postgresOnly: PostgresBlobSchema.uncompressed),
    ]

    /// The newest schema version this code knows.
    public static var latest: Int { all.last?.version ?? 0 }
}
