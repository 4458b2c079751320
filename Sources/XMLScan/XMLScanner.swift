/// Reads an XML document (https://www.w3.org/TR/xml/) from memory and tells a handler what it finds: elements
/// with their attributes, and text. It is what planner's two XML formats need, Finnkino's schedules and OSM XML,
/// and no more: no DTD (a `<!DOCTYPE` is refused, so no entity is ever expanded but the five predefined ones and
/// character references), no namespaces, UTF-8 only.
///
/// It checks what makes a document well formed: one root, tags that close in order, quoted and unique attributes,
/// no `<` in an attribute, known entities, characters XML allows, and nothing but comments and processing
/// instructions around the root. The first problem stops the reading and is thrown with its line.
///
/// Why not Foundation's `XMLParser`: it links libxml2, and with it ICU and liblzma, into every process of the
/// planner, which costs each command its loading whether it reads XML or not (BENCHMARKS.md); and on Linux it
/// traps on some inputs (a name that is not UTF-8, a processing instruction without data).
public enum XMLScanner {
    /// Reads `bytes` to the end, or until the handler says it is done.
    /// - Throws: ``XMLScanError`` for the first thing that is not well formed, or what the handler throws.
    public static func scan<Handler: XMLHandler>(_ bytes: UnsafeRawBufferPointer, into handler: inout Handler) throws {
        var reader = Reader(bytes: bytes)
        try reader.run(&handler)
    }

    /// ``scan(_:into:)`` over an array of bytes.
    public static func scan<Handler: XMLHandler>(_ bytes: [UInt8], into handler: inout Handler) throws {
        try bytes.withUnsafeBytes { try scan($0, into: &handler) }
    }
}

/// What a document holds, as ``XMLScanner`` meets it.
public protocol XMLHandler {
    /// An element opens (an empty element, `<a/>`, opens and then closes).
    mutating func didStart(element name: String, attributes: XMLAttributes, line: Int) throws
    /// An element closes.
    mutating func didEnd(element name: String, line: Int) throws
    /// Text inside the root, entities and character references replaced and line ends made `\n`; a CDATA
    /// section's text too. One run of text may come in more than one piece.
    mutating func found(text: String) throws
    /// Whether ``found(text:)`` is wanted: false spares making strings of text nobody reads.
    var wantsText: Bool { get }
    /// True stops the reading after the call that set it, without an error.
    var isDone: Bool { get }
}

extension XMLHandler {
    public mutating func found(text: String) throws {}
    public var wantsText: Bool { false }
    public var isDone: Bool { false }
}

/// An element's attributes, in document order. Valid only during ``XMLHandler/didStart(element:attributes:line:)``
/// in spirit: the reader reuses its storage for the next element.
public struct XMLAttributes: Sendable {
    public fileprivate(set) var pairs: [(name: String, value: String)] = []

    /// The value of the attribute `name`, if the element has it.
    public subscript(name: String) -> String? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }
}

/// The first thing in a document that is not well formed, and its line (counted from 1).
public struct XMLScanError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// No element at all (nothing, or only space, comments and processing instructions).
        case empty
        /// A byte that does not start a valid UTF-8 character.
        case notUTF8
        /// A character XML does not allow (a control character, U+FFFE, U+FFFF), or a reference to one.
        case forbiddenCharacter
        /// The document stops inside a tag, a comment or an element: a cut document.
        case cut
        /// A tag, an attribute, a comment or a reference that is not written as XML writes it.
        case badMarkup
        /// A `<` or `&` not followed by a name.
        case bareMarkupCharacter(Character)
        /// A closing tag that does not close the element open (`nil`: none is).
        case mismatchedEnd(closing: String, open: String?)
        /// Text or an element after the root element closed.
        case afterRoot
        /// Text before the root element.
        case beforeRoot
        /// An entity other than `lt`, `gt`, `amp`, `apos` and `quot`.
        case undefinedEntity(String)
        /// An element with the same attribute twice.
        case duplicateAttribute(String)
        /// A `<!DOCTYPE`, which planner does not read (it could define entities).
        case documentType
        /// The XML declaration (`<?xml …?>`) anywhere but at the very start.
        case misplacedDeclaration
    }

    public let line: Int
    public let problem: Problem

    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// The problem in words, for a sentence that names the document ("XML line 3: …").
    public var reason: String {
        switch problem {
        case .empty: "the document is empty"
        case .notUTF8: "it is not UTF-8 text"
        case .forbiddenCharacter: "it holds a character that XML does not allow"
        case .cut: "the document ends before its tags are closed (a cut document?)"
        case .badMarkup: "a tag or attribute is not closed properly"
        case .bareMarkupCharacter(let character):
            "a '\(character)' is not followed by a name (an unescaped character, or a cut document)"
        case .mismatchedEnd(let closing, let open?): "</\(closing)> does not close <\(open)>"
        case .mismatchedEnd(let closing, nil): "</\(closing)> closes no element"
        case .afterRoot: "there is more after the end of the document"
        case .beforeRoot: "there is text before the first element"
        case .undefinedEntity(let name): "it refers to an entity XML does not define (&\(name);)"
        case .duplicateAttribute(let name): "an element has the attribute \(name) twice"
        case .documentType: "it declares a DOCTYPE, which planner does not read"
        case .misplacedDeclaration: "the XML declaration (<?xml …?>) is not at the start"
        }
    }

    public var description: String { "XML line \(line): \(reason)" }
}

