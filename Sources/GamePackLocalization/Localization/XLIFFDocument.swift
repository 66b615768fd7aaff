import CLibXML2
import Foundation

/// An XLIFF 1.2 file read for import: its `<file>` elements and their translation units, after
/// every check that does not need the project. XLIFF 1.1 as translate-toolkit's `po2xliff`
/// writes it is read too, as is a 1.2 file to which `po2xliff -t` added a `<file datatype="po">`:
/// those are not validated against the 1.2 strict schema (po2xliff's output breaks it, repeating
/// the context-group name `po-reference`), but every other check below applies. Their units
/// have numeric ids; the importer finds each one's field by its location context (file, line).
///
/// Reading refuses, collecting every problem before failing:
/// - bytes that are not UTF-8 (or contain NUL);
/// - any DOCTYPE or ENTITY declaration, found in the bytes before libxml2 sees them (external
///   entities and entity expansion, XXE and "billion laughs", never reach the parser);
/// - malformed XML (libxml2's line and column);
/// - a root that is not XLIFF 1.2 (`<xliff version="1.2">` in the 1.2 namespace);
/// - anything the OASIS XLIFF 1.2 strict schema rejects;
/// - duplicate unit ids (in the whole document) and markup (child elements) in a `<source>` or
///   `<target>`: gamepack's texts are plain text.
struct XLIFFDocument {
    /// One `<file>`.
    struct File {
        var original: String
        var sourceLanguage: String
        var targetLanguage: String?
        var line: Int
        /// Whether translate-toolkit's `po2xliff` wrote it (`datatype="po"`, or an XLIFF 1.1
        /// document): its `original` is the PO file's name, not the project's id.
        var fromPO = false
    }

    /// A place a unit names in a `<context-group purpose="location">` (or a PO reference).
    struct Place: Equatable {
        var file: String
        var line: Int?
    }

    /// One `<trans-unit>`.
    struct Unit {
        var id: String
        /// 1-based line of the `<trans-unit>` element.
        var line: Int
        var fileIndex: Int
        var source: String
        /// The target's text; nil when the unit has no `<target>`.
        var target: String?
        /// The target's `state` attribute.
        var state: String?
        /// Whether the unit says `approved="yes"` (its translation passed its final review).
        var approved = false
        /// Whether the unit says `approved="no"` (or, read from PO, is `fuzzy`): the tool marks
        /// it a draft (translate-toolkit marks a unit fuzzy so), whatever its state says.
        var disapproved = false
        /// The places its location context groups name, in order.
        var places: [Place] = []
    }

    var files: [File]
    var units: [Unit]

    /// The compiled XLIFF 1.2 strict schema (the embedded copy), compiled once.
    static let strictSchema: Result<LibXML2.Schema, LocalizationError> = {
        do {
            return .success(try LibXML2.Schema(source: Data(XLIFFSchemaSource.xliffCore12Strict.utf8)))
        } catch let error as LocalizationError {
            return .failure(error)
        } catch {
            return .failure(.invalidXLIFF(file: "<schema>", problems: [XLIFFProblem(line: 0, message: "\(error)")]))
        }
    }()

    /// Reads and checks `data`, naming it `name` in problems. Throws
    /// `LocalizationError.invalidXLIFF` listing every problem found.
    static func read(_ data: Data, name: String, schema: LibXML2.Schema? = nil) throws -> XLIFFDocument {
        let (document, problems) = parse(data, name: name, schema: schema)
        guard let document, problems.isEmpty else {
            throw LocalizationError.invalidXLIFF(file: name, problems: problems)
        }
        return document
    }

