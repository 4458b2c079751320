import Foundation
import Showtimes

/// `planner showtimes import FILE`: a CSV or JSON file of shows, kept in the showtimes cache beside the providers'.
package enum ShowtimesFileImport {
    /// Reads `data` (named `fileName`, whose extension says CSV or JSON) and saves its shows: how many shows were
    /// saved, and at how many theaters.
    package static func run(
        _ data: Data, fileName: String, databaseFile: String?, environment: Environment
    ) async throws -> (shows: Int, theaters: Int) {
        let shows = try ShowImport.shows(from: data, fileName: fileName)
        let store = try AppDatabase.open(explicit: databaseFile, environment: environment)
        let count = try await Storage.sqlite(store).showtimes.saveImported(shows)
        return (count, Set(shows.map(\.providerTheaterName)).count)
    }
}