private let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), ampersand = UInt8(ascii: "&")
private let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), bang = UInt8(ascii: "!")
private let equals = UInt8(ascii: "="), semicolon = UInt8(ascii: ";"), hash = UInt8(ascii: "#")
private let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), hyphen = UInt8(ascii: "-")
private let newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09

private func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == newline || byte == carriageReturn || byte == tab }

/// XML's NameStartChar, loosely above ASCII: any byte of a multi-byte character counts.
private func startsName(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ":") || byte >= 0x80
}

private func continuesName(_ byte: UInt8) -> Bool {
    startsName(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == hyphen
        || byte == UInt8(ascii: ".")
}

private struct Reader {
    var bytes: UnsafeRawBufferPointer
    /// Whether the last character was cut off: what comes before it is read, then the document is cut.
    var cutCharacter = false
    var index = 0
    var line = 1
    var open: [String] = []
    var sawRoot = false
    var attributes = XMLAttributes()
    var text: [UInt8] = []
    /// Element and attribute names met so far, so that each is made a string once.
    var names: [(bytes: UnsafeRawBufferPointer, name: String)] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    func failure(_ problem: XMLScanError.Problem) -> XMLScanError { XMLScanError(line: line, problem: problem) }

    mutating func run<Handler: XMLHandler>(_ handler: inout Handler) throws {
        try checkCharacters()
        // A byte order mark, which UTF-8 allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let start = index
        while index < bytes.count {
            if bytes[index] == lessThan {
                try markup(&handler, atStart: index == start)
                if handler.isDone { return }
            } else {
                try characterData(&handler)
            }
        }
        if !open.isEmpty || cutCharacter { throw failure(.cut) }
        if !sawRoot { throw failure(.empty) }
    }

    /// One pass over the whole document before any callback: every byte UTF-8, every character one XML allows.
    /// A character cut off at the very end is left out, and the document is cut there.
    mutating func checkCharacters() throws {
        var position = 0
        var lines = 1
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte < 0x80 {
                if byte < 0x20 {
                    if byte == newline {
                        lines += 1
                    } else if byte != tab && byte != carriageReturn {
                        throw XMLScanError(line: lines, problem: .forbiddenCharacter)
                    }
                }
                position += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: throw XMLScanError(line: lines, problem: .notUTF8)
            }
            for offset in 1..<length {
                guard position + offset < count else {
                    bytes = UnsafeRawBufferPointer(rebasing: bytes[..<position])
                    cutCharacter = true
                    return
                }
                let next = bytes[position + offset]
                let (lowest, highest) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard next >= lowest, next <= highest else {
                    throw XMLScanError(line: lines, problem: .notUTF8)
                }
            }
            // U+FFFE and U+FFFF are not characters XML allows.
            if byte == 0xEF, bytes[position + 1] == 0xBF, bytes[position + 2] >= 0xBE {
                throw XMLScanError(line: lines, problem: .forbiddenCharacter)
            }
            position += length
        }
    }

    // MARK: Text

    mutating func characterData<Handler: XMLHandler>(_ handler: inout Handler) throws {
        let wanted = !open.isEmpty && handler.wantsText
        if wanted { text.removeAll(keepingCapacity: true) }
        var onlySpace = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == lessThan { break }
            if byte == ampersand {
                onlySpace = false
                try reference(appendingTo: wanted)
                continue
            }
            if !isSpace(byte) { onlySpace = false }
            if byte == UInt8(ascii: "]"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "]"),
                bytes[index + 2] == greaterThan
            {
                throw failure(.badMarkup)
            }
            if byte == newline { line += 1 }
            if wanted {
                if byte == carriageReturn {
                    text.append(newline)
                    if index + 1 < bytes.count, bytes[index + 1] == newline { index += 1; line += 1 }
                } else {
                    text.append(byte)
                }
            }
            index += 1
        }
        if open.isEmpty, !onlySpace { throw failure(sawRoot ? .afterRoot : .beforeRoot) }
        if wanted, !text.isEmpty { try handler.found(text: String(decoding: text, as: UTF8.self)) }
    }

    /// `&name;` or `&#…;` at `index`: appended to ``text`` when `appending`.
    mutating func reference(appendingTo appending: Bool) throws {
        index += 1
        guard index < bytes.count else { throw failure(.cut) }
        if bytes[index] == hash {
            index += 1
            var hex = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "x") { hex = true; index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < bytes.count, bytes[index] != semicolon {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw failure(.badMarkup)
                }
                value = value * (hex ? 16 : 10) + digit
                guard value <= 0x10FFFF else { throw failure(.forbiddenCharacter) }
                digits += 1
                index += 1
            }
            guard index < bytes.count else { throw failure(.cut) }
            guard digits > 0 else { throw failure(.badMarkup) }
            index += 1
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            guard allowed, let scalar = Unicode.Scalar(value) else { throw failure(.forbiddenCharacter) }
            if appending { text.append(contentsOf: UTF8.encode(scalar)!) }
            return
        }
        guard startsName(bytes[index]) else { throw failure(.bareMarkupCharacter("&")) }
        let start = index
        while index < bytes.count, continuesName(bytes[index]) { index += 1 }
        guard index < bytes.count else { throw failure(.cut) }
        guard bytes[index] == semicolon else { throw failure(.badMarkup) }
        let name = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        index += 1
        let replacement: UInt8
        switch name.count {
        case 2 where name[0] == UInt8(ascii: "l") && name[1] == UInt8(ascii: "t"): replacement = lessThan
        case 2 where name[0] == UInt8(ascii: "g") && name[1] == UInt8(ascii: "t"): replacement = greaterThan
        case 3 where name.elementsEqual("amp".utf8): replacement = ampersand
        case 4 where name.elementsEqual("apos".utf8): replacement = apostrophe
        case 4 where name.elementsEqual("quot".utf8): replacement = quote
        default: throw failure(.undefinedEntity(String(decoding: name, as: UTF8.self)))
        }
        if appending { text.append(replacement) }
    }

    // MARK: Markup

    mutating func markup<Handler: XMLHandler>(_ handler: inout Handler, atStart: Bool) throws {
        guard index + 1 < bytes.count else { throw failure(.cut) }
        switch bytes[index + 1] {
        case slash: try endTag(&handler)
        case question: try processingInstruction(atStart: atStart)
        case bang:
            if has("<!--") {
                try comment()
            } else if has("<![CDATA[") {
                try cdata(&handler)
            } else if has("<!DOCTYPE") {
                throw failure(.documentType)
            } else if index + 9 > bytes.count {
                throw failure(.cut)
            } else {
                throw failure(.badMarkup)
            }
        default: try startTag(&handler)
        }
    }

    func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    /// Moves past the first `terminator` from `index` (counting lines), or throws `.cut`; returns where it began.
    mutating func skip(past terminator: StaticString) throws -> Int {
        while index < bytes.count {
            if has(terminator) {
                let at = index
                index += terminator.utf8CodeUnitCount
                return at
            }
            if bytes[index] == newline { line += 1 }
            index += 1
        }
        throw failure(.cut)
    }

    mutating func comment() throws {
        index += 4
        let start = index
        let end = try skip(past: "-->")
        // "--" may not appear inside a comment, nor may it end in "-".
        var position = start
        while position < end {
            if bytes[position] == hyphen, position + 1 <= end, position + 1 == end || bytes[position + 1] == hyphen {
                throw failure(.badMarkup)
            }
            position += 1
        }
    }

    mutating func cdata<Handler: XMLHandler>(_ handler: inout Handler) throws {
        guard !open.isEmpty else { throw failure(sawRoot ? .afterRoot : .beforeRoot) }
        index += 9
        let start = index
        let end = try skip(past: "]]>")
        guard handler.wantsText, end > start else { return }
        text.removeAll(keepingCapacity: true)
        var position = start
        while position < end {
            let byte = bytes[position]
            if byte == carriageReturn {
                text.append(newline)
                if position + 1 < end, bytes[position + 1] == newline { position += 1 }
            } else {
                text.append(byte)
            }
            position += 1
        }
        try handler.found(text: String(decoding: text, as: UTF8.self))
    }

    mutating func processingInstruction(atStart: Bool) throws {
        index += 2
        let start = index
        guard index < bytes.count else { throw failure(.cut) }
        guard startsName(bytes[index]) else { throw failure(.badMarkup) }
        while index < bytes.count, continuesName(bytes[index]) { index += 1 }
        guard index < bytes.count else { throw failure(.cut) }
        let target = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        let isDeclaration =
            target.count == 3 && target[0] | 0x20 == UInt8(ascii: "x") && target[1] | 0x20 == UInt8(ascii: "m")
            && target[2] | 0x20 == UInt8(ascii: "l")
        if isDeclaration, !atStart { throw failure(.misplacedDeclaration) }
        guard isSpace(bytes[index]) || has("?>") else { throw failure(.badMarkup) }
        _ = try skip(past: "?>")
    }

    /// The name at `index`, as a string made once per distinct name.
    mutating func name() throws -> String {
        guard index < bytes.count else { throw failure(.cut) }
        guard startsName(bytes[index]) else {
            throw failure(bytes[index - 1] == lessThan ? .bareMarkupCharacter("<") : .badMarkup)
        }
        let start = index
        while index < bytes.count, continuesName(bytes[index]) { index += 1 }
        guard index < bytes.count else { throw failure(.cut) }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        for known in names where known.bytes.count == slice.count && known.bytes.elementsEqual(slice) {
            return known.name
        }
        let name = String(decoding: slice, as: UTF8.self)
        if names.count < 64 { names.append((slice, name)) }
        return name
    }

    mutating func skipSpace() {
        while index < bytes.count, isSpace(bytes[index]) {
            if bytes[index] == newline { line += 1 }
            index += 1
        }
    }

    mutating func startTag<Handler: XMLHandler>(_ handler: inout Handler) throws {
        if open.isEmpty, sawRoot { throw failure(.afterRoot) }
        index += 1
        let element = try name()
        let tagLine = line
        attributes.pairs.removeAll(keepingCapacity: true)
        while true {
            let hadSpace = index < bytes.count && isSpace(bytes[index])
            skipSpace()
            guard index < bytes.count else { throw failure(.cut) }
            let byte = bytes[index]
            if byte == greaterThan || byte == slash {
                let empty = byte == slash
                if empty {
                    guard index + 1 < bytes.count else { throw failure(.cut) }
                    guard bytes[index + 1] == greaterThan else { throw failure(.badMarkup) }
                    index += 1
                }
                index += 1
                sawRoot = true
                open.append(element)
                try handler.didStart(element: element, attributes: attributes, line: tagLine)
                if empty, !handler.isDone {
                    open.removeLast()
                    try handler.didEnd(element: element, line: line)
                }
                return
            }
            guard hadSpace, startsName(byte) else { throw failure(.badMarkup) }
            let attribute = try name()
            skipSpace()
            guard index < bytes.count else { throw failure(.cut) }
            guard bytes[index] == equals else { throw failure(.badMarkup) }
            index += 1
            skipSpace()
            guard index < bytes.count else { throw failure(.cut) }
            let delimiter = bytes[index]
            guard delimiter == quote || delimiter == apostrophe else { throw failure(.badMarkup) }
            index += 1
            let value = try attributeValue(until: delimiter)
            if attributes.pairs.contains(where: { $0.name == attribute }) {
                throw failure(.duplicateAttribute(attribute))
            }
            attributes.pairs.append((attribute, value))
        }
    }

    /// An attribute's value up to `delimiter`, normalized as XML 1.0 §3.3.3 asks of an attribute without a DTD:
    /// references replaced, and each space, tab or line end written as one space.
    mutating func attributeValue(until delimiter: UInt8) throws -> String {
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != delimiter {
            let byte = bytes[index]
            if byte == lessThan { throw failure(.badMarkup) }
            if byte == ampersand || byte == newline || byte == carriageReturn || byte == tab { plain = false }
            index += 1
        }
        guard index < bytes.count else { throw failure(.cut) }
        let end = index
        index += 1
        if plain { return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
        text.removeAll(keepingCapacity: true)
        index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case ampersand:
                try reference(appendingTo: true)
                continue
            case carriageReturn:
                text.append(space)
                if index + 1 < end, bytes[index + 1] == newline { index += 1; line += 1 }
            case newline:
                text.append(space)
                line += 1
            case tab: text.append(space)
            default: text.append(byte)
            }
            index += 1
        }
        index = end + 1
        return String(decoding: text, as: UTF8.self)
    }

    mutating func endTag<Handler: XMLHandler>(_ handler: inout Handler) throws {
        index += 2
        let element = try name()
        skipSpace()
        guard index < bytes.count else { throw failure(.cut) }
        guard bytes[index] == greaterThan else { throw failure(.badMarkup) }
        index += 1
        guard let last = open.last, last == element else {
            throw failure(.mismatchedEnd(closing: element, open: open.last))
        }
        open.removeLast()
        try handler.didEnd(element: element, line: line)
    }
}