    /// Reads `data`; returns the document when it could be walked, and every problem found.
    static func parse(_ data: Data, name: String, schema: LibXML2.Schema? = nil) -> (XLIFFDocument?, [XLIFFProblem]) {
        let (checked, refused) = checkedBytes(data)
        guard let bytes = checked else { return (nil, refused) }
        let xml: LibXML2.Document
        switch LibXML2.parse(bytes, name: name) {
        case .failure(let problems): return (nil, problems)
        case .success(let document): xml = document
        }
        return withExtendedLifetime(xml) {
            guard let root = xml.root else {
                return (nil, [XLIFFProblem(line: 1, message: "the document has no root element")])
            }
            let (readDialect, rootProblems) = dialect(of: root)
            guard let found = readDialect else { return (nil, rootProblems) }
            var problems = rootProblems
            let compiled: LibXML2.Schema?
            if found.fromPO {
                compiled = nil
            } else if let schema {
                compiled = schema
            } else {
                switch strictSchema {
                case .success(let schema): compiled = schema
                case .failure(let error):
                    return (nil, [XLIFFProblem(line: 0, message: "the XLIFF schema cannot be compiled: \(error)")])
                }
            }
            if let compiled {
                problems += compiled.validate(xml).map {
                    XLIFFProblem(line: $0.line, column: $0.column, message: "not valid XLIFF 1.2: \($0.message)")
                }
            }
            var walker = XLIFFUnitWalker(dialect: found)
            walker.walk(root)
            return (walker.document, problems + walker.problems)
        }
    }

