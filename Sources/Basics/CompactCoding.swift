import Foundation

/// How a decoded answer is written to bytes and read back, for the next process to read instead of decoding the
/// answer's body again (the showtimes store's and the TMDb cache's kept decodings).
public struct KeptForm<Value>: Sendable {
    /// Names the decoding and this encoding of it: a changed encoding gets a new name, and what was kept in the
    /// old one is not read.
    public let name: String
    /// The bytes, or nil for a value that is not kept (one that carries problems to report, say).
    public let encode: @Sendable (Value) -> [UInt8]?
    /// The value, or nil for bytes that are not this form's (damaged, cut short).
    public let decode: @Sendable ([UInt8]) -> Value?

    public init(
        name: String, encode: @escaping @Sendable (Value) -> [UInt8]?, decode: @escaping @Sendable ([UInt8]) -> Value?
    ) {
        self.name = name
        self.encode = encode
        self.decode = decode
    }
}

/// Writes values compactly, for decoded answers kept between processes: little-endian counts, lengths and values,
/// strings as their UTF-8 bytes after their length; an absent optional is one 0 byte, a present one a 1 before its
/// value. ``CompactReader`` reads it back.
public struct CompactWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func count(_ value: Int) {
        word(UInt64(value))
    }

    public mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func integer(_ value: Int) {
        word(UInt64(bitPattern: Int64(value)))
    }

    public mutating func double(_ value: Double) {
        word(value.bitPattern)
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    public mutating func string(_ value: String) {
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    public mutating func string(_ value: String?) {
        optional(value) { $0.string($1) }
    }

    public mutating func date(_ value: Date) {
        word(value.timeIntervalSince1970.bitPattern)
    }

    /// A presence byte, then the value `write` writes when there is one.
    public mutating func optional<T>(_ value: T?, _ write: (inout CompactWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    /// The count, then each element as `write` writes it.
    public mutating func array<T>(_ values: [T], _ write: (inout CompactWriter, T) -> Void) {
        count(values.count)
        for value in values { write(&self, value) }
    }
}

/// Reads what ``CompactWriter`` wrote; nil for anything that runs past the end or is not what it should be.
public struct CompactReader {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { position == bytes.count }

    public mutating func word() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[position + index]) }
        position += 8
        return value
    }

    public mutating func count() -> Int? {
        guard let value = word(), value <= UInt64(bytes.count - position) else { return nil }
        return Int(value)
    }

    public mutating func integer() -> Int? {
        word().map { Int(Int64(bitPattern: $0)) }
    }

    public mutating func double() -> Double? {
        word().map { Double(bitPattern: $0) }
    }

    public mutating func bool() -> Bool? {
        guard position < bytes.count, bytes[position] <= 1 else { return nil }
        defer { position += 1 }
        return bytes[position] == 1
    }

    public mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(validating: bytes[position..<position + length], as: UTF8.self)
    }

    /// A presence byte, then the value `read` reads when there is one: nil when either cannot be read, `.some(nil)`
    /// for an absent value.
    public mutating func optional<T>(_ read: (inout CompactReader) -> T?) -> T?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    public mutating func optionalString() -> String?? {
        optional { $0.string() }
    }

    public mutating func date() -> Date? {
        word().map { Date(timeIntervalSince1970: Double(bitPattern: $0)) }
    }

    /// A count, then that many elements as `read` reads them; nil when any cannot be read.
    public mutating func array<T>(_ read: (inout CompactReader) -> T?) -> [T]? {
        guard let count = count() else { return nil }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = read(&self) else { return nil }
            values.append(value)
        }
        return values
    }
}
