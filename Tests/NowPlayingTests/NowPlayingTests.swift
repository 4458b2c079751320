import Testing
@testable import NowPlaying
