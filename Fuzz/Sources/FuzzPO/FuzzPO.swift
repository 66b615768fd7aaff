import Foundation
import FuzzDriver

@testable import GamePackLocalization

/// The PO reader (UTF-8 and charset, escapes, keywords, plural forms) on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    _ = try? PODocument.read(Data(bytes: start, count: count), name: "fuzz.po")
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzPO_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
