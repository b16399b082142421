extension String {
    /// Whether this text holds `words`, byte for byte (Embedded Swift has no String search):
    /// how the roles read a caller's prompt ("Admin PIN", "pinpad").
    func mentions(_ words: String) -> Bool {
        let t = Array(utf8), w = Array(words.utf8)
        guard w.count <= t.count else { return false }
        return (0...(t.count - w.count)).contains { t[$0..<$0 + w.count].elementsEqual(w) }
    }
}
