import ArgumentParser
import Foundation
import Planner
import PlannerApp
import PlannerTerminal

/// `planner watchlist rate ID 4.5`, and `planner watchlist rate 1396 4 --tv` for a series.
struct Rate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate", abstract: "Rate a film (or with --tv a series) from 0.5 to 5, in steps of 0.5.")

    @Argument(help: "The film (or with --tv the series): its TMDb id or its title.") var film: FilmReference
    @Argument(help: "Stars: 0.5, 1, 1.5 … 5.") var stars: Double
    @Flag(name: .long, help: "Rate a TV series on your lists (TMDb numbers series apart from films).") var tv = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard stars >= 0.5, stars <= 5, (stars * 2).rounded() == stars * 2 else {
            throw ValidationError("a rating runs from 0.5 to 5 in steps of 0.5, not \(stars)")
        }
    }

    func run() throws {
        let rating = String(format: "%.1f", stars)
        if tv {
            let series = try store.open().rateSeries(film, stars: stars)
            Console.out("rated the series \(series.name) [tv \(series.id)] \(rating) ★")
            return
        }
        let target = try store.open().rate(film, stars: stars)
        Console.out("rated \(target.title) [\(target.id)] \(rating) ★")
    }
}

/// `planner watchlist review ID "text"`, and `planner watchlist review 1396 "text" --tv` for a series.
struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Write a review of a film (or with --tv a series) (free text).")

    @Argument(help: "The film (or with --tv the series): its TMDb id or its title.") var film: FilmReference
    @Argument(help: "The review.") var text: String
    @Flag(name: .long, help: "Review a TV series on your lists (TMDb numbers series apart from films).") var tv = false
    @OptionGroup var store: StoreOptions

    func run() throws {
        if tv {
            let series = try store.open().reviewSeries(film, text: text)
            Console.out("saved your review of the series \(series.name) [tv \(series.id)]")
            return
        }
        let target = try store.open().review(film, text: text)
        Console.out("saved your review of \(target.title) [\(target.id)]")
    }
}

/// `planner watchlist watched ID [--on DATE]`
struct Watched: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watched", abstract: "Mark a film as seen, today or on a date.")

    @Argument(help: "The film: its TMDb id or its title.") var film: FilmReference
    @Option(name: .long, help: ArgumentHelp("The day you saw it (default today).", valueName: "YYYY-MM-DD"))
    var on: String?
    @OptionGroup var store: StoreOptions

    func validate() throws {
        if let on, CalendarDay(on) == nil || on.count != 10 {
            throw ValidationError("--on takes a date as YYYY-MM-DD, not '\(on)'")
        }
    }

    func run() throws {
        let day = on ?? CalendarDay(Date(), in: .current).description
        let target = try store.open().markWatched(film, on: day)
        Console.out("marked \(target.title) [\(target.id)] as watched on \(day)")
    }
}
