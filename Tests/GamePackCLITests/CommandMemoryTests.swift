import Foundation
import GamePackTestSupport
import Testing

/// A one-shot command grows malloc's heaps by a large pad (`CommandMemory`), not page by page
/// with an `mprotect` call for each page: counted by strace on a diff of two content files.
@Suite("one-shot commands grow their heaps in large steps", .requires(.strace))
struct CommandMemoryTests {
    /// A Go Take a Hike! content file: `routes` routes of five waypoints, each with texts of a
    /// few hundred characters in both locales; `edited` changes every seventh waypoint's text.
    static func content(routes: Int, edited: Bool) -> String {
        let words = "canal bridge tower market lock gable church harbour merchant garden".split(separator: " ")
        func text(_ seed: Int, _ locale: String) -> String {
            (0..<48).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ") + " \(locale) \(seed)"
        }
        var routeTexts: [String] = []
        for route in 1...routes {
            var waypoints: [String] = []
            for stop in 0..<5 {
                let location = route * 5 + stop
                let english = text(location, "en") + (edited && location % 7 == 0 ? " (revised)" : "")
                waypoints.append(
                    #"{"rank":\#(stop),"location_id":\#(location),"name_en":"Stop \#(location)","name_nl":"Halte \#(location)","description_en":"\#(english)","description_nl":"\#(text(location, "nl"))","latitude":"52.3\#(location)","longitude":"4.8\#(location)","image_data":null,"route_id":\#(route)}"#
                )
            }
            routeTexts.append(
                #"{"id":\#(route),"name_en":"Route \#(route)","name_nl":"Route \#(route)","description_en":"\#(text(route, "en"))","description_nl":"\#(text(route, "nl"))","image_data":null,"icon_data":null,"waypoints":[\#(waypoints.joined(separator: ","))],"profile_id":1}"#
            )
        }
        return
            #"{"version":"x","profiles":[{"id":1,"name_en":"Walks","name_nl":"Wandelingen","description_en":"","description_nl":"","image_data":null,"icon_data":null,"routes":[\#(routeTexts.joined(separator: ","))]}]}"#
    }

    /// The `mprotect` calls of `gamepack diff OLD NEW` with `environment`, counted by strace.
    static func mprotectCalls(_ temp: TemporaryDirectory, environment: [String: String]) throws -> Int {
        let strace = try #require(CommandRunner.which("strace"))
        let summary = temp.url.appendingPathComponent("strace.txt")
        let arguments = [
            "-f", "-c", "-e", "trace=mprotect", "-o", summary.path, TestPaths.gamepackBinary.path,
            "diff", "old.json", "new.json", "--format", "json", "--out", "report.json",
        ]
        let result = try CommandRunner.run(strace, arguments, in: temp.url, environment: environment)
        try #require(result.status == 0, "strace gamepack diff: \(result.stderr)")
        let line = try #require(
            try String(contentsOf: summary, encoding: .utf8).split(separator: "\n").first { $0.hasSuffix(" mprotect") },
            "no mprotect line in strace's summary")
        // % time, seconds, usecs/call, calls, [errors,] syscall
        return try #require(Int(line.split(separator: " ")[3]), "strace's summary: \(line)")
    }

    @Test("a diff of two content files makes a few mprotect calls, not one per page of heap")
    func fewHeapSteps() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            _ = try temp.write(Self.content(routes: 1200, edited: false), to: "old.json")
            _ = try temp.write(Self.content(routes: 1200, edited: true), to: "new.json")
            // An operator's own malloc tunables win, so glibc's default pad (128 KiB) set that way
            // shows the heaps growing without gamepack's.
            let untuned = try Self.mprotectCalls(temp, environment: ["GLIBC_TUNABLES": "glibc.malloc.top_pad=131072"])
            let tuned = try Self.mprotectCalls(temp, environment: [:])
            let report = try String(contentsOf: temp.url.appendingPathComponent("report.json"), encoding: .utf8)
            #expect(report.contains("\"modified\" : 857"), "the diff found every edited location")
            #expect(untuned > 500, "\(untuned) mprotect calls with glibc's pad: the workload is too small to tell")
            #expect(tuned * 10 < untuned, "\(tuned) mprotect calls with gamepack's pad against \(untuned) without")
        #endif
    }
}
