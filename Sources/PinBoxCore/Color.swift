// SPDX-License-Identifier: MIT
/// An sRGB colour with alpha, each channel 0…1.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`, the way the seeds write their colours.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xff) / 255,
                  green: Double((rgb >> 8) & 0xff) / 255,
                  blue: Double(rgb & 0xff) / 255,
                  alpha: alpha)
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 6, 8].contains(digits.count),
              digits.allSatisfy({ $0.isHexDigit }),
              var value = UInt32(digits, radix: 16) else { return nil }
        var alpha = 1.0
        switch digits.count {
        case 3:
            let r = (value >> 8) & 0xf, g = (value >> 4) & 0xf, b = value & 0xf
            value = (r * 17) << 16 | (g * 17) << 8 | (b * 17)
        case 8:
            alpha = Double(value & 0xff) / 255
            value >>= 8
        default:
            break
        }
        self.init(rgb: value, alpha: alpha)
    }

    public func withAlpha(_ a: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: a)
    }

    /// This colour moved `t` (0…1) of the way to `other`: an opaque blend, not an overlay.
    public func mixed(with other: Color, by t: Double) -> Color {
        let t = min(1, max(0, t))
        guard t > 0 else { return self }
        return Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                     blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    public var description: String {
        func byte(_ v: Double) -> String {
            let n = Int((v * 255).rounded())
            return (n < 16 ? "0" : "") + String(n, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xffffff)
    public static let clear = Color(rgb: 0, alpha: 0)
}
