import Geo

/// Decodes the two blob payloads of `osmformat.proto`: `HeaderBlock` and `PrimitiveBlock`.
enum PBFPrimitiveBlock {
    /// The required features this reader understands.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// `HeaderBlock { HeaderBBox bbox = 1; repeated string required_features = 4; … writingprogram = 16; }`,
    /// with the box in nanodegrees: `HeaderBBox { sint64 left = 1; right = 2; top = 3; bottom = 4; }`.
    static func decodeHeader(_ bytes: [UInt8]) throws(ProtobufError) -> OSMHeader {
        var reader = ProtobufReader(bytes)
        var header = OSMHeader()
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited):
                var box = try reader.readMessage()
                var values = [Int64](repeating: 0, count: 5)
                while let boxField = try box.nextField() {
                    if (1...4).contains(boxField.number), boxField.wireType == .varint {
                        values[boxField.number] = try box.readSignedVarint()
                    } else {
                        try box.skip(boxField.wireType)
                    }
                }
                let bounds = BoundingBox(
                    south: Double(values[4]) / 1e9, west: Double(values[1]) / 1e9,
                    north: Double(values[3]) / 1e9, east: Double(values[2]) / 1e9)
                guard bounds.isWithinRange else { throw ProtobufError(reason: "HeaderBBox is out of range") }
                header.boundingBox = bounds
            case (4, .lengthDelimited): header.requiredFeatures.append(try reader.readString())
            case (16, .lengthDelimited): header.writingProgram = try reader.readString()
            default: try reader.skip(field.wireType)
            }
        }
        return header
    }

    /// Decodes one `PrimitiveBlock`, handing each element of the requested kinds to `body`.
    static func decode(
        _ bytes: [UInt8], kinds: OSMElementKinds, body: (OSMElement) throws -> Void
    ) throws {
        var reader = ProtobufReader(bytes)
        var context = BlockContext()
        var groups: [Range<Int>] = []
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited):
                var table = try reader.readMessage()
                while let entry = try table.nextField() {
                    if entry.number == 1, entry.wireType == .lengthDelimited {
                        context.strings.append(try table.readString())
                    } else {
                        try table.skip(entry.wireType)
                    }
                }
            case (2, .lengthDelimited): groups.append(try reader.readLengthDelimited())
            case (17, .varint): context.granularity = try reader.readInt64()
            case (19, .varint): context.latitudeOffset = try reader.readInt64()
            case (20, .varint): context.longitudeOffset = try reader.readInt64()
            default: try reader.skip(field.wireType)
            }
        }
        for range in groups {
            var group = ProtobufReader(bytes, range: range)
            while let field = try group.nextField() {
                switch (field.number, field.wireType) {
                case (1, .lengthDelimited) where kinds.contains(.nodes):
                    try body(.node(try context.node(try group.readMessage())))
                case (2, .lengthDelimited) where kinds.contains(.nodes):
                    try context.denseNodes(try group.readMessage(), body: body)
                case (3, .lengthDelimited) where kinds.contains(.ways):
                    try body(.way(try context.way(try group.readMessage())))
                case (4, .lengthDelimited) where kinds.contains(.relations):
                    try body(.relation(try context.relation(try group.readMessage())))
                default: try group.skip(field.wireType)
                }
            }
        }
    }
}

/// A block's string table and coordinate scaling, with the decoders that need them.
private struct BlockContext {
    var strings: [String] = []
    var granularity: Int64 = 100
    var latitudeOffset: Int64 = 0
    var longitudeOffset: Int64 = 0

    func string(_ index: UInt64) throws(ProtobufError) -> String {
        guard index < UInt64(strings.count) else { throw ProtobufError(reason: "string index \(index) out of range") }
        return strings[Int(index)]
    }

    func coordinate(latitude: Int64, longitude: Int64) -> Coordinate {
        Coordinate(
            uncheckedLatitude: Double(latitudeOffset &+ granularity &* latitude) / 1e9,
            longitude: Double(longitudeOffset &+ granularity &* longitude) / 1e9)
    }

