import Foundation
import GRDB

/// Every error the Watchlist module throws, each able to describe itself in one sentence.
public enum WatchlistError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a SQLite database (or is damaged beyond opening).
    case notADatabase(path: String)
    /// The file is a SQLite database, but some of its pages are damaged (`PRAGMA quick_check` failed).
    case damaged(path: String, detail: String)
    /// The database has migrations applied that this program does not know: it was written by a newer planner.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The database (or its folder) cannot be written, or the store was opened read-only.
    case readOnly(path: String)
    /// A read-only store was asked to open a database that still needs migrating.
    case needsMigration(path: String)
    /// A read-only store was asked to open a database file that does not exist.
    case databaseNotFound(path: String)
    /// The database file exists but cannot be read.
    case unreadable(path: String)
    /// The folder that should hold the database could not be created.
    case cannotCreateDirectory(path: String)
    /// A rating is not one of 0.5, 1.0, … 5.0.
    case invalidRating(Double)
    /// A date is not a calendar day written `YYYY-MM-DD`.
    case invalidDay(String)
    /// No film with this TMDb id is in the store.
    case filmNotFound(id: Int)
    /// No series with this TMDb id is in the store.
    case seriesNotFound(id: Int)
    /// A CSV file could not be read at all (the line is 1-based).
    case invalidCSV(line: Int, reason: String)
    /// A JSON export could not be read.
    case invalidJSON(reason: String)
    /// Import data is neither a Letterboxd CSV nor a planner JSON export.
    case unrecognizedImportFormat
    /// SQLite reported an error the store does not translate (code and message kept).
    case database(code: Int32, message: String)
    /// A user of this name already exists.
    case userExists(String)
    /// No user of this name exists (the local user cannot be changed).
    case userNotFound(String)

    /// A one-line sentence explaining the error.
    public var description: String {
        switch self {
        case .notADatabase(let path):
            return "The file at \(path) is not a SQLite database; nothing was changed."
        case .damaged(let path, let detail):
            return "The database at \(path) is damaged (\(detail)); nothing was changed. Restore a backup, or "
                + "recover what can be read with: sqlite3 \(path) .recover"
        case .newerSchema(let path, let unknown):
            return "The database at \(path) was written by a newer planner (unknown migrations: "
                + "\(unknown.joined(separator: ", "))); upgrade planner to use it."
        case .readOnly(let path):
            return "The database at \(path) is read-only, so nothing was changed."
        case .needsMigration(let path):
            return "The database at \(path) needs upgrading, which a read-only store cannot do."
        case .databaseNotFound(let path):
            return "There is no database at \(path)."
        case .unreadable(let path):
            return "The database at \(path) cannot be read; check its permissions."
        case .cannotCreateDirectory(let path):
            return "The folder \(path) could not be created for the database."
        case .invalidRating(let value):
            return "A rating must be between 0.5 and 5 in steps of 0.5, not \(value)."
        case .invalidDay(let text):
            return "The date \"\(text)\" is not a calendar day written YYYY-MM-DD."
        case .filmNotFound(let id):
            return "No film with TMDb id \(id) is in the store."
        case .seriesNotFound(let id):
            return "No series with TMDb id \(id) is in the store."
        case .invalidCSV(let line, let reason):
            return "The CSV cannot be read at line \(line): \(reason)."
        case .invalidJSON(let reason):
            return "The JSON export cannot be read: \(reason)."
        case .unrecognizedImportFormat:
            return "The import is neither a Letterboxd CSV (Date,Name,Year,…) nor a planner JSON export."
        case .userExists(let name):
            return "A user named '\(name)' already exists; 'planner users rotate \(name)' gives a new token."
        case .userNotFound(let name):
            return "No user named '\(name)'; 'planner users list' shows them."
        case .database(let code, let message):
            return "The database reported error \(code): \(message)."
        }
    }
}

extension WatchlistError {
    /// Translates a GRDB error into a store error for the database at `path`.
    static func translating(_ error: any Error, path: String) -> any Error {
        if error is WatchlistError || error is CancellationError { return error }
        guard let dbError = error as? DatabaseError else { return error }
        switch dbError.resultCode {
        case .SQLITE_NOTADB:
            return WatchlistError.notADatabase(path: path)
        case .SQLITE_CORRUPT:
            return WatchlistError.damaged(path: path, detail: dbError.message ?? "database disk image is malformed")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
            return WatchlistError.readOnly(path: path)
        default:
            return WatchlistError.database(code: dbError.resultCode.rawValue, message: dbError.message ?? "\(dbError)")
        }
    }
}
