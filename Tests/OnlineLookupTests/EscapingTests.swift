import Foundation
import Testing

@testable import OnlineLookup

/// Overpass's quoted literals and Nominatim's '+', escaped without Foundation's `replacingOccurrences`, as it did.
@Suite struct EscapingTests {
    @Test(arguments: [#"Pathé (Lyon)"#, #"a\b"c"#, #"\\"#, #""""#, "", "Kino \"Helios\" \\ 2", "Éclair\u{301}\\"])
    func anOverpassLiteralIsEscapedAsReplacingOccurrencesEscapesIt(text: String) {
        let expected = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        #expect(OverpassClient.escape(text) == expected)
    }

    @Test func aPlusInANominatimQueryArrivesWhole() throws {
        let (url, key) = try NominatimClient.request(
            baseURL: URL(string: "http://127.0.0.1:9/")!, path: "search",
            parameters: ["q": "A+B C", "format": "jsonv2"])
        #expect(url.absoluteString == "http://127.0.0.1:9/search?format=jsonv2&q=A%2BB%20C")
        #expect(key == "nominatim /search?format=jsonv2&q=A%2BB%20C")
    }
}
