import Foundation
import Geo
import Showtimes
import Synchronization
import Testing
import Theaters

@testable import PlannerApp

/// What a server keeps between requests besides rows: the routes it answered and each film's shows in a kept week.
/// Each must answer what working it out again would.
@Suite struct ServerMemoTests {
    /// A router that counts the times it is asked (the straight-line estimate underneath).
    struct CountingRouter: Router {
        let asked = Asked()
        final class Asked: Sendable { let count = Mutex(0) }

        func routes<Destination: Locatable>(
            from origin: Coordinate, to destinations: [Destination], mode: TravelMode
        ) -> [Route<Destination>] {
            asked.count.withLock { $0 += 1 }
            return EstimateRouter().routes(from: origin, to: destinations, mode: mode)
        }
    }

    static func theater(_ id: Int64, _ name: String, _ latitude: Double, _ longitude: Double) throws -> Theater {
        Theater(
            osmType: .node, osmID: id, name: name, coordinate: try Coordinate(latitude: latitude, longitude: longitude),
            category: .cinema, tags: [:], fallbackID: name)
    }

    @Test func aRouteAskedAgainIsTheSameAnswerWithoutRoutingAgainAndCarriesTheTheatersAsGivenNow() throws {
        // Given a remembering router over a counting one, and two cinemas
        let counting = CountingRouter()
        let router = RememberingRouter(router: counting, memo: RememberedRoutes(), area: "helsinki\n1")
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let cinemas = [try Self.theater(1, "Kinopalatsi", 60.1695, 24.9446), try Self.theater(2, "Maxim", 60.1663, 24.9447)]
        // When the same routes are asked twice
        let first = router.routes(from: origin, to: cinemas, mode: .walk)
        let second = router.routes(from: origin, to: cinemas, mode: .walk)
        // Then the router underneath was asked once, and both answers are what it answers
        #expect(counting.asked.count.withLock { $0 } == 1)
        #expect(first == counting.routes(from: origin, to: cinemas, mode: .walk))
        #expect(second == first)

        // When a cinema comes back renamed at the same place, its route is the kept one with the new name
        let renamed = [try Self.theater(1, "Kinopalatsi 2", 60.1695, 24.9446), cinemas[1]]
        let again = router.routes(from: origin, to: renamed, mode: .walk)
        #expect(again.map(\.theater.name) == ["Kinopalatsi 2", "Maxim"])
        #expect(again.map(\.durationSeconds) == first.map(\.durationSeconds))

        // And another mode, another origin or the routes without lines are worked out, not taken from the memo
        let asked = counting.asked.count.withLock { $0 }
        _ = router.routes(from: origin, to: cinemas, mode: .bike)
        _ = router.routes(from: try Coordinate(latitude: 60.18, longitude: 24.95), to: cinemas, mode: .walk)
        let plain = router.routesWithoutLines(from: origin, to: cinemas, mode: .walk)
        #expect(counting.asked.count.withLock { $0 } == asked + 3)
        let lineless = plain.allSatisfy { $0.geometry.isEmpty }
        let drawn = first.allSatisfy { !$0.geometry.isEmpty }
        #expect(lineless)
        #expect(drawn)
    }

    @Test func keptRoutesStayWithinTheirByteBudgetAndAnAnswerLargerThanItIsNotKept() throws {
        // Given routes with lines from four origins to two cinemas, and what each answer takes when kept alone
        let counting = CountingRouter()
        let cinemas = [
            try Self.theater(1, "Kinopalatsi", 60.1695, 24.9446), try Self.theater(2, "Maxim", 60.1663, 24.9447),
        ]
        let origins = try (0..<4).map { try Coordinate(latitude: 60.16 + Double($0) / 100, longitude: 24.9384) }
        let sizes = origins.map { from in
            let alone = RememberedRoutes()
            _ = RememberingRouter(router: counting, memo: alone, area: "a").routes(from: from, to: cinemas, mode: .walk)
            return alone.bytes
        }
        #expect(sizes.allSatisfy { $0 > 0 })
        // And a memo with room for the first three and half the fourth
        let budget = sizes[0] + sizes[1] + sizes[2] + sizes[3] / 2
        let memo = RememberedRoutes(byteBudget: budget)
        let router = RememberingRouter(router: counting, memo: memo, area: "a")
        // When the four are asked, one after another
        for from in origins.prefix(3) { _ = router.routes(from: from, to: cinemas, mode: .walk) }
        #expect(memo.count == 3)
        #expect(memo.bytes == sizes[0] + sizes[1] + sizes[2])
        _ = router.routes(from: origins[3], to: cinemas, mode: .walk)
        // Then the fourth did not fit: the memo started over with it
        #expect(memo.count == 1)
        #expect(memo.bytes == sizes[3])
        // And the fourth is answered from the memo, the first is routed again
        let asked = counting.asked.count.withLock { $0 }
        _ = router.routes(from: origins[3], to: cinemas, mode: .walk)
        #expect(counting.asked.count.withLock { $0 } == asked)
        _ = router.routes(from: origins[0], to: cinemas, mode: .walk)
        #expect(counting.asked.count.withLock { $0 } == asked + 1)

        // When a memo's budget is smaller than one answer, the answer is given but not kept
        let small = RememberedRoutes(byteBudget: sizes[0] - 1)
        let given = RememberingRouter(router: counting, memo: small, area: "a")
            .routes(from: origins[0], to: cinemas, mode: .walk)
        #expect(given == counting.routes(from: origins[0], to: cinemas, mode: .walk))
        #expect(small.count == 0 && small.bytes == 0)
    }

    @Test func aKeptWeekListsEachFilmsShowsByStartAndKnowsWhichProvidersHaveShowsToCome() throws {
        // Given a week of three shows of one film at two cinemas, listed out of order, and one of another film
        func show(_ title: String, _ theater: String, hours: Double, provider: String = "finnkino") -> Show {
            Show(
                provider: provider, providerTheaterID: theater, providerTheaterName: theater, title: title,
                start: Date(timeIntervalSince1970: 1_800_000_000 + hours * 3600), timeZoneIdentifier: "Europe/Helsinki")
        }
        let week = SuggestShowings.Week(
            shows: [
                show("Northern Lights", "a", hours: 5), show("Harbour Nights", "a", hours: 1),
                show("Northern Lights", "b", hours: 2), show("Northern Lights", "a", hours: 2),
                show("Northern Lights", "c", hours: 9, provider: "import"),
            ],
            theaters: [:])
        let film = FilmCandidate(id: 100, title: "Northern Lights")
        // Then its shows are listed by start, the week's order kept among equal starts, the same when asked again
        #expect(week.shows(of: film) == [2, 3, 0, 4])
        #expect(week.shows(of: film) == [2, 3, 0, 4])
        #expect(week.shows(of: FilmCandidate(id: 101, title: "Harbour Nights")) == [1])
        // And a provider has shows to come until its last one starts
        let at = { (hours: Double) in Date(timeIntervalSince1970: 1_800_000_000 + hours * 3600) }
        #expect(week.hasShows(after: at(5), provider: "finnkino"))
        #expect(!week.hasShows(after: at(5.5), provider: "finnkino"))
        #expect(week.hasShows(after: at(5.5)))
        #expect(!week.hasShows(after: at(9.5)))
        #expect(!week.hasShows(after: at(0), provider: "gracenote"))
    }
}
