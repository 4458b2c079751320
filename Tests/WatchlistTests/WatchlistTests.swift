import Testing
@testable import Watchlist
