// The test bundle's entry point, in place of the one SwiftPM would generate (SwiftPM uses a file of this name when a
// package has one). The generated one lists XCTest cases read from an index store, so every module of a build had to
// be indexed; this package's tests are all Swift Testing's, which finds them at run time, so the test command's build
// skips the index (Scripts/test.sh).
//
// Run it as Scripts/test.sh does, or `swift test --disable-xctest --enable-swift-testing [--filter NAME]`. Anything
// else asks for XCTest, which has no test here: the runner says so in one line and fails, rather than pass having run
// nothing.
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@main struct TestRunner {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count,
            arguments[flag + 1].lowercased() == "swift-testing"
        else {
            let advice =
                "plannerPackageTests: the tests are Swift Testing's and none is XCTest's: run "
                + "`swift test --disable-xctest --enable-swift-testing` or Scripts/test.sh\n"
            _ = advice.withCString { write(2, $0, strlen($0)) }
            exit(1)
        }
        await Testing.__swiftPMEntryPoint() as Never
    }
}
