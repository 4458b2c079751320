import Foundation

/// The user's saved settings: a JSON file in the XDG config folder.
///
/// ```swift
/// let store = SettingsFile(environment: ProcessInfo.processInfo.environment)
/// var settings = try store.load()
/// settings.home = SavedLocation(label: "Helsinki, FI", latitude: 60.16952, longitude: 24.93545)
/// try store.save(settings)
/// ```
public struct Settings: Codable, Sendable, Equatable {
    /// Where searches start when `--near` is not given.
    public var home: SavedLocation?
    /// The TMDb region (ISO 3166-1 alpha-2), e.g. "FI".
    public var region: String?
    /// When to ask online services: "never", "auto" or "always".
    public var online: String?
    /// A contact (email or URL) sent in the User-Agent to OpenStreetMap's services.
    public var contact: String?
    /// How long TMDb's lists stay fresh in the cache, as written ("6h", "30m", "2d"); 6 h when unset.
    public var cacheLists: String?
    /// How long TMDb's details and release dates stay fresh in the cache ("7d"); 7 days when unset.
    public var cacheDetails: String?
    /// The search radius of every place command, as written ("800m", "0.5").
    public var radius: String?
    /// What the place commands look for ("movie theatre", "theatre", a name).
    public var keyword: String?
    /// The travel mode of the place commands: walk, bike or drive.
    public var mode: String?
    /// How many results the place commands list.
    public var limit: Int?
    /// Whether showtimes are read from cinemas' own web pages: "auto" (the default) or "never".
    public var showtimesWebsites: String?
    /// Where walking, cycling and driving routes come from: "builtin" (the default), "osrm:URL" or "valhalla:URL".
    public var routingWalk: String?
    public var routingBike: String?
    public var routingDrive: String?

    public init(
        home: SavedLocation? = nil, region: String? = nil, online: String? = nil, contact: String? = nil,
        cacheLists: String? = nil, cacheDetails: String? = nil, radius: String? = nil, keyword: String? = nil,
        mode: String? = nil, limit: Int? = nil, showtimesWebsites: String? = nil
    ) {
        self.home = home
        self.region = region
        self.online = online
        self.contact = contact
        self.cacheLists = cacheLists
        self.cacheDetails = cacheDetails
        self.radius = radius
        self.keyword = keyword
        self.mode = mode
        self.limit = limit
        self.showtimesWebsites = showtimesWebsites
    }

    /// Where the routing setting of a mode (`walk`, `bike` or `drive`) is kept; nil for another name.
    public static func routing(_ mode: String) -> WritableKeyPath<Settings, String?>? {
        switch mode {
        case "walk": \.routingWalk
        case "bike": \.routingBike
        case "drive": \.routingDrive
        default: nil
        }
    }

    enum CodingKeys: String, CodingKey {
        case home, region, online, contact, radius, keyword, mode, limit
        case cacheLists = "cache_lists"
        case cacheDetails = "cache_details"
        case showtimesWebsites = "showtimes_websites"
        case routingWalk = "routing_walk"
        case routingBike = "routing_bike"
        case routingDrive = "routing_drive"
    }

    /// The keys `planner config set` accepts.
    public static let keys = [
        "home", "region", "online", "contact", "cache-lists", "cache-details", "radius", "keyword", "mode", "limit",
        "showtimes.websites", "routing.walk", "routing.bike", "routing.drive",
    ]

    /// Reads a length of time written as whole numbers with units: `45s`, `30m`, `6h`, `7d`, `1h30m`, `2d12h`.
    /// - Returns: seconds, or nil when the text is not such a duration (or is zero).
    public static func seconds(fromDuration text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        var total = 0.0
        var digits = ""
        for character in trimmed {
            if character.isASCII && character.isNumber {
                digits.append(character)
                continue
            }
            guard let count = Int(digits) else { return nil }
            switch character {
            case "s": total += Double(count)
            case "m": total += Double(count) * 60
            case "h": total += Double(count) * 3600
            case "d": total += Double(count) * 86_400
            default: return nil
            }
            digits = ""
        }
        guard digits.isEmpty, total > 0 else { return nil }
        return total
    }
}

/// A named point saved in the settings.
public struct SavedLocation: Codable, Sendable, Equatable {
    public var label: String
    public var latitude: Double
    public var longitude: Double
    /// ISO country code, when known (from the gazetteer).
    public var countryCode: String?

    public init(label: String, latitude: Double, longitude: Double, countryCode: String? = nil) {
        self.label = label
        self.latitude = latitude
        self.longitude = longitude
        self.countryCode = countryCode
    }
}

/// Why the settings could not be read or written.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String)
    case unwritable(path: String)
    case unknownKey(String)
    case invalidValue(key: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "the settings file '\(path)' is not valid JSON; fix or delete it"
        case .unwritable(let path): "cannot write the settings file '\(path)'"
        case .unknownKey(let key): "unknown setting '\(key)'; the settings are \(Settings.keys.joined(separator: ", "))"
        case .invalidValue(let key, let value, let expected): "'\(value)' is not a valid \(key): expected \(expected)"
        }
    }
}

/// Where the settings live: `$PLANNER_CONFIG`, else `$XDG_CONFIG_HOME/planner/config.json`,
/// else `~/.config/planner/config.json`.
public struct SettingsFile: Sendable {
    public let url: URL

    public init(environment: [String: String]) {
        if let explicit = environment["PLANNER_CONFIG"], !explicit.isEmpty {
            url = URL(fileURLWithPath: explicit)
        } else {
            // Folders named as folders: `appendingPathComponent` would ask the file system about each.
            let base =
                environment["XDG_CONFIG_HOME"].flatMap {
                    $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true)
                }
                ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
                .appending(path: ".config", directoryHint: .isDirectory)
            url = base.appending(path: "planner", directoryHint: .isDirectory)
                .appending(path: "config.json", directoryHint: .notDirectory)
        }
    }

    /// The saved settings, or empty settings when there is no file yet.
    public func load() throws -> Settings {
        guard FileManager.default.fileExists(atPath: url.path) else { return Settings() }
        guard let data = try? Data(contentsOf: url), let settings = try? JSONDecoder().decode(Settings.self, from: data)
        else { throw SettingsError.unreadable(path: url.path) }
        return settings
    }

    /// Writes the settings atomically (a temporary file renamed over the old one).
    public func save(_ settings: Settings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (encoder.encode(settings) + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            throw SettingsError.unwritable(path: url.path)
        }
    }
}
