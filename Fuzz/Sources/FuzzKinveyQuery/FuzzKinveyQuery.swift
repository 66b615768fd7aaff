import Foundation
import FuzzDriver
import GamePackServer

/// Kinvey's query readers on arbitrary text, as a Kinvey-era client may send it: the blob
/// route's `KinveyQuery.apply` (then the bounds every store checks first), and the collection
/// route's parser and evaluator (`KinveyFindCheck`) with the text as `query=` and as `sort=`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    var query = ContentQuery(pack: "pack", target: "kinvey", collection: "items", limit: 100)
    if (try? KinveyQuery.apply(text, renames: ["_filename": "resourceName"], to: &query)) != nil {
        try? query.checkBounds()
    }
    // The list route's parser and evaluator (`KinveyFind`): the text as query and as sort,
    // answered over entities with arrays, subdocuments, geo points and \r\n text.
    let entities = [
        #"{"_id":"1","name":"Café 👩‍💻","tags":["a","b"],"details":{"price":3.5},"_geoloc":[4.9,52.37]}"#,
        #"{"_id":"2","name":"e\u0301\r\nline","tags":[],"details":[{"price":1},{"other":null}],"_geoloc":[4.8,52.3]}"#,
    ]
    _ = try? KinveyFindCheck.answer(["query": text, "fields": "name,details.price"], over: entities)
    _ = try? KinveyFindCheck.answer(["sort": text, "limit": "0"], over: entities)
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzKinveyQuery_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
