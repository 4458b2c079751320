import Foundation
import Testing

@testable import NowPlaying
