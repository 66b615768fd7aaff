// Throughput of gamepack's hand-written BLAKE2b (Sources/GamePackFormat/BLAKE2b.swift).
// Compiled together with that file by benchmarks/blake2b-speed.sh; not part of the package.
import Foundation

@main
struct BLAKE2bSpeed {
    static func main() {
        let arguments = CommandLine.arguments
        let megabytes = arguments.count > 1 ? Int(arguments[1]) ?? 512 : 512
        let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
        // 1 MiB of deterministic, incompressible-looking bytes (xorshift64).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chunk = Data(count: 1 << 20)
        chunk.withUnsafeMutableBytes { buffer in
            for index in 0..<buffer.count {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                buffer[index] = UInt8(truncatingIfNeeded: state)
            }
        }
        var best = 0.0
        for run in 1...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            var hasher = BLAKE2b(outputByteCount: 64)
            for _ in 0..<megabytes { hasher.update(chunk) }
            let digest = hasher.finalize()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let rate = Double(megabytes) / seconds
            best = max(best, rate)
            let prefix = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
            print(String(format: "run %d: %d MiB in %.3f s = %.0f MB/s (digest %@…)", run, megabytes, seconds, rate, prefix))
        }
        print(String(format: "best: %.0f MB/s", best))
    }
}
