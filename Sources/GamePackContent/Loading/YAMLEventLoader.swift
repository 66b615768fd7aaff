// Yams's libyaml module: not a product of Yams, so Package.swift cannot list it; it comes with
// the `Yams` dependency (see the comment there).
import CYaml
import Foundation

/// Builds a file's `SourceNode` tree straight from libyaml's parser events, the way
/// `SourceLoader` would through Yams's `Node` tree, for the files that need nothing more:
/// one document of maps, lists and scalars without anchors, aliases, explicit tags, merge keys,
/// list or map keys or repeated keys.
///
/// Written by hand (against libyaml, the C library Yams wraps) because Yams offers only its
/// tree: building a `Node` per value and converting it took about half of loading a project
/// of small files. A file this loader does not take (it returns nil: the cases above, an empty
/// file, a syntax error) is loaded through Yams as before, which gives the same tree or the
/// same error, so results never depend on which path read a file.
enum YAMLEventLoader {
    /// A list or map being built (a class, so that its arrays grow in place).
    fileprivate final class Frame {
        let isMap: Bool
        let location: SourceLocation
        var elements: [SourceNode]
        var entries: [SourceEntry]
        /// The key whose value comes next (maps).
        var key: SourceNode?
        /// The keys so far, once a map has `keySetThreshold` of them (below, `entries` is
        /// searched: a set for every small map cost more than the search).
        var keys: Set<String>?

        /// Whether `text` is not a key of this map yet; records it if so.
        func insertKey(_ text: String) -> Bool {
            if keys == nil {
                guard entries.count >= Frame.keySetThreshold else {
                    return !entries.contains { $0.key == text }
                }
                keys = Set(entries.lazy.map(\.key))
            }
            return keys!.insert(text).inserted
        }

        static let keySetThreshold = 16

        init(isMap: Bool, location: SourceLocation, elements: [SourceNode] = [], entries: [SourceEntry] = []) {
            self.isMap = isMap
            self.location = location
            self.elements = elements
            self.entries = entries
        }
    }

    /// The tree of `text` (valid UTF-8, from `path`), or nil when Yams must load it.
    static func load(_ text: String, path: String) -> SourceNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var text = text
        return text.withUTF8 { bytes -> SourceNode? in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var builder = Builder(path: path)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                let step = builder.take(event)
                yaml_event_delete(&event)
                switch step {
                case .more: continue
                case .done(let root): return root
                case .needsYams: return nil
                }
            }
        }
    }

    /// The tree being built from libyaml's events: the lists and maps still open, and the root.
    fileprivate struct Builder {
        let path: String
        var stack: [Frame] = []
        var root: SourceNode?
        var documents = 0
        /// Emptied arrays of finished lists and maps, kept with their room: a new list or map
        /// grows in one of these and is copied out at its end into an array of its own size,
        /// instead of growing its own array step by step (which was 5% of lint).
        var spareElements: [[SourceNode]] = []
        var spareEntries: [[SourceEntry]] = []

        /// What is left after one event.
        enum Step {
            /// More events to read.
            case more
            /// The stream ended with this tree.
            case done(SourceNode)
            /// The file uses what only Yams reads (aliases, tags, merge keys, duplicate keys,
            /// several documents) or is not valid: Yams must load it.
            case needsYams
        }

        init(path: String) { self.path = path }

        /// Takes one event (valid until it is deleted, after this returns). Inlined into
        /// `load`'s loop, as it was before it was a function of its own (called, it cost lint
        /// about 1% at 22,000 items).
        @inline(__always)
        mutating func take(_ event: yaml_event_t) -> Step {
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                return .more
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                return documents > 1 ? .needsYams : .more
            case YAML_STREAM_END_EVENT:
                guard stack.isEmpty, let root else { return .needsYams }
                return .done(root)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                guard scalar.anchor == nil, scalar.tag == nil else { return .needsYams }
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let at = location(event.start_mark)
                let node =
                    scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE
                    ? SourceLoader.resolvePlain(value, at: at)
                    : SourceNode(.string(value), raw: value, isQuoted: true, location: at)
                return attach(node) ? .more : .needsYams
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start
                guard start.anchor == nil, start.tag == nil else { return .needsYams }
                stack.append(
                    Frame(isMap: false, location: location(event.start_mark), elements: spareElements.popLast() ?? []))
                return .more
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start
                guard start.anchor == nil, start.tag == nil else { return .needsYams }
                stack.append(
                    Frame(isMap: true, location: location(event.start_mark), entries: spareEntries.popLast() ?? []))
                return .more
            case YAML_SEQUENCE_END_EVENT:
                guard let frame = stack.popLast(), !frame.isMap else { return .needsYams }
                let elements = Self.takeOut(&frame.elements, sparing: &spareElements)
                return attach(SourceNode(.list(elements), location: frame.location)) ? .more : .needsYams
            case YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast(), frame.isMap, frame.key == nil else { return .needsYams }
                let entries = Self.takeOut(&frame.entries, sparing: &spareEntries)
                return attach(SourceNode(.map(entries), location: frame.location)) ? .more : .needsYams
            default:
                return .needsYams  // aliases, and anything else
            }
        }

        /// Puts a finished node into its parent (or makes it the root); false when the file
        /// needs Yams.
        @inline(__always)
        mutating func attach(_ node: SourceNode) -> Bool {
            guard let top = stack.last else {
                guard root == nil else { return false }
                root = node
                return true
            }
            if !top.isMap {
                top.elements.append(node)
            } else if let key = top.key {
                top.entries.append(SourceEntry(key: key.raw ?? "", keyLocation: key.location, value: node))
                top.key = nil
            } else {
                // A key: a scalar, not a merge key, not seen before in this map.
                guard let text = node.raw, node.entries == nil, node.elements == nil,
                    node.isQuoted || text != "<<", top.insertKey(text)
                else { return false }
                top.key = node
            }
            return true
        }

        /// The values `grown` holds, in an array of their own of just their size; `grown`
        /// itself is emptied, keeping its room, and put with the `spare` arrays.
        static func takeOut<Value>(_ grown: inout [Value], sparing spare: inout [[Value]]) -> [Value] {
            var values: [Value] = []
            swap(&values, &grown)
            let copy = [Value](unsafeUninitializedCapacity: values.count) { buffer, count in
                _ = buffer.initialize(from: values)
                count = values.count
            }
            values.removeAll(keepingCapacity: true)
            spare.append(values)
            return copy
        }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: path, line: mark.line + 1, column: mark.column + 1)
        }
    }
}
