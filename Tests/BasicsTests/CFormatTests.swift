import Basics
import Testing

/// Numbers through C's `snprintf`.
@Suite struct CFormatTests {
    @Test func numbersAreFormattedAsCFormatsThem() {
        // One or two doubles, rounded as printf rounds the binary value; one or two ints, clamped to 32 bits
        #expect(cFormat("%.1f km", 1.25) == "1.2 km")
        #expect(cFormat("%.1f km", 1.35) == "1.4 km")
        #expect(cFormat("%.6f,%.6f", 60.16952, 24.93545) == "60.169520,24.935450")
        #expect(cFormat("%d h %02d min", 1, 5) == "1 h 05 min")
        #expect(cFormat("%d", Int.max) == "2147483647")
        // And text past 63 bytes is cut there
        #expect(cFormat("%.1f", 1e70).utf8.count == 63)
    }
}
