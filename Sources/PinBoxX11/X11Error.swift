// SPDX-License-Identifier: MIT
/// A failure of the display: it cannot be opened, is unsuitable, or went away.
/// The program reports it on one line and exits with status 3.
public struct X11Error: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