    /// `data` without a UTF-8 byte order mark, or nil and why it is refused: not UTF-8, an
    /// XML declaration naming another encoding, a DOCTYPE or ENTITY declaration.
    static func checkedBytes(_ data: Data) -> (Data?, [XLIFFProblem]) {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Data(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.contains(0) {
            return (
                nil,
                [
                    XLIFFProblem(
                        line: 1, column: 1, message: "the file is not UTF-8 (it looks like UTF-16 or UTF-32); save it as UTF-8")
                ]
            )
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return (nil, [XLIFFProblem(line: 0, message: "the file is not valid UTF-8; save it as UTF-8")])
        }
        // The bytes are read as UTF-8 whatever the declaration says: one naming another
        // encoding means the file is not what its writer thinks.
        if let declared = declaredEncoding(in: bytes), !["utf-8", "utf8"].contains(declared.lowercased()) {
            return (
                nil,
                [
                    XLIFFProblem(
                        line: 1,
                        message:
                            "the XML declaration says encoding=\"\(declared)\"; gamepack reads UTF-8 only: save the file as UTF-8 with encoding=\"UTF-8\""
                    )
                ]
            )
        }
        let declarations = forbiddenDeclarations(in: bytes)
        if !declarations.isEmpty { return (nil, declarations) }
        return (bytes, [])
    }

    /// Which XLIFF a document's root says it is.
    struct Dialect {
        /// XLIFF 1.1, as po2xliff writes it: read with the same rules but without the schema.
        var isVersion11: Bool
        /// The namespace of its elements.
        var namespace: String
        /// Whether translate-toolkit's `po2xliff` wrote it (XLIFF 1.1, or a `<file datatype="po">`).
        var fromPO: Bool
    }

    /// The dialect of a document whose root is `root`, or nil when it is no XLIFF 1.2 (or
    /// po2xliff's 1.1); with the problems found (a wrong version does not stop the reading).
    static func dialect(of root: xmlNodePtr) -> (Dialect?, [XLIFFProblem]) {
        let rootName = LibXML2.name(root)
        let rootNamespace = LibXML2.namespace(root)
        let isVersion11 = rootNamespace == namespace11 && LibXML2.attribute(root, "version") == "1.1"
        let namespace = isVersion11 ? namespace11 : XLIFFExporter.namespace
        guard rootName == "xliff", isVersion11 || rootNamespace == XLIFFExporter.namespace else {
            var message = "this is not XLIFF 1.2: the root element is <\(rootName)>"
            if let rootNamespace { message += " in namespace \(rootNamespace)" }
            if rootNamespace?.contains("xliff:document:2") == true {
                message += " (XLIFF 2); export XLIFF 1.2 from your tool"
            } else {
                message += "; expected <xliff version=\"1.2\" xmlns=\"\(XLIFFExporter.namespace)\">"
            }
            return (nil, [XLIFFProblem(line: LibXML2.line(root), message: message)])
        }
        var problems: [XLIFFProblem] = []
        let version = LibXML2.attribute(root, "version")
        let fromPO =
            isVersion11
            || LibXML2.elements(of: root).contains {
                LibXML2.name($0) == "file" && LibXML2.attribute($0, "datatype") == "po"
            }
        if version != "1.2" && !isVersion11 {
            problems.append(
                XLIFFProblem(line: LibXML2.line(root), message: "this is XLIFF version \(version ?? "(none)"), not 1.2"))
        }
        return (Dialect(isVersion11: isVersion11, namespace: namespace, fromPO: fromPO), problems)
    }

    /// Every `<!DOCTYPE` and `<!ENTITY` in the UTF-8 `bytes` (ASCII case ignored), as problems
    /// with their line and column (in characters). Empty when there is none.
    static func forbiddenDeclarations(in bytes: Data) -> [XLIFFProblem] {
        let patterns: [(bytes: [UInt8], label: String)] = [
            (Array("<!DOCTYPE".utf8), "a DOCTYPE"), (Array("<!ENTITY".utf8), "an ENTITY declaration"),
        ]
        return bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> [XLIFFProblem] in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var problems: [XLIFFProblem] = []
            var index = 0
            // Line and its start, kept up to date as the scan goes (one pass, however many hits).
            var line = 1
            var lineStart = 0
            var hits = 0
            while index + 1 < bytes.count {
                if bytes[index] == 0x0A {
                    line += 1
                    lineStart = index + 1
                }
                guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "!") else {
                    index += 1
                    continue
                }
                for (pattern, label) in patterns where index + pattern.count <= bytes.count {
                    let matches = pattern.indices.allSatisfy { offset in
                        let c = bytes[index + offset]
                        let lower = (c >= 0x41 && c <= 0x5A) ? c + 0x20 : c
                        let p = pattern[offset]
                        return lower == ((p >= 0x41 && p <= 0x5A) ? p + 0x20 : p)
                    }
                    guard matches else { continue }
                    hits += 1
                    // The first few are enough to fix the file; a flood of them is one problem more.
                    guard hits <= maxReportedDeclarations else { continue }
                    let column = bytes[lineStart..<index].count { $0 & 0xC0 != 0x80 } + 1
                    problems.append(
                        XLIFFProblem(
                            line: line, column: column,
                            message:
                                "\(label) is not allowed in an XLIFF file: DTDs and entities are refused, so that no external file or network resource is read (XXE) and no entity is expanded; export the file again without a DOCTYPE"
                        ))
                }
                index += 2
            }
            if hits > maxReportedDeclarations {
                problems.append(
                    XLIFFProblem(
                        line: line, column: 1,
                        message: "and \(hits - maxReportedDeclarations) more DOCTYPE or ENTITY declarations (not listed)"))
            }
            return problems
        }
    }

    /// The `encoding` of the XML declaration at the start of `bytes`, if it names one.
    static func declaredEncoding(in bytes: Data) -> String? {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return nil }
        let declaration = head[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The XLIFF 1.1 namespace (translate-toolkit's `po2xliff` writes 1.1).
    static let namespace11 = "urn:oasis:names:tc:xliff:document:1.1"

    /// How many DOCTYPE and ENTITY declarations are reported one by one.
    static let maxReportedDeclarations = 20
}

/// Checks XLIFF files without importing them.
public enum XLIFFValidator {
    /// The problems that keep `data` from being imported as XLIFF 1.2: not UTF-8, a DOCTYPE or
    /// ENTITY declaration, malformed XML (libxml2's line and column), not XLIFF 1.2, invalid
    /// against the strict schema, duplicate unit ids, markup in a source or target. Empty when
    /// the file is fine.
    ///
    /// - Parameter schema: the text of an XSD to validate against instead of the embedded OASIS
    ///   XLIFF 1.2 strict schema (its import of `xml.xsd` is served from the embedded copy; no
    ///   file or network resource is read).
    public static func problems(in data: Data, name: String = "file.xlf", schema: Data? = nil) -> [XLIFFProblem] {
        var compiled: LibXML2.Schema?
        if let schema {
            do {
                compiled = try LibXML2.Schema(source: schema)
            } catch {
                return [XLIFFProblem(line: 0, message: "the schema cannot be compiled: \(error)")]
            }
        }
        return XLIFFDocument.parse(data, name: name, schema: compiled).1
    }

    /// URLs libxml2 has asked gamepack's entity loader for in this process (served or refused).
    /// Only `xml.xsd` is ever served, from memory; tests use this to prove nothing else was read.
    public static var entityRequests: [String] { LibXML2.requestedURLs.all }
}
