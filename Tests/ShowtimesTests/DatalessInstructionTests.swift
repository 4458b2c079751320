import Testing

@testable import Showtimes

@Suite("A processing instruction without data is found where it starts")
struct DatalessInstructionTests {
    /// The scan as first written, with the standard library's searching: what the one-pass scan must agree with.
    static func reference(_ bytes: [UInt8]) -> Int? {
        let endsName: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "<")]
        var start = 0
        while let open = bytes[start...].firstRange(of: Array("<?".utf8))?.lowerBound {
            var end = open + 2
            while end < bytes.count, !endsName.contains(bytes[end]) { end += 1 }
            if end > open + 2, bytes[end...].starts(with: Array("?>".utf8)) { return open }
            start = open + 2
        }
        return nil
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?><Schedule/>", nil), ("<a><?pi?></a>", 3), ("<??>", nil), ("<?pi ?>", nil),
        ("<?pi?", nil), ("<?pi", nil), ("<<?pi?>", 1), ("<?<?x?>", 2), ("<? pi?>", nil), ("", nil), ("<", nil),
        ("<?a?><?b?>", 0), ("x<?é?>", 1),
    ] as [(String, Int?)])
    func knownDocuments(_ text: String, _ offset: Int?) {
        #expect(RecordXMLParser.firstDatalessInstruction(Array(text.utf8)) == offset)
        #expect(Self.reference(Array(text.utf8)) == offset)
    }

    @Test func randomBytesFromTheInstructionsAlphabetAgreeWithTheReference() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<?> \nab".utf8)
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0..<16, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            #expect(RecordXMLParser.firstDatalessInstruction(bytes) == Self.reference(bytes), "\(bytes)")
        }
    }
}
