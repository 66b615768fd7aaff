// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gamepack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gamepack", targets: ["gamepack"]),
        .library(
            name: "GamePackKit",
            targets: [
                "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild", "GamePackSite", "GamePackKit",
            ]
        ),
        .library(name: "GamePackFormat", targets: ["GamePackFormat"]),
        .library(name: "GamePackClient", targets: ["GamePackClient"]),
        .library(name: "GamePackServer", targets: ["GamePackServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        // The publishing client's HTTP (GamePackPublishing): on NIO, which the server links
        // already, instead of URLSession, whose libcurl and its 25 libraries cost every command
        // 7 ms to load.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "gamepack",
            dependencies: [
                "GamePackContent",
                "GamePackLocalization",
                "GamePackLint",
                "GamePackBuild",
                "GamePackSite",
                "GamePackKit",
                "GamePackFormat",
                "GamePackServer",
                "GamePackPublishing",
                "GamePackPreview",
                "GamePackStudio",
                "CMallocTuning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // GamePackKit's layers, bottom to top (CONTRIBUTING.md, "Layers"): a target imports only
        // the ones above it in this list, so a dependency upward is a build error.
        .target(
            name: "GamePackContent",
            dependencies: [
                "GamePackFormat",
                // Also gives `CYaml`, Yams's libyaml module, which Loading/YAMLEventLoader imports:
                // Yams does not offer it as a product, so it cannot be listed on its own; it is
                // the libyaml of the Yams version pinned above.
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                "CBase64",
            ]
        ),
        .target(
            name: "GamePackLocalization",
            dependencies: [
                "GamePackContent", "CLibXML2", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "GamePackLint",
            dependencies: [
                "GamePackContent", "GamePackLocalization", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "GamePackBuild",
            dependencies: [
                "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackFormat", "CBase64",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "GamePackSite",
            dependencies: ["GamePackFormat", "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild"]
        ),
        .target(
            name: "GamePackKit",
            dependencies: [
                "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild", "GamePackSite",
                "GamePackFormat", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "CBase64"),
        .target(name: "CCRC32C"),
        .target(name: "CMallocTuning"),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CSystemZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "GamePackFormat",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "CSystemZlib",
            ]
        ),
        .target(
            name: "GamePackClient",
            dependencies: [
                "GamePackFormat",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "GamePackPublishing",
            dependencies: [
                "GamePackFormat",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "gamepack-client-demo",
            dependencies: ["GamePackClient", "GamePackFormat"],
            path: "examples/gamepack-client-demo"
        ),
        .executableTarget(
            name: "dealhunter-demo",
            dependencies: ["GamePackClient", "GamePackFormat"],
            path: "examples/dealhunter-demo"
        ),
        .target(
            name: "GamePackServer",
            dependencies: [
                "GamePackFormat",
                "CSystemZlib",
                "CCRC32C",
                "CMallocTuning",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // PBKDF2 for player passwords (BoringSSL's).
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "GamePackPreview",
            dependencies: [
                "GamePackContent",
                "GamePackSite",
                "GamePackFormat",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "GamePackStudio",
            dependencies: [
                "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild", "GamePackSite", "GamePackKit",
                "GamePackFormat",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "GamePackTestSupport",
            dependencies: ["GamePackContent", "GamePackLint", "GamePackBuild", "GamePackFormat"]
        ),
        .testTarget(
            name: "GamePackKitTests",
            dependencies: [
                "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild", "GamePackSite", "GamePackKit",
                "GamePackTestSupport", "CBase64", .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GamePackFormatTests",
            dependencies: ["GamePackFormat", "GamePackTestSupport"]
        ),
        .testTarget(
            name: "GamePackClientTests",
            dependencies: [
                "GamePackClient", "GamePackBuild", "GamePackTestSupport", "gamepack-client-demo", "dealhunter-demo", "gamepack",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GamePackServerTests",
            dependencies: [
                "GamePackServer",
                "CCRC32C",
                "GamePackFormat",
                "GamePackPublishing",
                "GamePackTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GamePackStudioTests",
            dependencies: [
                "GamePackStudio", "GamePackContent", "GamePackFormat", "GamePackTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "GamePackCLITests",
            dependencies: [
                "gamepack", "GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild", "GamePackKit",
                "GamePackFormat", "GamePackTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
