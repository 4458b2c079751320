import TestSupport
import Testing

@testable import OSM

@Suite(.offThePool) struct ProtobufReaderTests {
    @Test func varintsAndZigzagDecodeAsTheSpecSays() throws {
        // 150 is 0x96 0x01 (protobuf encoding guide); zigzag 3 is -2, 4 is 2.
        var reader = ProtobufReader([0x96, 0x01, 0x03, 0x04])
        #expect(try reader.readVarint() == 150)
        #expect(try reader.readSignedVarint() == -2)
        #expect(try reader.readSignedVarint() == 2)
        #expect(reader.isAtEnd)
    }

    @Test func packedDeltasAccumulate() throws {
        // A packed field of three zigzag deltas: +10, -4, +1 → 10, 6, 7.
        var reader = ProtobufReader([0x03, 20, 7, 2])
        var values: [Int64] = []
        try reader.readDeltaSignedVarints(.lengthDelimited, into: &values)
        #expect(values == [10, 6, 7])
    }

    @Test func aFieldRunningPastTheEndThrows() {
        var reader = ProtobufReader([0x0A, 0x05, 0x01])
        #expect(throws: ProtobufError.self) {
            _ = try reader.nextField()
            _ = try reader.readLengthDelimited()
        }
    }
}
