import Foundation
import GamePackFormat
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

    /// A PNG of `size` bytes of noise in its one IDAT chunk, different for each `seed`.
    static func png(seed: Int, size: Int) -> Data {
        func chunk(_ type: String, _ body: Data) -> Data {
            var out = Data()
            withUnsafeBytes(of: UInt32(body.count).bigEndian) { out.append(contentsOf: $0) }
            let typed = Data(type.utf8) + body
            out += typed
            withUnsafeBytes(of: ZipWriter.crc32(typed).bigEndian) { out.append(contentsOf: $0) }
            return out
        }
        var generator = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var noise = Data(count: size)
        noise.withUnsafeMutableBytes { bytes in
            for index in bytes.indices {
                generator ^= generator << 13
                generator ^= generator >> 7
                generator ^= generator << 17
                bytes[index] = UInt8(truncatingIfNeeded: generator)
            }
        }
        let header = Data([0, 0, 0, 64, 0, 0, 0, 64, 8, 2, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", header) + chunk("IDAT", noise)
            + chunk("IEND", Data())
    }

    /// A content file of `routes` routes of five waypoints, each with its own photo of 150 KB;
    /// `edited` replaces every third photo.
    static func photoContent(routes: Int, edited: Bool) -> String {
        var routeTexts: [String] = []
        for route in 1...routes {
            let waypoints = (0..<5).map { stop in
                let location = route * 5 + stop
                let image = png(seed: location + (edited && location % 3 == 0 ? 100_000 : 0), size: 150_000)
                return
                    #"{"rank":\#(stop),"location_id":\#(location),"name_en":"Stop \#(location)","name_nl":"Halte \#(location)","description_en":"","description_nl":"","latitude":"52.3","longitude":"4.8","image_data":"\#(image.base64EncodedString())","route_id":\#(route)}"#
            }
            routeTexts.append(
                #"{"id":\#(route),"name_en":"Route \#(route)","name_nl":"Route \#(route)","description_en":"","description_nl":"","image_data":null,"icon_data":null,"waypoints":[\#(waypoints.joined(separator: ","))],"profile_id":1}"#
            )
        }
        return
            #"{"version":"x","profiles":[{"id":1,"name_en":"Walks","name_nl":"Wandelingen","description_en":"","description_nl":"","image_data":null,"icon_data":null,"routes":[\#(routeTexts.joined(separator: ","))]}]}"#
    }

    /// The `mprotect` and `munmap` calls of `gamepack diff OLD NEW` with `environment`, counted
    /// by strace.
    static func calls(_ temp: TemporaryDirectory, environment: [String: String]) throws -> (mprotect: Int, munmap: Int) {
        let strace = try #require(CommandRunner.which("strace"))
        let summary = temp.url.appendingPathComponent("strace.txt")
        let arguments = [
            "-f", "-c", "-e", "trace=mprotect,munmap", "-o", summary.path, TestPaths.gamepackBinary.path,
            "diff", "old.json", "new.json", "--format", "json", "--out", "report.json",
        ]
        let result = try CommandRunner.run(strace, arguments, in: temp.url, environment: environment)
        try #require(result.status == 0, "strace gamepack diff: \(result.stderr)")
        let lines = try String(contentsOf: summary, encoding: .utf8).split(separator: "\n")
        func count(_ call: String) -> Int {
            // % time, seconds, usecs/call, calls, [errors,] syscall; no line when never called
            lines.first { $0.hasSuffix(" \(call)") }.flatMap { Int($0.split(separator: " ")[3]) } ?? 0
        }
        return (count("mprotect"), count("munmap"))
    }

    @Test("a diff of two content files makes a few mprotect calls, not one per page of heap")
    func fewHeapSteps() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            _ = try temp.write(Self.content(routes: 1200, edited: false), to: "old.json")
            _ = try temp.write(Self.content(routes: 1200, edited: true), to: "new.json")
            // An operator's own malloc tunables win; one that changes nothing (`perturb=0`, the
            // default) shows glibc's own behaviour.
            let untuned = try Self.calls(temp, environment: ["GLIBC_TUNABLES": "glibc.malloc.perturb=0"])
            let tuned = try Self.calls(temp, environment: [:])
            let report = try String(contentsOf: temp.url.appendingPathComponent("report.json"), encoding: .utf8)
            #expect(report.contains("\"modified\" : 857"), "the diff found every edited location")
            #expect(untuned.mprotect > 500, "\(untuned) with glibc's defaults: the workload is too small to tell")
            #expect(tuned.mprotect * 10 < untuned.mprotect, "\(tuned) with gamepack's settings against \(untuned) without")
        #endif
    }

    @Test("a diff whose threads' heaps pass 32 MB makes them whole at once, not page by page past the half")
    func wholeThreadHeaps() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            _ = try temp.write(Self.content(routes: 5000, edited: false), to: "old.json")
            _ = try temp.write(Self.content(routes: 5000, edited: true), to: "new.json")
            // glibc pads a thread's heap when it makes it, not as it grows: with a pad of half a
            // heap (32 MB, gamepack's before 2026-12-04), each page past the first half is a call.
            let halfPad = try Self.calls(
                temp,
                environment: [
                    "GLIBC_TUNABLES":
                        "glibc.malloc.top_pad=33554432:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864"
                ])
            let tuned = try Self.calls(temp, environment: [:])
            let report = try String(contentsOf: temp.url.appendingPathComponent("report.json"), encoding: .utf8)
            #expect(report.contains("\"modified\" : 3572"), "the diff found every edited location")
            #expect(halfPad.mprotect > 1000, "\(halfPad) with a 32 MB pad: the workload is too small to tell")
            #expect(tuned.mprotect * 20 < halfPad.mprotect, "\(tuned) with gamepack's settings against \(halfPad)")
        #endif
    }

    @Test("blocks of photos' size come from the heap, not each from a mapping of its own")
    func photosFromTheHeap() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            _ = try temp.write(Self.photoContent(routes: 24, edited: false), to: "old.json")
            _ = try temp.write(Self.photoContent(routes: 24, edited: true), to: "new.json")
            let untuned = try Self.calls(temp, environment: ["GLIBC_TUNABLES": "glibc.malloc.perturb=0"])
            let tuned = try Self.calls(temp, environment: [:])
            // The pad alone (`glibc.malloc.top_pad`) fixes glibc's mmap threshold at 128 KB, and
            // every photo's buffers are mapped and unmapped: 462 munmap calls against 12 for 200
            // photos (2026-11-29). gamepack fixes the threshold where glibc would raise it.
            let padOnly = try Self.calls(temp, environment: ["GLIBC_TUNABLES": "glibc.malloc.top_pad=33554432"])
            let report = try String(contentsOf: temp.url.appendingPathComponent("report.json"), encoding: .utf8)
            #expect(report.contains("\"asset\" : 40"), "the diff found every replaced photo")
            #expect(padOnly.munmap > untuned.munmap + 60, "\(padOnly) with the pad alone: the workload is too small to tell")
            #expect(tuned.munmap <= untuned.munmap + 16, "\(tuned) with gamepack's settings against \(untuned) without")
        #endif
    }
}
