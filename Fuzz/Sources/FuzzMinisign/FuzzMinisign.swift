import Foundation
import FuzzDriver
import GamePackFormat

/// minisign public key, secret key and signature files on arbitrary text, and a verification
/// with whatever parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let key = try? MinisignPublicKey(fileContents: text)
    _ = try? MinisignSecretKey(fileContents: text)
    if let signature = try? MinisignSignature(fileContents: text) {
        if let key { _ = try? Minisign.verify(Data(text.utf8), signature: signature, publicKey: key) }
        _ = signature.fileContents
    }
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzMinisign_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
