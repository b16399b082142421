// SPDX-License-Identifier: MIT
import Foundation

/// WCAG 2.1's contrast ratio of two 0xRRGGBB colours.
public func contrast(_ a: UInt32, _ b: UInt32) -> Double {
    func luminance(_ c: UInt32) -> Double {
        func channel(_ v: UInt32) -> Double {
            let s = Double(v & 0xff) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c >> 16) + 0.7152 * channel(c >> 8) + 0.0722 * channel(c)
    }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}
