import Testing

@testable import PlannerCLI

@Suite("Where --output writes through a symbolic link")
struct OutputTargetTests {
    @Test func aRelativeTargetBesideALinkInTheWorkingFolderStaysInTheWorkingFolder() {
        #expect(OutputTarget.resolving("t.json", besideLinkAt: "link.json") == "t.json")
    }

    @Test func aRelativeTargetIsReadFromTheLinksOwnFolder() {
        #expect(OutputTarget.resolving("../t2.json", besideLinkAt: "sub/l2.json") == "sub/../t2.json")
        #expect(OutputTarget.resolving("x.json", besideLinkAt: "/tmp/a/link") == "/tmp/a/x.json")
    }

    @Test func anAbsoluteTargetIsTakenAsItIs() {
        #expect(OutputTarget.resolving("/srv/out.json", besideLinkAt: "sub/link") == "/srv/out.json")
    }

    @Test func aLinkAtTheRootResolvesUnderTheRoot() {
        #expect(OutputTarget.resolving("t", besideLinkAt: "/link") == "/t")
    }
}
