import Foundation
import Geo
import Testing
@testable import Places

@Suite struct GazetteerTests {
    static let gazetteer: Gazetteer = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/places.csv")
        return try! Gazetteer(contentsOf: url)
    }()

    @Test func theBundledGazetteerHoldsEveryCityOf15000People() {
        #expect(Self.gazetteer.places.count == 34_006)
    }

    @Test func helsinkiIsFoundInFinland() throws {
        let match = try Self.gazetteer.locate("Helsinki")
        #expect(match.place.countryCode == "FI")
        #expect(match.place.timeZone == "Europe/Helsinki")
        #expect(abs(match.place.coordinate.latitude - 60.17) < 0.01)
    }

    @Test func aCountryCodeChoosesBetweenNamesakes() throws {
        let paris = try Self.gazetteer.locate("Paris, FR")
        #expect(paris.place.countryCode == "FR")
        let parisUS = try Self.gazetteer.locate("Paris, US")
        #expect(parisUS.place.countryCode == "US")
    }

    @Test func anAmbiguousNameTakesTheMostPopulousAndListsTheOthers() throws {
        let match = try Self.gazetteer.locate("Springfield, US")
        #expect(match.place.countryCode == "US")
        #expect(match.alternatives.count >= 3)
        #expect(match.alternatives.allSatisfy { $0.population <= match.place.population })
        let illinois = try Self.gazetteer.locate("Springfield, IL, US")
        #expect(illinois.place.admin1Code == "IL")
    }

    @Test func caseAndAccentsAreIgnored() throws {
        #expect(try Self.gazetteer.locate("zurich").place.name == "Zürich")
        #expect(try Self.gazetteer.locate("SÃO PAULO").place.countryCode == "BR")
    }

    @Test func anUnknownPlaceIsAClearError() {
        #expect(throws: PlacesError.unknownPlace("Xyzzyville")) { try Self.gazetteer.locate("Xyzzyville") }
    }
}
