import Foundation
import FuzzDriver

@testable import GamePackLocalization

/// The XLIFF reader (DOCTYPE/ENTITY pre-scan, libxml2 parse, XLIFF 1.2 structure) on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    _ = try? XLIFFDocument.read(Data(bytes: start, count: count), name: "fuzz.xliff")
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzXLIFF_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
