import Foundation
import HTTPTypes
import Hummingbird

/// Answers with text the use cases rendered: JSON, GeoJSON, CSV, iCalendar, HTML.
enum Reply {
    /// The text, ending in a line break (added when it lacks one), copied once into the body.
    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        utf8(text.utf8, type: type, status: status)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Self.text(text, type: "application/json", status: status)
    }

    /// JSON already in UTF-8 (`PrettyJSON`'s bytes), with the line break the text replies end in.
    static func json(utf8 bytes: [UInt8]) -> Response { utf8(bytes, type: "application/json", status: .ok) }

    /// UTF-8 text, ending in a line break (added when it lacks one), copied once into the body.
    private static func utf8(
        _ bytes: some BidirectionalCollection<UInt8>, type: String, status: HTTPResponse.Status
    ) -> Response {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(bytes.count + 1)
        buffer.writeBytes(bytes)
        if bytes.last != 0x0A { buffer.writeInteger(UInt8(ascii: "\n")) }
        return Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: buffer))
    }

    static func geoJSON(_ text: String) -> Response { Self.text(text, type: "application/geo+json") }

    static func noContent() -> Response { Response(status: .noContent) }
}

/// Reading query parameters as the command line reads its options, with the same words when they are wrong.
struct Query {
    let parameters: [String: String]

    /// A query already read (the tests').
    init(parameters: [String: String]) { self.parameters = parameters }

    /// Reads the query as HTML forms and browsers write it: `+` is a space, `%2B` a plus. Empty pairs (`a=1&&b=2`)
    /// are skipped.
    init(_ request: Request) throws {
        var parameters: [String: String] = [:]
        var rest = Substring(request.uri.query ?? "")
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
            let pair = rest[..<end]
            rest = end == rest.endIndex ? "" : rest[rest.utf8.index(after: end)...]
            guard !pair.isEmpty else { continue }
            let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
            guard let name = Self.decoded(pair[..<(equals ?? pair.endIndex)]),
                let value = Self.decoded(equals.map { pair[pair.utf8.index(after: $0)...] } ?? "")
            else {
                throw Problem(.badRequest, "the query is not valid percent-encoding")
            }
            guard parameters[name] == nil else {
                throw Problem(.badRequest, "the query parameter '\(name.prefix(80))' is given twice")
            }
            let limit = name == "q" ? 500 : 200
            // Characters, counted only when the bytes alone could be too many (a character is at least one byte).
            guard value.utf8.count <= limit || value.count <= limit else {
                throw Problem(.badRequest, "the query parameter '\(name.prefix(80))' is over \(limit) characters")
            }
            parameters[name] = value
        }
        self.parameters = parameters
    }

    /// `+` as a space and `%XX` as that byte, as `removingPercentEncoding` reads it (nil for a `%` without two hex
    /// digits, or bytes that are not UTF-8), without Foundation's bridging to NSString on every request.
    static func decoded(_ text: Substring) -> String? {
        // Most parameters hold neither: they are the text as it is.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    func string(_ name: String) -> String? { parameters[name] }

    func required(_ name: String) throws -> String {
        guard let value = parameters[name], !value.isEmpty else {
            throw Problem(.badRequest, "the query parameter '\(name)' is required")
        }
        return value
    }

    func int(_ name: String) throws -> Int? {
        guard let text = parameters[name] else { return nil }
        guard let value = Int(text) else {
            throw Problem(.badRequest, "--\(name) must be a whole number, not '\(text.prefix(80))'")
        }
        return value
    }

    func enumeration<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let text = parameters[name] else { return nil }
        guard let value = T(rawValue: text) else {
            throw Problem(.badRequest, "--\(name) cannot be '\(text.prefix(80))'")
        }
        return value
    }
}
