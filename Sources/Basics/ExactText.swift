/// A text as a dictionary key by its exact UTF-8 bytes. Strings compare by canonical equivalence ("é" precomposed
/// equals "e" and a combining accent), which would hand a text the key, the match or the answer worked out for
/// another spelling of it; a memo must answer each exact text what working it out would.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        // A native string's bytes at once; a bridged one's byte by byte.
        if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}
