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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .executableTarget(
            name: "gamepack",
            dependencies: [
                "GamePackKit",
                "GamePackFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "GamePackKit",
            dependencies: [
                "GamePackFormat",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "CLibXML2",
            ]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "GamePackFormat",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .target(
            name: "GamePackClient",
            dependencies: [
                "GamePackFormat",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "gamepack-client-demo",
            dependencies: ["GamePackClient", "GamePackFormat"],
            path: "examples/gamepack-client-demo"
        ),
        .target(
            name: "GamePackTestSupport",
            dependencies: ["GamePackKit", "GamePackFormat"]
        ),
        .testTarget(
            name: "GamePackKitTests",
            dependencies: ["GamePackKit", "GamePackTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GamePackFormatTests",
            dependencies: ["GamePackFormat", "GamePackTestSupport"]
        ),
        .testTarget(
            name: "GamePackClientTests",
            dependencies: ["GamePackClient", "GamePackKit", "GamePackTestSupport", "gamepack-client-demo", "gamepack"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GamePackCLITests",
            dependencies: ["gamepack", "GamePackKit", "GamePackTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
