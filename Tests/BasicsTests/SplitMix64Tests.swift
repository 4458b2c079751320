import Basics
import Testing

@Suite struct SplitMix64Tests {
    @Test func seedZeroGivesTheReferenceSequence() {
        // Given the generator seeded with 0, as Vigna's splitmix64.c starts
        var generator = SplitMix64(seed: 0)
        // Then its first numbers are the reference implementation's
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func oneSeedRepeatsAndAnotherDiffers() {
        var first = SplitMix64(seed: 2026)
        var again = SplitMix64(seed: 2026)
        var other = SplitMix64(seed: 2027)
        let numbers = (0..<8).map { _ in first.next() }
        #expect(numbers == (0..<8).map { _ in again.next() })
        #expect(numbers != (0..<8).map { _ in other.next() })
    }
}
