import Testing

@testable import Tabular

@Suite struct JSONDepthTests {
    @Test func aDocumentNestedToTheLimitPassesAndOneLevelMoreDoesNot() {
        let atLimit = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        let past = "{\"a\":" + atLimit + "}"
        #expect(JSONDepth.isWithinLimit(Array(atLimit.utf8)))
        #expect(!JSONDepth.isWithinLimit(Array(past.utf8)))
    }

    @Test func bracketsInsideStringsAndEscapedQuotesDoNotCount() {
        let text = #"{"name":"[[[[ \" {{{{ ","list":[1,2,{"x":"]]]"}]}"#
        #expect(JSONDepth.isWithinLimit(Array(text.utf8), limit: 3))
        #expect(!JSONDepth.isWithinLimit(Array(text.utf8), limit: 2))
    }
}
