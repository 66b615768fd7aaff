// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gamepack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gamepack", targets: ["gamepack"]),
        .library(name: "GamePackKit", targets: ["GamePackKit"]),
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
    ],
    targets: [
        .executableTarget(
            name: "gamepack",
            dependencies: [
                "GamePackKit",
                "GamePackFormat",
                "GamePackServer",
                "GamePackPublishing",
                "GamePackPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "GamePackKit",
            dependencies: [
                "GamePackFormat",
                // Also gives `CYaml`, Yams's libyaml module, which Loading/YAMLEventLoader imports:
                // Yams does not offer it as a product, so it cannot be listed on its own; it is
                // the libyaml of the Yams version pinned above.
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "CLibXML2",
                "CBase64",
            ]
        ),
        .target(name: "CBase64"),
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
            dependencies: ["GamePackFormat"]
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
                // PBKDF2 for player passwords (Accounts/PasswordHash.swift).
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "GamePackPreview",
            dependencies: [
                "GamePackKit",
                "GamePackFormat",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "GamePackTestSupport",
            dependencies: ["GamePackKit", "GamePackFormat"]
        ),
        .testTarget(
            name: "GamePackKitTests",
            dependencies: [
                "GamePackKit", "GamePackTestSupport", "CBase64", .product(name: "Crypto", package: "swift-crypto"),
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
                "GamePackClient", "GamePackKit", "GamePackTestSupport", "gamepack-client-demo", "dealhunter-demo", "gamepack",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GamePackServerTests",
            dependencies: [
                "GamePackServer",
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
            name: "GamePackCLITests",
            dependencies: ["gamepack", "GamePackKit", "GamePackFormat", "GamePackTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
