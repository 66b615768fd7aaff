import Foundation
import Logging

/// A swift-log handler writing one JSON object per line to standard error:
/// `{"time", "level", "label", "message", …metadata}`, for log collectors.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var object: [String: String] = [:]
        for (key, value) in metadata { object[key] = "\(value)" }
        for (key, value) in event.metadata ?? [:] { object[key] = "\(value)" }
        object["time"] = Date().formatted(.iso8601)
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = "\(event.message)"
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        FileHandle.standardError.write(data)
    }
}
