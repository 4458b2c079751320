import Foundation
import TestSupport

/// The schedule the command-line tests serve: shows of the fake TMDb's films at Kinopalatsi and Tennispalatsi.
enum FakeFinnkinoService {
    /// The year of a fake TMDb film, as its release date gives it.
    static func year(_ id: Int) -> Int {
        let film = FakeTMDbService.films.first { $0.id == id }!
        return Int(FakeTMDbService.day(film.releaseInDays).prefix(4))!
    }

    static let kino = FakeFinnkino.kinopalatsi
    static let tennis = FakeFinnkino.tennispalatsi

    /// Tomorrow's shows (Helsinki time), all late enough that none has become unreachable while the test runs.
    static func tomorrow() -> [FinnkinoShowSpec] {
        let day = FakeFinnkino.helsinkiDay(1)
        return [
            FinnkinoShowSpec(
                id: 1, title: "Revontulet", originalTitle: "Northern Lights", year: year(101), day: day, time: "18:30",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 2, title: "Harbour Nights", originalTitle: nil, year: year(102), day: day, time: "20:00",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 3, title: "Talvitie", originalTitle: "Winter Road", year: year(103), day: day, time: "17:00",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 4, title: "Not On Your List", originalTitle: "Not On Your List", year: year(101), day: day,
                time: "19:00", theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 5, title: "Revontulet", originalTitle: "Northern Lights", year: year(101), day: day, time: "19:15",
                theatreID: tennis.id, theatre: tennis.name),
            FinnkinoShowSpec(
                id: 6, title: "Talvitie", originalTitle: "Winter Road", year: year(103), day: day, time: "22:00",
                theatreID: kino.id, theatre: kino.name),
        ]
    }
}

extension PlannerProcess {
    /// A planner pointed at a fake TMDb and a fake Finnkino.
    init(tmdb: FakeServer, finnkino: FakeServer) {
        self.init(environment: [
            "TMDB_BASE_URL": tmdb.baseURL.absoluteString, "TMDB_READ_ACCESS_TOKEN": FakeTMDbService.token,
            "FINNKINO_BASE_URL": finnkino.baseURL.absoluteString,
        ])
    }

    /// Adds the fake TMDb's films 101, 102 and 103 to the watchlist.
    func addThreeFilms() async throws {
        for id in [101, 102, 103] {
            let added = try await run(["watchlist", "add", "\(id)"])
            guard added.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }
}
