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

/// `places.index`, which `Scripts/build_data.py` writes beside `places.csv`: the same places, the same answers.
@Suite struct GazetteerIndexTests {
    static let indexed = try! Gazetteer(
        indexAt: GazetteerTests.data.appendingPathComponent("places.index"),
        alternateNamesAt: GazetteerTests.data.appendingPathComponent("place-names.csv"))

    @Test func theIndexHoldsTheSamePlacesAsTheCSVInTheSameOrder() {
        #expect(Self.indexed.places == GazetteerTests.gazetteer.places)
    }

    /// The build script folds names in Python; planner folds the query in Swift. They must agree on every name, or
    /// a place could not be found by its own name.
    @Test func everyPlaceIsFoundUnderPlannersOwnFoldingOfItsName() throws {
        guard case .indexed(let index) = Self.indexed.storage else { Issue.record("not indexed"); return }
        var misfiled: [String] = []
        for (number, place) in GazetteerTests.gazetteer.places.enumerated()
        where !index.placeNumbers(folded: Gazetteer.fold(place.name)).contains(number) {
            misfiled.append(place.name)
        }
        #expect(misfiled.isEmpty, "filed under another folding: \(misfiled.prefix(20))")
    }

    @Test(arguments: [
        "Helsinki", "Paris, FR", "Paris, US", "Springfield, US", "Springfield, IL, US", "zurich", "SÃO PAULO",
        "Cologne", "Helsingfors", "New York", "Munchen", "cologne, de", "Paris", "  new-york  city ", "Gießen",
    ])
    func theIndexAnswersAsTheCSVDoes(query: String) throws {
        #expect(try Self.indexed.locate(query) == GazetteerTests.withOtherNames.locate(query))
    }

    @Test func unknownNamesAreTheSameErrors() {
        #expect(throws: PlacesError.unknownPlace("Xyzzyville")) { try Self.indexed.locate("Xyzzyville") }
        #expect(throws: PlacesError.unknownPlace("Cologne, FI")) { try Self.indexed.locate("Cologne, FI") }
        #expect(throws: PlacesError.emptyName) { try Self.indexed.locate(" , ") }
    }

    @Test func theNearestPlaceIsTheSame() throws {
        for (lat, lon) in [(60.1699, 24.9384), (0.0, -140.0), (40.7, -74.0), (-33.9, 151.2)] {
            let point = try Coordinate(latitude: lat, longitude: lon)
            #expect(Self.indexed.nearest(to: point) == GazetteerTests.gazetteer.nearest(to: point))
        }
    }

    /// The scan skips places by their latitude alone; whatever it skips, it must answer as measuring every place
    /// does, near places and far from any, and again from its memo.
    @Test func theNearestPlaceIsTheOneMeasuringEveryPlaceFinds() throws {
        let everyPlace = GazetteerTests.gazetteer.places
        func measuringEvery(_ point: Coordinate, maxMeters: Double) -> Place? {
            var best: (place: Place, meters: Double)?
            for place in everyPlace {
                let meters = point.distanceMeters(to: place.coordinate)
                if meters <= maxMeters, meters < best?.meters ?? .infinity { best = (place, meters) }
            }
            return best?.place
        }
        var generator = SystemRandomNumberGenerator()
        var points = everyPlace.prefix(10).map(\.coordinate)  // exactly on a place
        for _ in 0..<30 {
            points.append(
                try Coordinate(
                    latitude: Double.random(in: -80...80, using: &generator),
                    longitude: Double.random(in: -180...180, using: &generator)))
        }
        for point in points {
            for maxMeters in [100_000.0, 5_000] {
                let expected = measuringEvery(point, maxMeters: maxMeters)
                #expect(Self.indexed.nearest(to: point, maxMeters: maxMeters) == expected, "at \(point)")
                #expect(Self.indexed.nearest(to: point, maxMeters: maxMeters) == expected, "again at \(point)")
                #expect(GazetteerTests.gazetteer.nearest(to: point, maxMeters: maxMeters) == expected, "at \(point)")
            }
        }
    }

    @Test func aDamagedIndexIsRefusedInOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = try Data(contentsOf: GazetteerTests.data.appendingPathComponent("places.index"))
        let cut = directory.appendingPathComponent("cut.index")
        try bytes.prefix(1_000).write(to: cut)
        #expect {
            try Gazetteer(indexAt: cut)
        } throws: { error in
            guard case .corruptGazetteerIndex(_, let reason) = error as? PlacesError else { return false }
            return reason.contains("size")
        }
        let foreign = directory.appendingPathComponent("foreign.index")
        try Data("theaters,and,more,text,than,twenty-four,bytes\n".utf8).write(to: foreign)
        #expect(throws: PlacesError.corruptGazetteerIndex(path: foreign.path, reason: "it is not a gazetteer index")) {
            try Gazetteer(indexAt: foreign)
        }
        #expect(throws: PlacesError.unreadableGazetteer(path: directory.appendingPathComponent("none").path)) {
            try Gazetteer(indexAt: directory.appendingPathComponent("none"))
        }
    }
}
