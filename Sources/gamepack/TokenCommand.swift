import ArgumentParser
import Foundation
import GamePackFormat
import GamePackServer
import Logging

/// `gamepack serve token create|revoke|list`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, revoke or list upload tokens (stored hashed; a token is shown only once).",
        subcommands: [Create.self, Revoke.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an upload token and print it (give it to publishers as GAMEPACK_TOKEN).")
        @OptionGroup var storeOptions: ServerStoreOptions
        @Option(help: "Who or what the token is for.")
        var note: String = ""

        func run() async throws {
            try await TokenCommand.withStore(storeOptions) { store in
                let (token, stored) = UploadTokens.create(note: note)
                try await store.insertToken(stored)
                print(token)
                Terminal.info("token \(stored.id) created; it is shown only this once")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a token, given the token itself or its id.")
        @OptionGroup var storeOptions: ServerStoreOptions
        @Argument(help: "The token (gpt_…) or its 12-digit id from `token list`.")
        var token: String

        func run() async throws {
            try await TokenCommand.withStore(storeOptions) { store in
                let key = token.hasPrefix("gpt_") ? UploadTokens.hash(token) : token
                guard try await store.revokeToken(idOrHash: key, at: ChannelPointer.formatTime(Date())) else {
                    Terminal.error("no active token matches \(token.hasPrefix("gpt_") ? "that token" : token)")
                    throw ExitCode(1)
                }
                print("revoked")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List tokens: id, created, revoked, note.")
        @OptionGroup var storeOptions: ServerStoreOptions

        func run() async throws {
            try await TokenCommand.withStore(storeOptions) { store in
                for token in try await store.tokens() {
                    print(
                        "\(token.id)  created \(token.created)  \(token.revoked.map { "revoked \($0)" } ?? "active")  \(token.note)"
                    )
                }
            }
        }
    }

    /// Opens the store (migrating it), runs `body`, closes it; I/O problems exit 2.
    static func withStore(_ options: ServerStoreOptions, _ body: (any MetadataStore) async throws -> Void) async throws {
        let store: any MetadataStore
        do {
            try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)
            store = try await options.location().open()
        } catch {
            throw failure(error)
        }
        do {
            try await body(store)
        } catch let exit as ExitCode {
            await store.close()
            throw exit
        } catch {
            await store.close()
            throw failure(error)
        }
        await store.close()
    }
}
