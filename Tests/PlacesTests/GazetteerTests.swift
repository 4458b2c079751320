import Foundation
import Geo
import Testing
@testable import Places

@Suite struct GazetteerTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data")
    static let gazetteer = try! Gazetteer(contentsOf: data.appendingPathComponent("places.csv"))
    static let withOtherNames = try! Gazetteer(
        contentsOf: data.appendingPathComponent("places.csv"),
        alternateNamesAt: data.appendingPathComponent("place-names.csv"))

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

    @Test(arguments: [
        ("Cologne", "Köln, DE"), ("Helsingfors", "Helsinki, FI"), ("New York", "New York City, NY, US"),
        ("Munchen", "Munich, DE"), ("cologne, de", "Köln, DE"),
    ])
    func anotherNameOfAPlaceFindsIt(query: String, label: String) throws {
        let match = try Self.withOtherNames.locate(query)
        #expect(match.place.label == label)
        #expect(match.matchedAlternateName != nil)
    }

    @Test func aMainNameWinsOverAnotherPlacesOtherName() throws {
        // "Paris" is also another name of smaller places; the city called Paris comes first
        let paris = try Self.withOtherNames.locate("Paris")
        #expect(paris.place.label == "Paris, FR")
        #expect(paris.matchedAlternateName == nil)
    }

    @Test func otherNamesAreOnlyReadWhenGiven() {
        #expect(throws: PlacesError.unknownPlace("Cologne")) { try Self.gazetteer.locate("Cologne") }
        #expect(throws: PlacesError.unknownPlace("Xyzzyville")) { try Self.withOtherNames.locate("Xyzzyville") }
    }

    @Test func aCountryCodeAlsoFiltersOtherNames() {
        #expect(throws: PlacesError.unknownPlace("Cologne, FI")) { try Self.withOtherNames.locate("Cologne, FI") }
    }

    @Test func aCoordinatesNearestPlaceGivesItsCountry() throws {
        let near = try #require(Self.gazetteer.nearest(to: try Coordinate(latitude: 60.1699, longitude: 24.9384)))
        #expect(near.label == "Helsinki, FI")
        #expect(Self.gazetteer.nearest(to: try Coordinate(latitude: 0, longitude: -140)) == nil)  // mid-Pacific
    }
}
