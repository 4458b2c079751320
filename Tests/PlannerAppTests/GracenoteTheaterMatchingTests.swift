import Foundation
import Geo
import Showtimes
import Testing
import Theaters

@testable import PlannerApp

@Suite("Gracenote's theatres matched to the catalog, or placed on their own")
struct GracenoteTheaterMatchingTests {
    static let columbus = try! Coordinate(latitude: 39.9612, longitude: -82.9988)

    static func show(_ theatreID: String, _ name: String) -> Show {
        Show(
            provider: "gracenote", providerTheaterID: theatreID, providerTheaterName: name, title: "Bar Film 1",
            year: 2026, start: Date(timeIntervalSince1970: 1_800_000_000), timeZoneIdentifier: "America/New_York")
    }

    static let day = ShowtimesServices.DayShows(
        shows: [show("9001", "Fake Gracenote Cinema 1"), show("9002", "Fake Gracenote Cinema 2")], notes: [],
        source: "Gracenote",
        theatres: [
            "9001": ShowtimesServices.ProviderPlace(
                provider: .gracenote,
                place: GracenoteTheatre(
                    id: "9001", name: "Fake Gracenote Cinema 1",
                    coordinate: try! Coordinate(latitude: 39.9690, longitude: -83.0030))),
            "9002": ShowtimesServices.ProviderPlace(
                provider: .gracenote,
                place: GracenoteTheatre(
                    id: "9002", name: "Fake Gracenote Cinema 2",
                    coordinate: try! Coordinate(latitude: 39.9450, longitude: -82.9900), street: "2 Unmapped Avenue",
                    city: "Columbus", state: "OH", postalCode: "43206", country: "USA")),
        ])

    static let catalog = [
        Theater(
            osmType: .node, osmID: 42, name: "Fake Gracenote Cinema 1",
            coordinate: try! Coordinate(latitude: 39.9692, longitude: -83.0031), category: .cinema, tags: [:],
            fallbackID: "x")
    ]

    @Test func aTheatreWithAnOSMTheaterOfTheSameNameNearItMatchesThatTheater() throws {
        let matching = NearbyShows.match(Self.day, catalog: Self.catalog, near: Self.columbus)
        let match = try #require(matching.matches["9001"])
        #expect(match.theater.id == "node/42")
        #expect(match.confidence == .exact)
    }

    @Test func aTheatreWithNoOSMMatchBecomesATheaterOfItsOwnAtGracenotesPlaceMarkedWithItsSource() throws {
        let matching = NearbyShows.match(Self.day, catalog: Self.catalog, near: Self.columbus)
        let own = try #require(matching.matches["9002"]).theater
        #expect(own.id == "gracenote/9002")
        #expect(own.name == "Fake Gracenote Cinema 2")
        #expect(own.coordinate == (try Coordinate(latitude: 39.9450, longitude: -82.9900)))
        #expect(own.tags[NearbyShows.sourceTag] == "gracenote")
        #expect(own.address == "2 Unmapped Avenue, 43206 Columbus")
        #expect(matching.unmatched.isEmpty)
    }

    @Test func anOSMTheaterOfTheSameNameFarFromTheTheatreIsNotItsMatch() throws {
        let far = [
            Theater(
                osmType: .node, osmID: 43, name: "Fake Gracenote Cinema 2",
                coordinate: try Coordinate(latitude: 39.99, longitude: -82.90), category: .cinema, tags: [:],
                fallbackID: "x")
        ]
        let matching = NearbyShows.match(Self.day, catalog: far, near: Self.columbus)
        #expect(matching.matches["9002"]?.theater.id == "gracenote/9002")
    }
}
