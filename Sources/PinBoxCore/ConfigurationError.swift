/// A configuration the product refuses: a capacity, a grid, a colour or a size out of range.
/// The message names the option and the problem, ready for one line on stderr.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
