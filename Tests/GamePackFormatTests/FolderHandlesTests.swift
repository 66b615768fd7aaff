import Foundation
import GamePackFormat
import Testing

/// Files read by their name in a folder opened once: the handle must be that folder's, a file
/// of a folder without a handle must say so (its caller then opens the whole path), and a
/// symlinked folder is opened as its path would be.
@Suite("Folder handles")
struct FolderHandlesTests {
    func contents(_ folders: FolderHandles, _ path: String) -> String? {
        guard let (folder, name) = folders.locate(path) else { return nil }
        let fd = openat(folder, name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "(cannot open: errno \(errno))" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    @Test("each file is found in its own folder, by its name; folders without a handle say so")
    func locates() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-handles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("content/locations"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("content/routes"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try Data("top".utf8).write(to: root.appendingPathComponent("gamepack.yaml"))
        try Data("one".utf8).write(to: root.appendingPathComponent("content/locations/1.yaml"))
        try Data("two".utf8).write(to: root.appendingPathComponent("content/routes/1.yaml"))
        try Data("far".utf8).write(to: root.appendingPathComponent("elsewhere/1.yaml"))
        try fm.createSymbolicLink(
            at: root.appendingPathComponent("content/linked"), withDestinationURL: root.appendingPathComponent("elsewhere"))

        let folders = FolderHandles(
            root: root.path, folders: ["", "content/locations", "content/routes", "content/linked", "content/missing"])
        #expect(contents(folders, "gamepack.yaml") == "top")
        #expect(contents(folders, "content/locations/1.yaml") == "one")
        #expect(contents(folders, "content/routes/1.yaml") == "two")
        #expect(contents(folders, "content/linked/1.yaml") == "far", "a symlinked folder, opened as its path is")
        #expect(folders.locate("content/missing/1.yaml") == nil, "a folder that did not open has no handle")
        #expect(folders.locate("content/other/1.yaml") == nil, "nor has a folder not asked for")
        #expect(contents(folders, "content/locations/2.yaml")?.hasPrefix("(cannot open") == true)

        #expect(FolderHandles.folder(of: "content/locations/1.yaml") == "content/locations")
        #expect(FolderHandles.folder(of: "gamepack.yaml") == "")
    }
}
