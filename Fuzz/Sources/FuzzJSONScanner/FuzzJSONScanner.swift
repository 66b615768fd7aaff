import Foundation
import FuzzDriver
import GamePackFormat

/// The kit and client JSON scanner (packs' target files, content.json) on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    _ = try? JSONScanner.parse(Data(bytes: start, count: count))
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzJSONScanner_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
