import Basics
import Foundation

// TMDb's answers kept in their cache row (``TMDbCacheStorage/keptDecoding(forKey:form:)``), so that the next process
// reads them instead of decoding the row's JSON again. A server keeps its answers in memory (``DecodedAnswers``).

extension KeptForm where Value == Page<Movie> {
    /// A page of films (now playing, upcoming, popular, a search).
    static let moviePage = KeptForm(
        name: "movie page v1",
        encode: { page in
            var writer = CompactWriter()
            writer.integer(page.page)
            writer.integer(page.totalPages)
            writer.integer(page.totalResults)
            writer.array(page.results) { $0.movie($1) }
            writer.optional(page.dates) {
                $0.date($1.minimum)
                $0.date($1.maximum)
            }
            return writer.bytes
        },
        decode: { bytes in
            var reader = CompactReader(bytes)
            guard let number = reader.integer(), let totalPages = reader.integer(),
                let totalResults = reader.integer(), let results = reader.array({ $0.movie() }),
                let dates = reader.optional({ reader -> DateWindow? in
                    guard let minimum = reader.date(), let maximum = reader.date() else { return nil }
                    return DateWindow(minimum: minimum, maximum: maximum)
                }),
                reader.isAtEnd
            else { return nil }
            return Page(page: number, totalPages: totalPages, totalResults: totalResults, results: results, dates: dates)
        })
}

extension KeptForm where Value == MovieDetails {
    /// A film's details, with its release dates.
    static let movieDetails = KeptForm(
        name: "movie details v1",
        encode: { details in
            var writer = CompactWriter()
            writer.movie(details.movie)
            writer.optional(details.runtimeMinutes) { $0.integer($1) }
            writer.array(details.genres) {
                $0.integer($1.id)
                $0.string($1.name)
            }
            writer.string(details.imdbID)
            writer.string(details.status)
            writer.string(details.tagline)
            writer.string(details.homepage)
            writer.optional(details.releaseDates) { writer, dates in
                // By region, sorted: the same details always make the same bytes.
                writer.array(dates.byRegion.sorted { $0.key < $1.key }) { writer, region in
                    writer.string(region.key)
                    writer.array(region.value) {
                        $0.integer($1.type.rawValue)
                        $0.date($1.date)
                        $0.string($1.certification)
                        $0.string($1.note)
                    }
                }
            }
            return writer.bytes
        },
        decode: { bytes in
            var reader = CompactReader(bytes)
            guard let movie = reader.movie(), let runtime = reader.optional({ $0.integer() }),
                let genres = reader.array({ reader -> Genre? in
                    guard let id = reader.integer(), let name = reader.string() else { return nil }
                    return Genre(id: id, name: name)
                }),
                let imdbID = reader.optionalString(), let status = reader.string(), let tagline = reader.string(),
                let homepage = reader.optionalString(),
                let releaseDates = reader.optional({ reader -> ReleaseDates? in
                    let regions = reader.array { reader -> (String, [ReleaseDate])? in
                        guard let region = reader.string(),
                            let dates = reader.array({ reader -> ReleaseDate? in
                                guard let raw = reader.integer(), let type = ReleaseType(rawValue: raw),
                                    let date = reader.date(), let certification = reader.string(),
                                    let note = reader.string()
                                else { return nil }
                                return ReleaseDate(type: type, date: date, certification: certification, note: note)
                            })
                        else { return nil }
                        return (region, dates)
                    }
                    return regions.map { ReleaseDates(byRegion: Dictionary($0, uniquingKeysWith: { first, _ in first })) }
                }),
                reader.isAtEnd
            else { return nil }
            return MovieDetails(
                movie: movie, runtimeMinutes: runtime, genres: genres, imdbID: imdbID, status: status,
                tagline: tagline, homepage: homepage, releaseDates: releaseDates)
        })
}

extension CompactWriter {
    mutating func movie(_ movie: Movie) {
        integer(movie.id)
        string(movie.title)
        string(movie.originalTitle)
        string(movie.originalLanguage)
        string(movie.overview)
        optional(movie.releaseDate) { $0.date($1) }
        string(movie.posterPath)
        string(movie.backdropPath)
        array(movie.genreIDs) { $0.integer($1) }
        double(movie.popularity)
        double(movie.voteAverage)
        integer(movie.voteCount)
        bool(movie.adult)
    }
}

extension CompactReader {
    mutating func movie() -> Movie? {
        guard let id = integer(), let title = string(), let originalTitle = string(),
            let originalLanguage = string(), let overview = string(), let releaseDate = optional({ $0.date() }),
            let posterPath = optionalString(), let backdropPath = optionalString(),
            let genreIDs = array({ $0.integer() }), let popularity = double(), let voteAverage = double(),
            let voteCount = integer(), let adult = bool()
        else { return nil }
        return Movie(
            id: id, title: title, originalTitle: originalTitle, originalLanguage: originalLanguage, overview: overview,
            releaseDate: releaseDate, posterPath: posterPath, backdropPath: backdropPath, genreIDs: genreIDs,
            popularity: popularity, voteAverage: voteAverage, voteCount: voteCount, adult: adult)
    }
}
