import Foundation
import FuzzDriver
import GamePackBuild

/// The Go Take a Hike! content.json reader on arbitrary bytes, as `gamepack diff` and
/// `gamepack import` read a file from anyone: the JSON tape, the reader's checks, every image's
/// base64 (the one-pass C decoder and the slow way) and its probe, and the hashing of images.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    _ = try? SnapshotLoader.loadGohikeContent(Data(bytes: start, count: count), label: "fuzz", kind: .gohikeContent)
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzGohikeContent_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
