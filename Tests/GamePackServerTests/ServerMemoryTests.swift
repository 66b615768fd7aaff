import Foundation
import GamePackServer
import Testing

/// `ServerMemory` (its effect on a running server: `GamePackCLITests/ServerMemoryTests`).
@Suite("the server's malloc thresholds")
struct ServerMemoryThresholdTests {
    @Test("an operator's own malloc tunables win: gamepack then sets nothing")
    func operatorTunablesWin() {
        #expect(!ServerMemory.keepLargeBuffers(environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1048576"]))
        #if canImport(Glibc)
            #expect(ServerMemory.keepLargeBuffers(environment: ["GLIBC_TUNABLES": "glibc.rtld.nns=4"]))
        #endif
    }
}
