import CLibXML2

/// Walks an XLIFF document's `<file>` elements and their translation units into an
/// `XLIFFDocument`, collecting the problems the schema does not find: duplicate unit ids,
/// markup in a text, po2xliff's plural groups and units without an id.
struct XLIFFUnitWalker {
    let dialect: XLIFFDocument.Dialect
    var document = XLIFFDocument(files: [], units: [])
    var problems: [XLIFFProblem] = []
    /// The line of each unit id's first unit.
    var firstLine: [String: Int] = [:]

    init(dialect: XLIFFDocument.Dialect) {
        self.dialect = dialect
    }

    func isXLIFF(_ node: xmlNodePtr, _ name: String) -> Bool {
        LibXML2.name(node) == name && LibXML2.namespace(node) == dialect.namespace
    }

    /// Reads every `<file>` under `root` and the units in its `<body>`.
    mutating func walk(_ root: xmlNodePtr) {
        for fileNode in LibXML2.elements(of: root) where isXLIFF(fileNode, "file") {
            let index = document.files.count
            document.files.append(
                XLIFFDocument.File(
                    original: LibXML2.attribute(fileNode, "original") ?? "",
                    sourceLanguage: LibXML2.attribute(fileNode, "source-language") ?? "",
                    targetLanguage: LibXML2.attribute(fileNode, "target-language"), line: LibXML2.line(fileNode),
                    fromPO: dialect.isVersion11 || LibXML2.attribute(fileNode, "datatype") == "po"))
            for body in LibXML2.elements(of: fileNode) where isXLIFF(body, "body") {
                collectUnits(in: body, fileIndex: index, keepPlaces: document.files[index].fromPO)
            }
        }
    }

    /// Places are kept for po2xliff's units only: their numbers are no ids, so the importer
    /// finds their fields by place; a unit with a gamepack id goes by its id alone.
    mutating func collectUnits(in node: xmlNodePtr, fileIndex: Int, keepPlaces: Bool) {
        for child in LibXML2.elements(of: node) {
            if isXLIFF(child, "group") {
                // po2xliff writes a PO plural as a group of one unit per form.
                if LibXML2.attribute(child, "restype") == "x-gettext-plurals" {
                    problems.append(
                        XLIFFProblem(
                            line: LibXML2.line(child),
                            message:
                                "a plural form (a group with restype=\"x-gettext-plurals\"): gamepack's texts have none; translate it as one text"
                        ))
                    continue
                }
                collectUnits(in: child, fileIndex: fileIndex, keepPlaces: keepPlaces)
            } else if isXLIFF(child, "trans-unit") {
                readUnit(child, fileIndex: fileIndex, keepPlaces: keepPlaces)
            }
        }
    }

    /// Reads one `<trans-unit>` into `document.units`, unless it is refused or skipped.
    mutating func readUnit(_ node: xmlNodePtr, fileIndex: Int, keepPlaces: Bool) {
        let line = LibXML2.line(node)
        guard let id = LibXML2.attribute(node, "id") else {
            if dialect.fromPO { problems.append(XLIFFProblem(line: line, message: "a <trans-unit> has no id")) }
            return  // else the schema reports it
        }
        // po2xliff's copy of the PO header is not a text to translate.
        if LibXML2.attribute(node, "restype") == "x-gettext-domain-header" { return }
        if let first = firstLine[id] {
            problems.append(
                XLIFFProblem(
                    line: line,
                    message: "duplicate unit id `\(id)` (first at line \(first)); each unit must appear once"))
            return
        }
        firstLine[id] = line
        var unit = XLIFFDocument.Unit(id: id, line: line, fileIndex: fileIndex, source: "", target: nil, state: nil)
        unit.approved = LibXML2.attribute(node, "approved") == "yes"
        unit.disapproved = LibXML2.attribute(node, "approved") == "no"
        for part in LibXML2.elements(of: node) {
            if isXLIFF(part, "source") || isXLIFF(part, "target") {
                let isSource = isXLIFF(part, "source")
                let (text, markup) = LibXML2.plainText(of: part)
                if let markup {
                    let kind =
                        markup.pointee.type == XML_ELEMENT_NODE ? "<\(LibXML2.name(markup))>" : "an entity reference"
                    problems.append(
                        XLIFFProblem(
                            line: LibXML2.line(markup),
                            message:
                                "the \(isSource ? "source" : "target") of unit `\(id)` contains markup (\(kind)); gamepack's texts are plain text, so write it as text"
                        ))
                }
                if isSource {
                    unit.source = text
                } else {
                    unit.target = text
                    unit.state = LibXML2.attribute(part, "state")
                }
            } else if keepPlaces, isXLIFF(part, "context-group"), LibXML2.attribute(part, "purpose") == "location" {
                if let place = place(in: part) { unit.places.append(place) }
            }
        }
        document.units.append(unit)
    }

    /// The place a `<context-group purpose="location">` names; nil without a source file.
    func place(in group: xmlNodePtr) -> XLIFFDocument.Place? {
        var file: String?
        var line: Int?
        for context in LibXML2.elements(of: group) where isXLIFF(context, "context") {
            let value = LibXML2.plainText(of: context).0
            switch LibXML2.attribute(context, "context-type") {
            case "sourcefile": file = value
            case "linenumber": line = Int(value.trimmedWhitespace)
            default: break
            }
        }
        return file.map { XLIFFDocument.Place(file: $0, line: line) }
    }
}
