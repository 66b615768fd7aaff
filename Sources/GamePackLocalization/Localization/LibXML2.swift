import CLibXML2
import Foundation

/// libxml2 (through the `CLibXML2` system library), set up so that it never reads a file or a
/// network resource on its own, never prints, and reports problems with line and column.
///
/// - The external entity loader is replaced, process-wide, by one that serves only `xml.xsd`
///   (the XML namespace schema imported by the XLIFF schema) from memory and refuses every other
///   URL: no DTD, external entity or schema import can reach the disk or the network. Each URL
///   asked for is recorded in `requestedURLs` so tests can prove it.
/// - Errors go to a per-call collector (libxml2's structured error handler, which is
///   thread-local), never to stderr.
enum LibXML2 {
    /// URLs libxml2 asked the entity loader for, in order (refused ones included).
    static let requestedURLs = URLLog()

    /// A thread-safe list of URLs.
    final class URLLog: @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String] = []
        func append(_ url: String) {
            lock.lock()
            urls.append(url)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return urls
        }
    }

    /// Initializes libxml2 and installs the entity loader, once.
    static let setUp: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { url, _, context in
            let name = url.map { String(cString: $0) } ?? ""
            LibXML2.requestedURLs.append(name)
            guard name == "xml.xsd" || name.hasSuffix("/xml.xsd") else { return nil }
            let bytes = Array(XLIFFSchemaSource.xmlNamespace.utf8)
            let buffer = bytes.withUnsafeBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) {
                    // Copies the bytes into libxml2's own buffer.
                    xmlParserInputBufferCreateMem($0.baseAddress, Int32($0.count), XML_CHAR_ENCODING_UTF8)
                }
            }
            guard let buffer else { return nil }
            return xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_UTF8)
        }
    }()

    /// Collects libxml2's errors during one call.
    final class ErrorCollector {
        var problems: [XLIFFProblem] = []
        /// Whether the column (libxml2's `int2`) is meaningful: parser errors only.
        func add(domain: Int32, level: xmlErrorLevel, message: String, line: Int32, int2: Int32) {
            guard level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let column = domain == Int32(XML_FROM_PARSER.rawValue) ? Int(int2) : 0
            let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
            problems.append(XLIFFProblem(line: Int(line), column: column, message: text))
        }

        /// The context pointer libxml2 hands back to `handler`.
        var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

        /// libxml2's structured-error callback: adds the error to the collector its context names.
        static let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            let e = error.pointee
            Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().add(
                domain: e.domain, level: e.level, message: e.message.map { String(cString: $0) } ?? "error",
                line: e.line, int2: e.int2)
        }

        /// Runs `body` with this collector receiving libxml2's structured errors on this thread.
        func collecting<T>(_ body: () throws -> T) rethrows -> T {
            xmlSetStructuredErrorFunc(context, Self.handler)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            return try body()
        }
    }

    /// A parsed XML document, freed with its owner.
    final class Document {
        let pointer: xmlDocPtr
        init(_ pointer: xmlDocPtr) { self.pointer = pointer }
        deinit { xmlFreeDoc(pointer) }

        /// The root element.
        var root: xmlNodePtr? { xmlDocGetRootElement(pointer) }
    }

    /// A parsed document or the problems that stopped the parse.
    enum ParseOutcome {
        case success(Document)
        case failure([XLIFFProblem])
    }

    /// Parse options: no network, no entity substitution, no DTD loading, CDATA as text, big
    /// line numbers. (`XML_PARSE_NOENT` and `XML_PARSE_DTDLOAD` are deliberately absent.)
    static let parseOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// Parses `data` (UTF-8) named `name`. Returns the document, or the problems with libxml2's
    /// line and column. The caller refuses DOCTYPEs before calling this.
    static func parse(_ data: Data, name: String) -> ParseOutcome {
        _ = setUp
        let collector = ErrorCollector()
        guard let context = xmlNewParserCtxt() else {
            return .failure([XLIFFProblem(line: 0, message: "libxml2 could not create a parser")])
        }
        defer { xmlFreeParserCtxt(context) }
        let document: xmlDocPtr? = collector.collecting {
            data.withUnsafeBytes { bytes in
                xmlCtxtReadMemory(
                    context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), name, "UTF-8",
                    parseOptions)
            }
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            var problems = collector.problems
            if problems.isEmpty { problems = [XLIFFProblem(line: 0, message: "the file is not well-formed XML")] }
            return .failure(problems)
        }
        let result = Document(document)
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
            return .failure([XLIFFProblem(line: 1, message: "a DOCTYPE is not allowed in an XLIFF file")])
        }
        return .success(result)
    }

    /// A compiled XML schema.
    final class Schema: @unchecked Sendable {
        let pointer: xmlSchemaPtr

        /// Compiles the schema text `source`; its imports go through the entity loader (so only
        /// `xml.xsd` resolves).
        init(source: Data) throws {
            _ = LibXML2.setUp
            let collector = ErrorCollector()
            let schema: xmlSchemaPtr? = collector.collecting {
                source.withUnsafeBytes { bytes -> xmlSchemaPtr? in
                    guard
                        let context = xmlSchemaNewMemParserCtxt(
                            bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
                    else { return nil }
                    defer { xmlSchemaFreeParserCtxt(context) }
                    xmlSchemaSetParserStructuredErrors(context, ErrorCollector.handler, collector.context)
                    return xmlSchemaParse(context)
                }
            }
            guard let schema else {
                throw LocalizationError.invalidXLIFF(
                    file: "<schema>",
                    problems: collector.problems.isEmpty
                        ? [XLIFFProblem(line: 0, message: "the schema does not compile")] : collector.problems)
            }
            pointer = schema
        }

        deinit { xmlSchemaFree(pointer) }

        /// Validates `document`; returns the problems (empty when valid).
        func validate(_ document: Document) -> [XLIFFProblem] {
            guard let context = xmlSchemaNewValidCtxt(pointer) else {
                return [XLIFFProblem(line: 0, message: "libxml2 could not create a schema validator")]
            }
            defer { xmlSchemaFreeValidCtxt(context) }
            let collector = ErrorCollector()
            xmlSchemaSetValidStructuredErrors(context, ErrorCollector.handler, collector.context)
            let status = collector.collecting { xmlSchemaValidateDoc(context, document.pointer) }
            if status != 0 && collector.problems.isEmpty {
                return [
                    XLIFFProblem(
                        line: 0, message: "the file is not valid against the XLIFF 1.2 schema (libxml2 status \(status))")
                ]
            }
            return collector.problems
        }
    }

    // MARK: Tree access

    /// The local name of an element.
    static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The namespace URI of an element, if any.
    static func namespace(_ node: xmlNodePtr) -> String? {
        node.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    /// The value of attribute `name` (no namespace).
    static func attribute(_ node: xmlNodePtr, _ name: String, namespace: String? = nil) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            let attributeNamespace = current.pointee.ns?.pointee.href.map { String(cString: $0) }
            if current.pointee.name.map({ String(cString: $0) }) == name, attributeNamespace == namespace {
                var text = ""
                var child = current.pointee.children
                while let part = child {
                    if let content = part.pointee.content { text += String(cString: content) }
                    child = part.pointee.next
                }
                return text
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The 1-based line of a node.
    static func line(_ node: xmlNodePtr) -> Int { Int(xmlGetLineNo(node)) }

    /// The element children of `node`.
    static func elements(of node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    /// The text of an element made only of text (and CDATA; comments and processing
    /// instructions are skipped), and the first child element if it has any (markup).
    static func plainText(of node: xmlNodePtr) -> (text: String, markup: xmlNodePtr?) {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            case XML_COMMENT_NODE, XML_PI_NODE:
                break
            default:
                return (text, current)
            }
            child = current.pointee.next
        }
        return (text, nil)
    }
}
