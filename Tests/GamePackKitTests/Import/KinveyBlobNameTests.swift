import Testing

@testable import GamePackKit

/// `import kinvey` copies each blob an export names into `assets/vcs/`: the name must be one
/// file name to the file system, which splits at `/` bytes, not at `/` characters.
@Suite("Kinvey import: blob names")
struct KinveyBlobNameTests {
    @Test("plain names pass; a /, a backslash or .. refuses, also behind a combining accent")
    func names() {
        for name in ["logo.png", "a.b.png", "\u{301}x.png", "..\u{301}", "één.png"] {
            #expect(KinveyImporter.isSafeBlobName(name), "\(name.debugDescription)")
        }
        for name in ["", ".", "..", "a/b.png", "../x.png", "a\\b.png", "tab\tname.png", "../\u{301}x.png", "a/\u{301}"] {
            #expect(!KinveyImporter.isSafeBlobName(name), "\(name.debugDescription)")
        }
        #expect(!"../\u{301}x.png".contains("/"), "a check by characters does not see the `/`")
    }
}
