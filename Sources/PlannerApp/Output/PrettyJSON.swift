/// JSON text written byte for byte as Foundation's `JSONEncoder` writes it with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]`, without going through `Encodable`: the server writes a nearby answer on every
/// request, and the encoder's containers, boxing and key sorting cost more than the search (BENCHMARKS.md).
///
/// The layout is the encoder's: two spaces per level, `"key" : value`, an empty container as its brackets on two
/// lines with an empty line between, numbers as Swift's `description` without a trailing `.0`, and only `"`, `\`
/// and the control characters escaped. Members are written in the order given, which must be the order of their
/// keys' UTF-8 bytes, as `sortedKeys` sorts them (debug builds check it); a nil member is left out, as
/// `encodeIfPresent` leaves it out. `PrettyJSONTests` compares the two on random documents.
package struct PrettyJSON {
    private var bytes: [UInt8] = []
    /// Per open container, whether it has a member yet (its count is the depth).
    private var started: [Bool] = []
    /// A number JSON cannot hold (NaN, ±infinity), kept to be thrown by `text()`, as the encoder throws.
    private var invalidNumber: Double?
    #if DEBUG
        private var lastKeys: [String?] = []
    #endif

    /// In a `members(depth:_:)` body, its depth, and the first and the last key written there.
    private var membersDepth: Int?
    private var firstKey: String?
    private var lastKeyWritten: String?

    package init() { self.init(reservingCapacity: 4096) }

    private init(reservingCapacity capacity: Int) { bytes.reserveCapacity(capacity) }

    /// The text written, or the encoder's error for a number JSON cannot hold.
    package func text() throws -> String { String(decoding: try utf8(), as: UTF8.self) }

    /// The text written as UTF-8 (a server sends it as it is), or the encoder's error for a number JSON cannot hold.
    package func utf8() throws -> [UInt8] {
        if let invalidNumber {
            let context = EncodingError.Context(
                codingPath: [], debugDescription: "\(invalidNumber) is not a JSON number")
            throw EncodingError.invalidValue(invalidNumber, context)
        }
        return bytes
    }

    // MARK: Members written apart

    /// Members of an object written once and copied into many (`members(_:)`): a server writes the same theaters'
    /// unchanging members on every request.
    package struct Members: Sendable {
        /// The members' text, from the first one's indentation to the last one's value.
        fileprivate let bytes: [UInt8]
        /// How deep the object they belong in lies (1 for the document's own members).
        fileprivate let depth: Int
        fileprivate let firstKey: String?
        fileprivate let lastKey: String?
        fileprivate let invalidNumber: Double?
    }

    /// Writes the members `body` writes (with `member` or `key`) for an object `depth` deep, to be copied later.
    package static func members(depth: Int, _ body: (inout PrettyJSON) -> Void) -> Members {
        var json = PrettyJSON(reservingCapacity: 256)
        json.started = Array(repeating: true, count: depth - 1) + [false]
        json.membersDepth = depth
        #if DEBUG
            json.lastKeys = Array(repeating: nil, count: depth)
        #endif
        body(&json)
        return Members(
            bytes: json.bytes, depth: depth, firstKey: json.firstKey, lastKey: json.lastKeyWritten,
            invalidNumber: json.invalidNumber)
    }

    /// Copies members written apart into the object being written, which must lie as deep as they were written for
    /// and must not yet hold a member whose key sorts after their first.
    package mutating func members(_ members: Members) {
        precondition(
            members.depth == started.count, "members written for depth \(members.depth), copied at \(started.count)")
        guard !members.bytes.isEmpty else { return }
        #if DEBUG
            if let last = lastKeys[lastKeys.count - 1], let first = members.firstKey {
                assert(
                    last.utf8.lexicographicallyPrecedes(first.utf8), "JSON keys out of order: \(last), then \(first)")
            }
            lastKeys[lastKeys.count - 1] = members.lastKey
        #endif
        if started[started.count - 1] {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\n"))
        }
        started[started.count - 1] = true
        bytes.append(contentsOf: members.bytes)
        if let number = members.invalidNumber { invalidNumber = invalidNumber ?? number }
    }

    // MARK: Containers

    /// Writes an object whose members `body` writes with `member` or `key`.
    package mutating func object(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// Writes an array whose elements `body` writes, each after `element()`.
    package mutating func array(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// Starts the next element of the array being written.
    package mutating func element() { separate() }

    /// Starts the member `name` of the object being written; its value is written next.
    package mutating func key(_ name: String) {
        #if DEBUG
            if let last = lastKeys[lastKeys.count - 1] {
                assert(last.utf8.lexicographicallyPrecedes(name.utf8), "JSON keys out of order: \(last), then \(name)")
            }
            lastKeys[lastKeys.count - 1] = name
        #endif
        if started.count == membersDepth {
            if firstKey == nil { firstKey = name }
            lastKeyWritten = name
        }
        separate()
        string(name)
        bytes.append(contentsOf: " : ".utf8)
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        bytes.append(UInt8(ascii: "\n"))
        started.append(false)
        #if DEBUG
            lastKeys.append(nil)
        #endif
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(UInt8(ascii: "\n"))
        started.removeLast()
        #if DEBUG
            lastKeys.removeLast()
        #endif
        indent()
        bytes.append(bracket)
    }

    private mutating func separate() {
        if started[started.count - 1] {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\n"))
        }
        started[started.count - 1] = true
        indent()
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * started.count))
    }

    // MARK: Values

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Runs that need no escape are copied whole.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscaped(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"`, `\` and the control characters, as the encoder escapes them.
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        default: bytes.append(contentsOf: [0x5C, byte])
        }
    }

    package mutating func number(_ value: Double) {
        guard value.isFinite else {
            invalidNumber = invalidNumber ?? value
            bytes.append(contentsOf: "null".utf8)
            return
        }
        // A whole number below 10^15 is its digits (its description with ".0" dropped); -0 keeps its sign.
        if value.rounded(.towardZero) == value, value.magnitude < 1e15, !(value == 0 && value.sign == .minus) {
            appendDecimal(UInt64(value.magnitude), negative: value < 0)
            return
        }
        let text = value.description
        bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }

    /// The digits of a whole number, without making a string of them.
    private mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    package mutating func integer(_ value: some BinaryInteger) { bytes.append(contentsOf: String(value).utf8) }

    package mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// `null`, as the encoder writes `encodeNil()`.
    package mutating func null() { bytes.append(contentsOf: "null".utf8) }

    // MARK: Members

    package mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    package mutating func member(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    package mutating func member(_ name: String, integer value: (some BinaryInteger)?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    package mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    package mutating func member(_ name: String, strings: [String]) {
        key(name)
        array { list in
            for value in strings {
                list.element()
                list.string(value)
            }
        }
    }

    /// An object that `value` writes the members of; left out when nil, as `encodeIfPresent` leaves it out.
    package mutating func member<Value: PrettyJSONObject>(_ name: String, object value: Value?) {
        guard let value else { return }
        key(name)
        object { value.write(to: &$0) }
    }

    /// An array of objects that each value writes the members of.
    package mutating func member<Value: PrettyJSONObject>(_ name: String, objects values: [Value]) {
        key(name)
        array { list in
            for value in values {
                list.element()
                list.object { value.write(to: &$0) }
            }
        }
    }

    /// An object of strings, its keys sorted here.
    package mutating func member(_ name: String, strings: [String: String]) {
        key(name)
        object { members in
            for (key, value) in strings.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                members.member(key, value)
            }
        }
    }
}

/// A value written as a JSON object's members, in the order of their keys' UTF-8 bytes, the members its
/// synthesized `Encodable` conformance encodes (``PrettyJSON/member(_:object:)``, ``PrettyJSON/member(_:objects:)``).
package protocol PrettyJSONObject {
    /// Writes the members into the object being written.
    func write(to json: inout PrettyJSON)
}

extension PrettyJSONObject {
    /// The value as a whole document: the object that `FilmFormat.json(_:)` writes of it, as UTF-8.
    package func prettyJSONUTF8() throws -> [UInt8] {
        var json = PrettyJSON()
        json.object { self.write(to: &$0) }
        return try json.utf8()
    }
}
