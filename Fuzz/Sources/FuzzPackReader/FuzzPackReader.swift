import Foundation
import FuzzDriver
import GamePackFormat

/// The pack reader on arbitrary files: layout check, entry paths, manifest, every file's hash.
/// Small limits keep each input well under a second.
let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fuzz-pack-\(getpid()).gamepack")
let limits = PackReadLimits(entryBytes: 8 << 20, manifestBytes: 1 << 20, totalBytes: 16 << 20, entries: 1_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    guard (try? Data(bytes: start, count: count).write(to: file)) != nil else { return 0 }
    guard let reader = try? PackArchive.Reader(url: file, limits: limits) else { return 0 }
    _ = try? reader.paths()
    _ = try? reader.manifest()
    _ = try? PackArchive.verifyContents(of: file)
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzPackReader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
