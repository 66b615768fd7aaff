// swift-tools-version:6.0
// libFuzzer targets for gamepack's parsers of untrusted input, built by scripts/fuzz.sh with
// `-sanitize=fuzzer,address` into .build-fuzz (never the main package's .build). A separate
// package, so the main build never compiles an executable without a `main`.
import Foundation
import PackageDescription

// The main package is this folder's parent; a path dependency is named by its folder.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let gamepack = parent.lastPathComponent

func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzDriver"] + products.map { .product(name: $0, package: gamepack) },
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "gamepack-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        // The hand-over to libFuzzer's driver that every target's `main` makes.
        .target(name: "FuzzDriver"),
        fuzzTarget("FuzzSourceLoader", ["GamePackKit"]),
        fuzzTarget("FuzzXLIFF", ["GamePackKit"]),
        fuzzTarget("FuzzPO", ["GamePackKit"]),
        fuzzTarget("FuzzPackReader", ["GamePackFormat"]),
        fuzzTarget("FuzzMinisign", ["GamePackFormat"]),
        fuzzTarget("FuzzJSONScanner", ["GamePackFormat"]),
        fuzzTarget("FuzzGeo", ["GamePackKit"]),
        fuzzTarget("FuzzKinveyQuery", ["GamePackServer"]),
        fuzzTarget("FuzzGohikeContent", ["GamePackKit"]),
    ],
    swiftLanguageModes: [.v6]
)
