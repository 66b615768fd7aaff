import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// The URLs of the project's asset files as the page shows them (thumbnails, the photo of an
/// image field), which `StudioPageRoutes` serves under `/assets/`.
enum ProjectAssets {
    /// The URL of the asset at `path` (relative to `assets/`, as fields hold it), each part
    /// percent-encoded.
    static func url(_ path: String) -> String {
        "/assets/"
            + PackPath.parts(of: path, keepingEmpty: true).map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#", "%"])) ?? String($0)
            }.joined(separator: "/")
    }
}
