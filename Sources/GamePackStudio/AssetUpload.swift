import Foundation
import GamePackContent
import GamePackFormat

/// `POST /api/assets?folder=&name=`: a file written under `assets/FOLDER/NAME`, after checking
/// by its content (the media probe lint uses) that it is an image or a sound of the format
/// its name says, and that it is not larger than the cap.
enum AssetUpload {
    /// The default cap: 20 MB.
    static let defaultLimit = 20 * 1024 * 1024

    /// Writes `data` and returns the asset path (relative to `assets/`) and what the probe found.
    static func store(_ data: Data, folder: String, name: String, root: URL, replace: Bool) throws -> (
        path: String, info: MediaInfo
    ) {
        // A `/` byte, not character: `/` with a combining accent after it is one character.
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")), name != ".", name != ".." else {
            throw StudioError.badRequest("`name` must be a file name, without `/` and not `.` or `..`", field: "name")
        }
        let path = folder.isEmpty ? name : folder + "/" + name
        let url = try ProjectPaths.inside(root, "assets/" + path, field: folder.isEmpty ? "name" : "folder")
        let info: MediaInfo
        do {
            info = try MediaProbe.probe(
                header: data.prefix(MediaProbe.headBytes), tail: data.suffix(64 * 1024), byteCount: data.count)
        } catch {
            throw StudioError(
                415,
                "\(name) is not an image or a sound gamepack reads (\(error)); upload a PNG, JPEG, GIF, WebP, WAV, MP3, CAF or M4A file",
                field: "file")
        }
        let byExtension = MediaFormat(fileExtension: (name as NSString).pathExtension)
        guard byExtension == info.format else {
            throw StudioError(
                415, "\(name) holds \(info.format.rawValue) data; name it with the .\(info.format.rawValue) extension",
                field: "name")
        }
        guard replace || !FileManager.default.fileExists(atPath: url.path) else {
            throw StudioError(409, "assets/\(path) already exists; pick another name or send replace=true", field: "name")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(name).studio-\(UUID().uuidString)")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw StudioError(500, "cannot write assets/\(path)") }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return (path, info)
    }
}
