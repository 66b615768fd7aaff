// The diff floor of benchmarks/floors.sh: the time to read two JSON files and tokenize both with
// gamepack's own JSONScanner (into its tape), and nothing else. Compiled with
// Sources/GamePackFormat/JSON/*.swift by `swiftc -O`; not part of the package.
//
//   diff-floor OLD.json NEW.json     prints `seconds=… bytes=… tokens=…`
import Foundation

@main
struct DiffFloor {
    static func main() throws {
        let paths = Array(CommandLine.arguments.dropFirst())
        guard paths.count == 2 else {
            FileHandle.standardError.write(Data("usage: diff-floor OLD.json NEW.json\n".utf8))
            exit(2)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var bytes = 0
        var tokens = 0
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let tape = try JSONScanner.tape(data)
            bytes += data.count
            tokens += tape.tokens.count
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("seconds=\(String(format: "%.6f", seconds)) bytes=\(bytes) tokens=\(tokens)")
    }
}
