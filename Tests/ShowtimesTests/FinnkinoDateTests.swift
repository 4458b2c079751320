import Testing

@testable import Showtimes

@Suite("Finnkino's dt from a local day")
struct FinnkinoDateTests {
    @Test(arguments: [
        ("2026-11-22", "22.11.2026"), ("0999-01-05", "05.01.0999"),
        // Other runs of digits between hyphens, read as before
        ("2026-1-5", "5.1.2026"), ("12026-11-22", "22.11.12026"), ("2026--11-22", "22.11.2026"),
    ])
    func aDayIsWrittenDayFirst(_ day: String, _ dt: String) throws {
        #expect(try FinnkinoClient.finnishDate(day) == dt)
    }

    @Test(arguments: ["2026-11", "2026-11-2x", "2026/11/22", "2026-11-22-01", "", "２０２６-11-22x"])
    func anythingElseIsRefused(_ day: String) {
        #expect(throws: ShowtimesError.invalidDay(day)) { try FinnkinoClient.finnishDate(day) }
    }
}
