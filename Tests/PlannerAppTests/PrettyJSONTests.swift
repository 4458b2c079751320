import Basics
import Foundation
import Testing

@testable import PlannerApp

/// `PrettyJSON` against the encoder it stands in for: the same random documents through both give the same bytes.
@Suite("PrettyJSON writes what JSONEncoder writes")
struct PrettyJSONTests {
    /// A JSON document that both writers can take.
    indirect enum Node: Encodable {
        case string(String)
        case number(Double)
        case integer(Int64)
        case bool(Bool)
        case array([Node])
        /// Members with distinct keys, in any order; nil values are left out by both.
        case object([(String, Node?)])

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            switch self {
            case .string(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .number(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .integer(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .bool(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .array(let items):
                var c = encoder.unkeyedContainer()
                for item in items { try c.encode(item) }
            case .object(let members):
                var c = encoder.container(keyedBy: Key.self)
                for (key, value) in members { try c.encodeIfPresent(value, forKey: Key(stringValue: key)) }
            }
        }

        func write(to json: inout PrettyJSON) {
            switch self {
            case .string(let value): json.string(value)
            case .number(let value): json.number(value)
            case .integer(let value): json.integer(value)
            case .bool(let value): json.bool(value)
            case .array(let items):
                json.array { list in
                    for item in items {
                        list.element()
                        item.write(to: &list)
                    }
                }
            case .object(let members):
                json.object { object in
                    for (key, value) in members.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }) {
                        guard let value else { continue }
                        object.key(key)
                        value.write(to: &object)
                    }
                }
            }
        }
    }

    /// Characters that JSON escapes or that tell writers apart: quotes, backslash, slash, every control character,
    /// DEL, accents, emoji, line separators.
    static let alphabet: [Unicode.Scalar] =
        (0..<0x20).map { Unicode.Scalar($0)! } + ["\"", "\\", "/", "\u{7F}", "a", "Z", "_", "0", " ", "é", "Ä", "ß", "😀", "\u{2028}", "\u{FEFF}", "中"]

    static func text(_ random: inout SplitMix64, maximumLength: Int = 12) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maximumLength, using: &random) {
            scalars.append(alphabet.randomElement(using: &random)!)
        }
        return String(scalars)
    }

    static func number(_ random: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: Double(Int.random(in: -1_000_000...1_000_000, using: &random))
        case 1: Double(Int.random(in: -100_000...100_000, using: &random)) / 10
        case 2: Double.random(in: -180...180, using: &random)
        case 3: Double.random(in: 0...1, using: &random) * pow(10, Double(Int.random(in: -30...30, using: &random)))
        case 4: [0.0, -0.0, 1e15, 1e16, 1e21, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 2.5e-5].randomElement(using: &random)!
        default: (Double.random(in: -1000...1000, using: &random) * 10).rounded() / 10
        }
    }

    static func node(_ random: inout SplitMix64, depth: Int) -> Node {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
        case 0: return .string(text(&random))
        case 1: return .number(number(&random))
        case 2: return .integer(Int64.random(in: .min ... .max, using: &random) >> Int64.random(in: 0...63, using: &random))
        case 3: return .bool(Bool.random(using: &random))
        case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in node(&random, depth: depth + 1) })
        default:
            var keys = Set<String>()
            for _ in 0..<Int.random(in: 0...5, using: &random) { keys.insert(text(&random, maximumLength: 4)) }
            return .object(
                keys.sorted().shuffled(using: &random).map { key in
                    (key, Bool.random(using: &random) && depth > 0 ? nil : node(&random, depth: depth + 1))
                })
        }
    }

    @Test func randomDocumentsComeOutByteForByteAsJSONEncoderWritesThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var random = SplitMix64(seed: 2026)
        for _ in 0..<2_000 {
            let document = Self.node(&random, depth: 0)
            var json = PrettyJSON()
            document.write(to: &json)
            let expected = String(decoding: try encoder.encode(document), as: UTF8.self)
            #expect(try json.text() == expected)
        }
    }

    /// `write(to:)`, with random runs of each object's members written apart (`PrettyJSON.members(depth:_:)`) and
    /// copied in, as a server copies a theater's unchanging members.
    static func writeCopyingRuns(_ node: Node, to json: inout PrettyJSON, depth: Int, random: inout SplitMix64) {
        switch node {
        case .array(let items):
            json.array { list in
                for item in items {
                    list.element()
                    writeCopyingRuns(item, to: &list, depth: depth + 1, random: &random)
                }
            }
        case .object(let members):
            let present = members.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) })
                .compactMap { key, value in value.map { (key, $0) } }
            json.object { object in
                var index = 0
                while index < present.count {
                    let run = present[index..<min(present.count, index + Int.random(in: 1...3, using: &random))]
                    index = run.endIndex
                    if Bool.random(using: &random) {
                        var inner = random
                        let written = PrettyJSON.members(depth: depth + 1) { apart in
                            for (key, value) in run {
                                apart.key(key)
                                writeCopyingRuns(value, to: &apart, depth: depth + 1, random: &inner)
                            }
                        }
                        random = inner
                        object.members(written)
                    } else {
                        for (key, value) in run {
                            object.key(key)
                            writeCopyingRuns(value, to: &object, depth: depth + 1, random: &random)
                        }
                    }
                }
            }
        default: node.write(to: &json)
        }
    }

    @Test func membersWrittenApartAndCopiedInComeOutAsIfWrittenInPlace() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var random = SplitMix64(seed: 2027)
        var copied = 0
        for _ in 0..<1_000 {
            let document = Self.node(&random, depth: 0)
            var json = PrettyJSON()
            Self.writeCopyingRuns(document, to: &json, depth: 0, random: &random)
            let expected = String(decoding: try encoder.encode(document), as: UTF8.self)
            #expect(try json.text() == expected)
            if case .object = document { copied += 1 }
        }
        #expect(copied > 100)
    }

    @Test func emptyContainersAndSlashesAreWrittenAsTheEncoderWritesThem() throws {
        var json = PrettyJSON()
        json.object { members in
            members.member("a", strings: [])
            members.member("b", strings: [String: String]())
            members.member("url", "https://www.openstreetmap.org/node/1")
        }
        #expect(try json.text() == "{\n  \"a\" : [\n\n  ],\n  \"b\" : {\n\n  },\n  \"url\" : \"https://www.openstreetmap.org/node/1\"\n}")
    }

    @Test func aNumberJSONCannotHoldIsRefusedAsTheEncoderRefusesIt() {
        var json = PrettyJSON()
        json.array { list in
            list.element()
            list.number(.nan)
        }
        #expect(throws: EncodingError.self) { try json.text() }
    }
}
