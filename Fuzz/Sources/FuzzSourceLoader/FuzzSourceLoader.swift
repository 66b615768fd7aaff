import Foundation
import FuzzDriver
import GamePackContent

/// The YAML/JSON loader on arbitrary bytes: the first byte picks the file kind (YAML or JSON).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(bytes: start + 1, count: count - 1)
    _ = SourceLoader.load(data: data, path: start[0] & 1 == 0 ? "content/x/fuzz.yaml" : "content/x/fuzz.json")
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzSourceLoader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
