import Basics
import Foundation
import Testing

@testable import Geo

@Suite("A coordinate's text")
struct CoordinateTextTests {
    @Test func isWhatStringFormatWritesWithSixDecimals() throws {
        var random = SplitMix64(seed: 6)
        for _ in 0..<20_000 {
            let latitude = Double.random(in: -90...90, using: &random)
            let longitude = Double.random(in: -180...180, using: &random)
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            #expect(coordinate.description == String(format: "%.6f,%.6f", latitude, longitude))
        }
        // Halfway cases and the extremes.
        for (latitude, longitude) in [(0.0000005, -0.0000005), (90, -180), (-90, 180), (60.1699995, 24.9384445), (0, -0.0)] {
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            #expect(coordinate.description == String(format: "%.6f,%.6f", latitude, longitude))
        }
    }
}

@Suite("Reading lat,lon")
struct CoordinateReadingTests {
    /// The byte-level reading takes exactly the texts that splitting at commas took, as the same numbers, but
    /// "nan" and "inf", which are no coordinates (a place may be so called).
    @Test func readsWhatSplittingAtCommasRead() {
        func splitWay(_ text: String) -> (Double, Double)? {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), lat.isFinite, lon.isFinite
            else { return nil }
            return (lat, lon)
        }
        let pieces = ["", ",", " ", "\u{A0}", "60.1699", "-24.9", "+1e2", "nan", "0x10", "abc", "é", "1,"]
        var checked = 0
        for a in pieces { for b in pieces { for c in pieces { for d in pieces {
            let text = a + b + c + d
            let got = Coordinate.numbers(text)
            let want = splitWay(text)
            #expect((got == nil) == (want == nil), "\(text)")
            if let got, let want {
                #expect(got.0.bitPattern == want.0.bitPattern && got.1.bitPattern == want.1.bitPattern, "\(text)")
            }
            checked += 1
        } } } }
        #expect(checked == 20_736)
    }
}
