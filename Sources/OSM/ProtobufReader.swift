/// A reader of the protobuf wire format (https://protobuf.dev/programming-guides/encoding/) over a byte array.
///
/// Only what the OSM PBF messages use: varints, zigzag, fixed 32/64 (skipped), and length-delimited fields.
struct ProtobufReader {
    /// The wire types of the protobuf encoding.
    enum WireType: Int {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case startGroup = 3
        case endGroup = 4
        case fixed32 = 5
    }

    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(_ bytes: [UInt8]) {
        self.init(bytes, range: 0..<bytes.count)
    }

    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    var isAtEnd: Bool { position >= end }

    /// The next field's number and wire type, or nil at the end of the message.
    mutating func nextField() throws(ProtobufError) -> (number: Int, wireType: WireType)? {
        guard position < end else { return nil }
        let key = try readVarint()
        guard let wireType = WireType(rawValue: Int(key & 7)) else {
            throw ProtobufError(reason: "unknown wire type \(key & 7)")
        }
        let number = Int(key >> 3)
        guard number > 0 else { throw ProtobufError(reason: "field number 0") }
        return (number, wireType)
    }

    mutating func readVarint() throws(ProtobufError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift >= 64 { throw ProtobufError(reason: "varint longer than 10 bytes") }
        }
        throw ProtobufError(reason: "varint runs past the end of its message")
    }

    mutating func readSignedVarint() throws(ProtobufError) -> Int64 {
        Self.zigzag(try readVarint())
    }

    mutating func readInt64() throws(ProtobufError) -> Int64 {
        Int64(bitPattern: try readVarint())
    }

    /// The byte range of a length-delimited field, consumed.
    mutating func readLengthDelimited() throws(ProtobufError) -> Range<Int> {
        let length = try readVarint()
        guard length <= UInt64(end - position) else {
            throw ProtobufError(reason: "field of \(length) bytes runs past the end of its message")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    mutating func readBytes() throws(ProtobufError) -> [UInt8] {
        Array(bytes[try readLengthDelimited()])
    }

    mutating func readString() throws(ProtobufError) -> String {
        String(decoding: bytes[try readLengthDelimited()], as: UTF8.self)
    }

    /// A reader over the embedded message in the next length-delimited field.
    mutating func readMessage() throws(ProtobufError) -> ProtobufReader {
        ProtobufReader(bytes, range: try readLengthDelimited())
    }

    mutating func skip(_ wireType: WireType) throws(ProtobufError) {
        switch wireType {
        case .varint: _ = try readVarint()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .lengthDelimited: _ = try readLengthDelimited()
        case .startGroup, .endGroup: throw ProtobufError(reason: "groups are not supported")
        }
    }

    private mutating func advance(_ count: Int) throws(ProtobufError) {
        guard end - position >= count else { throw ProtobufError(reason: "fixed field runs past the end") }
        position += count
    }

    /// Appends the values of a repeated varint field, packed (wire type 2) or not (wire type 0).
    mutating func readRepeatedVarints(_ wireType: WireType, into values: inout [UInt64]) throws(ProtobufError) {
        if wireType == .varint {
            values.append(try readVarint())
            return
        }
        guard wireType == .lengthDelimited else { throw ProtobufError(reason: "bad wire type for a repeated varint") }
        var packed = try readMessage()
        while !packed.isAtEnd { values.append(try packed.readVarint()) }
    }

    /// Appends a repeated sint64 field, undoing delta coding (each value is added to the previous one).
    mutating func readDeltaSignedVarints(
        _ wireType: WireType, into values: inout [Int64]
    ) throws(ProtobufError) {
        var previous = values.last ?? 0
        if wireType == .varint {
            previous &+= try readSignedVarint()
            values.append(previous)
            return
        }
        guard wireType == .lengthDelimited else { throw ProtobufError(reason: "bad wire type for a repeated sint64") }
        var packed = try readMessage()
        while !packed.isAtEnd {
            previous &+= try packed.readSignedVarint()
            values.append(previous)
        }
    }

    @inline(__always)
    static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
