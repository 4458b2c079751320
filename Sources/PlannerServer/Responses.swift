import Foundation
import HTTPTypes
import Hummingbird

/// Answers with text the use cases rendered: JSON, GeoJSON, CSV, iCalendar, HTML.
enum Reply {
    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        let body = text.utf8.last == 0x0A ? text : text + "\n"
        return Response(
            status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Self.text(text, type: "application/json", status: status)
    }

    static func geoJSON(_ text: String) -> Response { Self.text(text, type: "application/geo+json") }

    static func noContent() -> Response { Response(status: .noContent) }
}

/// Reading query parameters as the command line reads its options, with the same words when they are wrong.
struct Query {
    let parameters: [String: String]

    /// Reads the query as HTML forms and browsers write it: `+` is a space, `%2B` a plus.
    init(_ request: Request) throws {
        var parameters: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]), let value = Self.decoded(parts.count > 1 ? parts[1] : "") else {
                throw Problem(.badRequest, "the query is not valid percent-encoding")
            }
            guard parameters[name] == nil else {
                throw Problem(.badRequest, "the query parameter '\(name.prefix(80))' is given twice")
            }
            let limit = name == "q" ? 500 : 200
            guard value.count <= limit else {
                throw Problem(.badRequest, "the query parameter '\(name.prefix(80))' is over \(limit) characters")
            }
            parameters[name] = value
        }
        self.parameters = parameters
    }

    /// `+` as a space and `%XX` as that byte, as `removingPercentEncoding` reads it (nil for a `%` without two hex
    /// digits, or bytes that are not UTF-8), without Foundation's bridging to NSString on every request.
    static func decoded(_ text: Substring) -> String? {
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
