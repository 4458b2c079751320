import Foundation
import Testing

@testable import Transport

@Suite struct DataUTF8Tests {
    @Test(arguments: ["", "data=%5Bout%3Ajson%5D", "Kinopalatsi ä €", "😀+"])
    func aBodyHoldsTheTextsUTF8Bytes(text: String) {
        #expect(Data(utf8Of: text) == Data(text.utf8))
    }
}
