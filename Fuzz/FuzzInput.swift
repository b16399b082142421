// SPDX-License-Identifier: MIT
// What every fuzz target compiled with the core shares: the reader of the fuzzer's bytes and the
// check that ends a run when an invariant breaks (libFuzzer then keeps the input).

/// Reads the fuzzer's bytes front to back; zeros once they run out.
struct ByteReader {
    var bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var isAtEnd: Bool { index >= bytes.count }
    mutating func next() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }
    mutating func take(_ n: Int) -> [UInt8] { (0..<n).map { _ in next() } }
    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next()) % choices.count] }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}
