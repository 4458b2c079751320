import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal
import PlannerService

extension ServerCommand {
    /// `planner users`: who may use `planner serve`'s /v1/me routes.
    struct UsersCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "users",
            abstract: ServiceCommandHelp.users,
            subcommands: [Add.self, List.self, Rotate.self, Remove.self])

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a user; prints their token and feed key once.")
            @Argument(help: "The user's name: letters, digits, '.', '_' or '-'.") var name: String
            @OptionGroup var store: DatabaseOptions

            func run() throws {
                let secrets = try UserTokens(store: try store.open().lists).add(name: name)
                Console.error("added user \(name); the token and feed key are shown only now (only their SHA-256 is stored)")
                Console.out(UsersCommand.lines(secrets))
            }
        }

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the users.")
            @OptionGroup var store: DatabaseOptions

            func run() throws {
                var table = TextTable(headers: ["Name", "Created", "Token", "Feed key"], alignments: [.left, .left, .left, .left])
                for user in try store.open().lists.users() where !user.isLocal {
                    table.rows.append([
                        user.name, ListItemJSON.timestamp(user.createdAt), user.tokenSHA256 == nil ? "none" : "set",
                        user.feedKeySHA256 == nil ? "none" : "set",
                    ])
                }
                Console.out(table.rows.isEmpty ? "no users yet; 'planner users add NAME' adds one" : table.render())
            }
        }

        struct Rotate: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rotate", 
                abstract: "Give a user a new token and feed key (the old ones stop working at once).")
            @Argument(help: "The user's name.") var name: String
            @Flag(name: .customLong("feed-key"), help: "Only a new feed key; the token stays.") var feedKeyOnly = false
            @OptionGroup var store: DatabaseOptions

            func run() throws {
                let secrets = try UserTokens(store: try store.open().lists).rotate(name: name, feedKeyOnly: feedKeyOnly)
                Console.error("rotated \(name); the old \(feedKeyOnly ? "feed key" : "token and feed key") no longer work")
                Console.out(UsersCommand.lines(secrets))
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a user with their lists and diary.")
            @Argument(help: "The user's name.") var name: String
            @OptionGroup var store: DatabaseOptions

            func run() throws {
                try store.open().lists.removeUser(name: name)
                Console.out("removed user \(name)")
            }
        }

        static func lines(_ secrets: UserTokens.Secrets) -> String {
            ([secrets.token.map { "token: \($0)" }, secrets.feedKey.map { "feed key: \($0)" }] as [String?])
                .compactMap { $0 }.joined(separator: "\n")
        }
    }
}
