import Foundation

/// What a build does with a localized field that has a default-locale text but none for a
/// translation locale (`missing_translations:` in `gamepack.yaml`).
public enum MissingTranslationPolicy: String, Sendable, CaseIterable {
    /// Emit the default-locale text in its place; the build summary lists each fallback.
    case fallback
    /// Stop the build with an error at each missing translation; nothing is written.
    case fail
    /// Emit an empty text, as the gohike v1 server did (players see a blank). Imported gohike
    /// projects use it so that they rebuild to the exact content they were imported from.
    case empty
}
