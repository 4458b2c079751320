import ArgumentParser
import PlannerApp

/// The root command: `planner <subcommand>`.
struct PlannerCommand: AsyncParsableCommand {
    static let version = PlannerVersion.current

    static let configuration = CommandConfiguration(
        commandName: "planner",
        abstract: "A theater finder and showtime planner: the nearest cinemas and how to get there, what is playing, your watchlist.",
        discussion: PlannerCommand.discussion,
        version: version,
        subcommands: [
            Nearby.self, Routes.self, RouteCommand.self, MapCommand.self, NowPlayingCommand.self,
            UpcomingReleases.self, Search.self, MovieCommand.self, Trending.self, Popular.self, Suggestions.self,
            TVCommand.self, Lookup.self, Sync.self, Suggest.self, Upcoming.self, WatchlistCommand.self, FavoritesCommand.self, Stats.self, ConfigCommand.self,
            ShowtimesCommand.self, PlanCommand.self, AreasCommand.self, ServeCommand.self, UsersCommand.self, DbCommand.self, About.self,
        ]
    )
}

extension PlannerCommand {
    /// The environment variables and exit codes, in `planner --help` and in the man page's ENVIRONMENT and EXIT
    /// STATUS sections (Scripts/man_page.py lifts the two blocks out by their headings).
    static let discussion = """
        ENVIRONMENT:
          TMDB_READ_ACCESS_TOKEN
              TMDb's v4 read access token (preferred): films, lists, releases.
          TMDB_API_KEY
              TMDb's v3 key, when there is no read access token.
          TMDB_BASE_URL, OMDB_BASE_URL
              Another TMDb or OMDb base URL (an http(s) stand-in or proxy).
          OMDB_API_KEY
              OMDb's key, for 'planner lookup'.
          GRACENOTE_API_KEY
              Gracenote's key: showtimes in the US and Canada.
          GRACENOTE_BASE_URL, FINNKINO_BASE_URL
              Another Gracenote (http://data.tmsapi.com/v1.1) or Finnkino
              (https://www.finnkino.fi/xml) base URL.
          MOVIEGLU_CLIENT, MOVIEGLU_API_KEY, MOVIEGLU_AUTHORIZATION
              MovieGlu's three credentials: showtimes in its territories.
          MOVIEGLU_TERRITORY, MOVIEGLU_BASE_URL
              The one territory a MovieGlu key works in (UK, US); another base URL.
          PLANNER_SHOWTIMES_WEBSITES
              never: read no cinema's own web page (as 'showtimes.websites never').
          PLANNER_ROUTING_WALK, PLANNER_ROUTING_BIKE, PLANNER_ROUTING_DRIVE
              builtin, osrm:URL or valhalla:URL: the engine a mode routes on (as 'routing.walk').
          OVERPASS_URL, NOMINATIM_URL
              Another Overpass API or Nominatim instance.
          PLANNER_CONTACT
              The contact in the User-Agent sent to OpenStreetMap's services,
              when the 'contact' setting is not saved.
          PLANNER_DATA_DIR
              The folder of the bundled data (theaters, places, areas).
          PLANNER_DB
              The SQLite database (after --db); by default
              $XDG_DATA_HOME/planner/planner.sqlite.
          PLANNER_CONFIG
              The settings file; by default $XDG_CONFIG_HOME/planner/config.json.
          PLANNER_DATABASE_URL
              PostgreSQL for 'planner serve', 'users' and 'db' (after --database).
          PLANNER_LIBCURL
              Another libcurl file instead of libcurl.so.4.
          XDG_DATA_HOME, XDG_CONFIG_HOME, HOME
              Where the database and the settings live when nothing else says.
          http_proxy, https_proxy, all_proxy
              libcurl's proxies, for every request.
          TZ
              The clock, and the home suggested on a first run.
          CI
              When set, planner never asks a question at the prompt.

        EXIT STATUS:
          0   Success, also when nothing matched ("no cinemas within …").
          1   An error, said in one line on standard error: "planner: error: …".
          2   A film title that names several films: the candidates are listed.
          64  Malformed options or arguments (EX_USAGE).
          74  Standard output could not be written (EX_IOERR).
        """
}
