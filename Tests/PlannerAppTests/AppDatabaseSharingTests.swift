import Foundation
import Testing

import class Watchlist.PlannerStore
import struct Watchlist.Film

@testable import PlannerApp

/// A command's parts (its lookups' cache, its showtimes, its lists) open the same file: with one connection each,
/// they get the one store, opened once.
@Suite("One store per file for a command's single connections")
struct AppDatabaseSharingTests {
    @Test func aFileOpenedWithOneConnectionIsSharedWhileItIsOpen() throws {
        // Given a command's file, opened with one connection
        let home = AppHome()
        defer { home.remove() }
        let first = try AppDatabase.open(
            explicit: home.databasePath, environment: home.environment, concurrentReads: false)

        // When another part opens it the same way, on this thread or another
        let again = try AppDatabase.open(
            explicit: home.databasePath, environment: home.environment, concurrentReads: false)
        let elsewhere = try DispatchQueue.global().sync {
            try AppDatabase.open(explicit: home.databasePath, environment: home.environment, concurrentReads: false)
        }

        // Then each gets the same store, and what one writes the other reads
        #expect(again === first)
        #expect(elsewhere === first)
        try first.add(Film(id: 603, title: "The Matrix"), to: .watchlist)
        #expect(try again.contains(filmID: 603, in: .watchlist))
    }

    @Test func poolsReadOnlyOpensAndOtherFilesGetStoresOfTheirOwn() throws {
        let home = AppHome()
        defer { home.remove() }
        let single = try AppDatabase.open(
            explicit: home.databasePath, environment: home.environment, concurrentReads: false)

        let pool = try AppDatabase.open(explicit: home.databasePath, environment: home.environment)
        let readOnly = try AppDatabase.open(
            explicit: home.databasePath, environment: home.environment, readOnly: true, concurrentReads: false)
        let other = try AppDatabase.open(
            explicit: home.databasePath + "-other.sqlite", environment: home.environment, concurrentReads: false)

        #expect(pool !== single)
        #expect(readOnly !== single)
        #expect(other !== single)
    }

    @Test func aStoreNoPartHoldsIsNotKeptOpen() throws {
        // Given a file opened with one connection, then let go by every part
        let home = AppHome()
        defer { home.remove() }
        var first: PlannerStore? = try AppDatabase.open(
            explicit: home.databasePath, environment: home.environment, concurrentReads: false)
        weak let released = first
        first = nil

        // Then the store is gone (its connection closed), and the next open makes a new one that reads the file
        #expect(released == nil)
        let again = try AppDatabase.open(
            explicit: home.databasePath, environment: home.environment, concurrentReads: false)
        #expect(try !again.contains(filmID: 603, in: .watchlist))
    }
}