    func tags(keys: [UInt64], values: [UInt64]) throws(ProtobufError) -> [String: String] {
        guard keys.count == values.count else { throw ProtobufError(reason: "tag keys and values differ in count") }
        var tags: [String: String] = [:]
        tags.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            let (key, value) = (try string(key), try string(value))
            if let violation = OSMLimits.violation(key: key, value: value) {
                throw ProtobufError(reason: "a tag is too long", tagTooLong: violation)
            }
            tags[key] = value
        }
        return tags
    }

    /// `Node { sint64 id = 1; packed uint32 keys = 2; packed uint32 vals = 3; Info info = 4; sint64 lat = 8; lon = 9 }`
    func node(_ message: ProtobufReader) throws(ProtobufError) -> OSMNode {
        var reader = message
        var id: Int64 = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var keys: [UInt64] = []
        var values: [UInt64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1: id = try reader.readSignedVarint()
            case 2: try reader.readRepeatedVarints(field.wireType, into: &keys)
            case 3: try reader.readRepeatedVarints(field.wireType, into: &values)
            case 8: latitude = try reader.readSignedVarint()
            case 9: longitude = try reader.readSignedVarint()
            default: try reader.skip(field.wireType)
            }
        }
        return OSMNode(
            id: id, coordinate: coordinate(latitude: latitude, longitude: longitude),
            tags: try tags(keys: keys, values: values))
    }

    /// `DenseNodes { packed sint64 id = 1 (delta); DenseInfo denseinfo = 5; packed sint64 lat = 8, lon = 9 (delta);
    /// packed int32 keys_vals = 10 }`, where `keys_vals` holds each node's key/value indexes and a 0 after each node.
    func denseNodes(_ message: ProtobufReader, body: (OSMElement) throws -> Void) throws {
        var reader = message
        var ids: [Int64] = []
        var latitudes: [Int64] = []
        var longitudes: [Int64] = []
        var keysValues: [UInt64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1: try reader.readDeltaSignedVarints(field.wireType, into: &ids)
            case 8: try reader.readDeltaSignedVarints(field.wireType, into: &latitudes)
            case 9: try reader.readDeltaSignedVarints(field.wireType, into: &longitudes)
            case 10: try reader.readRepeatedVarints(field.wireType, into: &keysValues)
            default: try reader.skip(field.wireType)
            }
        }
        guard ids.count == latitudes.count, ids.count == longitudes.count else {
            throw ProtobufError(reason: "DenseNodes has \(ids.count) ids but \(latitudes.count) latitudes")
        }
        var cursor = 0
        for index in ids.indices {
            var tags: [String: String] = [:]
            if !keysValues.isEmpty {
                while true {
                    guard cursor < keysValues.count else {
                        throw ProtobufError(reason: "DenseNodes keys_vals ends early")
                    }
                    let key = keysValues[cursor]
                    cursor += 1
                    if key == 0 { break }
                    guard cursor < keysValues.count else {
                        throw ProtobufError(reason: "DenseNodes keys_vals has a key without a value")
                    }
                    let (tagKey, tagValue) = (try string(key), try string(keysValues[cursor]))
                    if let violation = OSMLimits.violation(key: tagKey, value: tagValue) {
                        throw ProtobufError(reason: "a tag is too long", tagTooLong: violation)
                    }
                    tags[tagKey] = tagValue
                    cursor += 1
                }
            }
            try body(
                .node(
                    OSMNode(
                        id: ids[index],
                        coordinate: coordinate(latitude: latitudes[index], longitude: longitudes[index]),
                        tags: tags)))
        }
    }

    /// `Way { int64 id = 1; packed uint32 keys = 2; packed uint32 vals = 3; Info info = 4; packed sint64 refs = 8 }`
    func way(_ message: ProtobufReader) throws(ProtobufError) -> OSMWay {
        var reader = message
        var id: Int64 = 0
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var refs: [Int64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1: id = try reader.readInt64()
            case 2: try reader.readRepeatedVarints(field.wireType, into: &keys)
            case 3: try reader.readRepeatedVarints(field.wireType, into: &values)
            case 8: try reader.readDeltaSignedVarints(field.wireType, into: &refs)
            default: try reader.skip(field.wireType)
            }
        }
        return OSMWay(id: id, nodeRefs: refs, tags: try tags(keys: keys, values: values))
    }

    /// `Relation { int64 id = 1; keys = 2; vals = 3; Info info = 4; packed int32 roles_sid = 8;
    /// packed sint64 memids = 9 (delta); packed MemberType types = 10 (NODE 0, WAY 1, RELATION 2) }`
    func relation(_ message: ProtobufReader) throws(ProtobufError) -> OSMRelation {
        var reader = message
        var id: Int64 = 0
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var roles: [UInt64] = []
        var types: [UInt64] = []
        var memberIDs: [Int64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1: id = try reader.readInt64()
            case 2: try reader.readRepeatedVarints(field.wireType, into: &keys)
            case 3: try reader.readRepeatedVarints(field.wireType, into: &values)
            case 8: try reader.readRepeatedVarints(field.wireType, into: &roles)
            case 9: try reader.readDeltaSignedVarints(field.wireType, into: &memberIDs)
            case 10: try reader.readRepeatedVarints(field.wireType, into: &types)
            default: try reader.skip(field.wireType)
            }
        }
        guard roles.count == memberIDs.count, types.count == memberIDs.count else {
            throw ProtobufError(reason: "relation \(id) has members, roles and types of different counts")
        }
        var members: [OSMMember] = []
        members.reserveCapacity(memberIDs.count)
        for index in memberIDs.indices {
            let kind: OSMMember.Kind
            switch types[index] {
            case 0: kind = .node
            case 1: kind = .way
            case 2: kind = .relation
            default: throw ProtobufError(reason: "relation \(id) has a member of unknown type \(types[index])")
            }
            members.append(OSMMember(kind: kind, ref: memberIDs[index], role: try string(roles[index])))
        }
        return OSMRelation(id: id, members: members, tags: try tags(keys: keys, values: values))
    }
}
