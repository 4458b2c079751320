/// Why the PostgreSQL store could not do what was asked, in one sentence. Never holds the password.
public enum PostgresStoreError: Error, Equatable, CustomStringConvertible {
    /// The `--database` address is not a `postgres://` URL planner can use.
    case invalidURL(reason: String)
    /// No connection could be made.
    case unreachable(location: String, reason: String)
    /// The database holds migrations this planner does not know: a newer planner wrote it.
    case newerSchema(location: String, unknownMigrations: [String])
    /// The database has not been migrated to this planner's schema (and this command does not migrate).
    case needsMigration(location: String, missing: [String])
    /// A statement failed.
    case statement(location: String, reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let reason):
            "the database address is not usable: \(reason) (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)"
        case .unreachable(let location, let reason): "cannot connect to \(location): \(reason)"
        case .newerSchema(let location, let unknown):
            "\(location) was migrated by a newer planner (\(unknown.prefix(3).joined(separator: ", "))"
                + (unknown.count > 3 ? ", …" : "") + "); upgrade planner before using it"
        case .needsMigration(let location, let missing):
            "\(location) lacks \(missing.count) migration\(missing.count == 1 ? "" : "s") "
                + "(\(missing.prefix(3).joined(separator: ", "))); run 'planner db migrate --database …'"
        case .statement(let location, let reason): "\(location): \(reason)"
        }
    }
}
