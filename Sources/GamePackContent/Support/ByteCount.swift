import Foundation

/// Human byte counts: "812 B", "58 KB", "4.8 MB" (1 KB = 1,000 bytes).
public enum ByteCount {
    public static func describe(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 10_000 { return String(format: "%.1f KB", Double(bytes) / 1_000) }
        if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1_000).rounded())) KB" }
        if bytes < 1_000_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        return String(format: "%.2f GB", Double(bytes) / 1_000_000_000)
    }
}
