import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// A command routes once, often in one mode of three: its router prepares a mode's graph (reverse edges,
/// components, snapping grid, turn table) only when a query first asks for that mode.
@Suite(.offThePool) struct PreparingWhenAskedTests {
    static let origins = [
        Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384),
        Coordinate(uncheckedLatitude: 60.1655, longitude: 24.9402),
        Coordinate(uncheckedLatitude: 60.1760, longitude: 24.9510),
        Coordinate(uncheckedLatitude: 60.1500, longitude: 24.9000),  // outside the area: estimates
    ]

    @Test func aRouterPreparesOnlyTheModesItIsAskedFor() throws {
        // Given the bundled Helsinki area, and a router that prepares when asked
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let router = RoadRouter(area: area, preparingWhenAsked: true)
        #expect(TravelMode.allCases.allSatisfy { !router.hasPrepared($0) })
        // When it routes on foot
        _ = router.routes(from: Self.origins[0], to: area.places, mode: .walk)
        // Then only the walking graph was prepared
        #expect(router.hasPrepared(.walk))
        #expect(!router.hasPrepared(.drive) && !router.hasPrepared(.bike))
    }

    @Test func itsRoutesAreThoseOfARouterPreparedAtOnce() throws {
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let atOnce = RoadRouter(area: area)
        #expect(TravelMode.allCases.allSatisfy { area.graphs[$0] == nil || atOnce.hasPrepared($0) })
        for mode in TravelMode.allCases {
            // A fresh router per mode, so that each mode is the first one asked for.
            let whenAsked = RoadRouter(area: area, preparingWhenAsked: true)
            for origin in Self.origins {
                #expect(
                    whenAsked.routes(from: origin, to: area.places, mode: mode)
                        == atOnce.routes(from: origin, to: area.places, mode: mode))
                #expect(whenAsked.snap(origin, mode: mode) == atOnce.snap(origin, mode: mode))
            }
            #expect(
                whenAsked.nearestRoutes(from: Self.origins[1], among: area.places, count: 3, mode: mode)
                    == atOnce.nearestRoutes(from: Self.origins[1], among: area.places, count: 3, mode: mode))
        }
    }

    @Test func queriesFromManyThreadsPrepareAModeOnceAndAgree() async throws {
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let expected = RoadRouter(area: area).routes(from: Self.origins[0], to: area.places, mode: .drive)
        let router = RoadRouter(area: area, preparingWhenAsked: true)
        let results = await withTaskGroup(of: [Route<AreaPlace>].self) { group in
            for _ in 0..<8 { group.addTask { router.routes(from: Self.origins[0], to: area.places, mode: .drive) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    }
}
