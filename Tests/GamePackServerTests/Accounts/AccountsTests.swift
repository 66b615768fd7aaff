import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackServer

/// The shared account store: PBKDF2 against RFC 7914's vectors and Python's hashlib, accounts
/// and sessions on both stores.
@Suite("Accounts: password hashes, accounts and sessions", .serialized)
struct AccountsTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("PBKDF2-HMAC-SHA256 gives RFC 7914's test vectors (and hashlib's for a long password)")
    func vectors() {
        #expect(
            Self.hex(
                PasswordHash.pbkdf2SHA256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64))
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        )
        #expect(
            Self.hex(
                PasswordHash.pbkdf2SHA256(
                    password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000, length: 64))
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"
        )
        #expect(
            Self.hex(
                PasswordHash.pbkdf2SHA256(
                    password: Array(repeating: UInt8(ascii: "x"), count: 100), salt: Array("salt".utf8), iterations: 2, length: 32
                ))
                == "d43a18cd77bafc1a4b0c6025dbbf29c7e6d67acce6ad02a736d4a3003b6a3c26")
    }

    @Test("a hash is salted, names its iterations, and checks only its own password")
    func hashes() {
        let a = PasswordHash.make("p@ssw0rd"), b = PasswordHash.make("p@ssw0rd")
        #expect(a != b)
        #expect(a.hasPrefix("pbkdf2-sha256$\(PasswordHash.defaultIterations)$"))
        #expect(PasswordHash.verify("p@ssw0rd", against: a))
        #expect(!PasswordHash.verify("p@ssw0rD", against: a))
        #expect(!PasswordHash.verify("p@ssw0rd", against: "pbkdf2-sha256$10$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAA=="))
        #expect(!PasswordHash.isWellFormed("pbkdf2-sha256$99999999$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAA=="))
        #expect(!PasswordHash.verify("", against: "plain"))
    }

    @Test("accounts and sessions: login, wrong password, realms apart, expiry", arguments: StoreKind.available)
    func accountsAndSessions(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        defer { Task { await fixture.tearDown() } }
        let store = try #require(fixture.store as? any AccountStore)
        let accounts = UserAccounts(store: store)
        let john = try #require(try await accounts.register(realm: "appacitive:a", username: "john", password: "secret"))
        #expect(try await accounts.register(realm: "appacitive:a", username: "john", password: "other") == nil)
        #expect(try await accounts.register(realm: "kinvey:b", username: "john", password: "other") != nil)
        #expect(!john.passwordHash.contains("secret"))

        #expect(try await accounts.logIn(realm: "appacitive:a", username: "john", password: "wrong") == nil)
        #expect(try await accounts.logIn(realm: "appacitive:a", username: "nobody", password: "secret") == nil)
        let login = try #require(try await accounts.logIn(realm: "appacitive:a", username: "john", password: "secret"))
        #expect(login.account.id == john.id)
        #expect(try await accounts.session(login.token, realm: "appacitive:a") == .valid(john))
        #expect(try await accounts.session(login.token, realm: "kinvey:b") == .unknown)
        #expect(try await accounts.session(login.token + "x", realm: "appacitive:a") == .unknown)
        // Only the token's hash is stored.
        #expect(try await store.session(tokenHash: login.token) == nil)
        #expect(try await store.session(tokenHash: UserAccounts.hash(token: login.token))?.accountID == john.id)
        // Expiry: a session is refused after its time.
        #expect(
            try await accounts.session(login.token, realm: "appacitive:a", at: Date(timeIntervalSinceNow: 31 * 24 * 3600))
                == .expired)
        let short = try await accounts.openSession(for: john, seconds: 60)
        #expect(try await accounts.session(short.token, realm: "appacitive:a", at: Date(timeIntervalSinceNow: 120)) == .expired)
        #expect(try await store.deleteSessions(expiredBefore: Int64(Date().timeIntervalSince1970) + 120) == 1)
        #expect(try await accounts.session(short.token, realm: "appacitive:a") == .unknown)

        // ensure: keeps the id, changes the password.
        let again = try await accounts.ensure(realm: "appacitive:a", username: "john", password: "new", passwordHash: nil)
        #expect(again.id == john.id)
        #expect(try await accounts.logIn(realm: "appacitive:a", username: "john", password: "secret") == nil)
        #expect(try await accounts.logIn(realm: "appacitive:a", username: "john", password: "new") != nil)
    }
}
