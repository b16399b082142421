// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// The XSETTINGS property, built here by the specification or captured from the real
/// xsettingsd, and bytes any client could write instead.
@Suite("The desktop's XSETTINGS, read as a stranger's bytes")
struct XSettingsTests {
    /// The `_XSETTINGS_SETTINGS` property xsettingsd 1.0.2 (Debian 12) wrote on Xvfb for this
    /// configuration, read with XGetWindowProperty from the owner of `_XSETTINGS_S0`:
    ///
    ///     Net/ThemeName "Adwaita-dark"        Net/IconThemeName "Papirus"
    ///     Xft/DPI 98304                       Gtk/CursorThemeSize 24
    ///     Gtk/ColorPalette "black:white"      Net/DoubleClickTime 400
    ///     Test/Color (65535, 32768, 0, 65535)   (red, green, blue, alpha)
    static let capturedFromXsettingsd: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x01, 0x00, 0x10, 0x00,
        0x47, 0x74, 0x6b, 0x2f, 0x43, 0x6f, 0x6c, 0x6f, 0x72, 0x50, 0x61, 0x6c, 0x65, 0x74, 0x74, 0x65,
        0x01, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x62, 0x6c, 0x61, 0x63, 0x6b, 0x3a, 0x77, 0x68,
        0x69, 0x74, 0x65, 0x00, 0x00, 0x00, 0x13, 0x00, 0x47, 0x74, 0x6b, 0x2f, 0x43, 0x75, 0x72, 0x73,
        0x6f, 0x72, 0x54, 0x68, 0x65, 0x6d, 0x65, 0x53, 0x69, 0x7a, 0x65, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x18, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x4e, 0x65, 0x74, 0x2f, 0x44, 0x6f, 0x75, 0x62,
        0x6c, 0x65, 0x43, 0x6c, 0x69, 0x63, 0x6b, 0x54, 0x69, 0x6d, 0x65, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x90, 0x01, 0x00, 0x00, 0x01, 0x00, 0x11, 0x00, 0x4e, 0x65, 0x74, 0x2f, 0x49, 0x63, 0x6f, 0x6e,
        0x54, 0x68, 0x65, 0x6d, 0x65, 0x4e, 0x61, 0x6d, 0x65, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x07, 0x00, 0x00, 0x00, 0x50, 0x61, 0x70, 0x69, 0x72, 0x75, 0x73, 0x00, 0x01, 0x00, 0x0d, 0x00,
        0x4e, 0x65, 0x74, 0x2f, 0x54, 0x68, 0x65, 0x6d, 0x65, 0x4e, 0x61, 0x6d, 0x65, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x41, 0x64, 0x77, 0x61, 0x69, 0x74, 0x61, 0x2d,
        0x64, 0x61, 0x72, 0x6b, 0x02, 0x00, 0x0a, 0x00, 0x54, 0x65, 0x73, 0x74, 0x2f, 0x43, 0x6f, 0x6c,
        0x6f, 0x72, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x80, 0xff, 0xff,
        0x00, 0x00, 0x07, 0x00, 0x58, 0x66, 0x74, 0x2f, 0x44, 0x50, 0x49, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x80, 0x01, 0x00,
    ]

    @Test func aPropertyXsettingsdWroteIsReadWhole() throws {
        let settings = try #require(XSettings(bytes: Self.capturedFromXsettingsd))
        #expect(settings.serial == 1 && settings.isComplete && settings.settings.count == 7)
        #expect(settings.string("Net/ThemeName") == "Adwaita-dark")
        #expect(settings.string("Net/IconThemeName") == "Papirus")
        #expect(settings.string("Gtk/ColorPalette") == "black:white")
        #expect(settings.integer("Xft/DPI") == 98304)
        #expect(settings.integer("Gtk/CursorThemeSize") == 24)
        #expect(settings.integer("Net/DoubleClickTime") == 400)
        // xsettingsd writes red, blue, green: read by the specification (and by GTK), its green
        // is blue. Nothing PinBox follows is a colour.
        #expect(settings.value("Test/Color") == .color(red: 65535, green: 0, blue: 32768, alpha: 65535))
    }

    /// Every kind of value, in both byte orders: the same settings.
    @Test(arguments: [false, true])
    func eitherByteOrderReadsTheSameSettings(mostSignificantFirst: Bool) throws {
        var p = XSettingsProperty(mostSignificantFirst: mostSignificantFirst, serial: 0x0102_0304)
        p.string("Net/ThemeName", "Breeze-Dark")
        p.integer("Xft/Antialias", -1)
        p.integer("Gdk/WindowScalingFactor", 0x1234_5678)
        p.color("Gtk/Colour", red: 0x1122, green: 0x3344, blue: 0x5566, alpha: 0x7788)
        let bytes = p.bytes
        #expect(bytes[0] == (mostSignificantFirst ? 1 : 0))
        #expect(Array(bytes[4..<8]) == (mostSignificantFirst ? [1, 2, 3, 4] : [4, 3, 2, 1]))
        let settings = try #require(XSettings(bytes: bytes))
        #expect(settings.serial == 0x0102_0304 && settings.isComplete)
        #expect(settings.string("Net/ThemeName") == "Breeze-Dark")
        #expect(settings.integer("Xft/Antialias") == -1)
        #expect(settings.integer("Gdk/WindowScalingFactor") == 0x1234_5678)
        #expect(settings.value("Gtk/Colour") == .color(red: 0x1122, green: 0x3344, blue: 0x5566, alpha: 0x7788))
        #expect(settings.settings.map { String(decoding: $0.name, as: UTF8.self) }
                == ["Net/ThemeName", "Xft/Antialias", "Gdk/WindowScalingFactor", "Gtk/Colour"])
    }

    /// Names and texts of every length modulo four, each padded to four: the record after each
    /// is found where the padding ends.
    @Test func namesAndTextsOfEveryLengthArePaddedToFour() throws {
        var p = XSettingsProperty()
        let lengths = Array(0...9)
        for n in lengths {
            p.string(String(repeating: "n", count: n + 1), String(repeating: "v", count: n))
        }
        p.integer("Last", 7)
        #expect(p.bytes.count % 4 == 0)
        let settings = try #require(XSettings(bytes: p.bytes))
        #expect(settings.isComplete)
        for n in lengths {
            #expect(settings.string(String(repeating: "n", count: n + 1)) == String(repeating: "v", count: n))
        }
        #expect(settings.integer("Last") == 7)
    }

    @Test func noSettingsAtAll() throws {
        let settings = try #require(XSettings(bytes: XSettingsProperty().bytes))
        #expect(settings.settings.isEmpty && settings.isComplete)
        #expect(settings.string("Net/ThemeName") == nil)
    }

    /// Too short for a header, or a byte order X does not have: no settings at all.
    @Test(arguments: [[], [0], Array(repeating: 0, count: 11), [2] + Array(repeating: 0, count: 11),
                      [0xff] + Array(repeating: 0, count: 11), Array("Net/ThemeName".utf8)] as [[UInt8]])
    func bytesWithNoHeaderAreNoSettings(_ bytes: [UInt8]) {
        #expect(XSettings(bytes: bytes) == nil)
    }

    /// Cut anywhere: the records wholly before the cut, and never a trap.
    @Test func aPropertyCutShortKeepsTheRecordsBeforeTheCut() throws {
        let whole = try #require(XSettings(bytes: Self.capturedFromXsettingsd))
        for length in 0..<Self.capturedFromXsettingsd.count {
            let cut = XSettings(bytes: Array(Self.capturedFromXsettingsd[..<length]))
            if length < 12 {
                #expect(cut == nil)
                continue
            }
            let settings = try #require(cut)
            #expect(!settings.isComplete)
            #expect(Array(whole.settings.prefix(settings.settings.count)) == settings.settings, "cut at \(length)")
        }
        // The last record's end is the property's: one byte less loses it.
        let lessOne = try #require(XSettings(bytes: Array(Self.capturedFromXsettingsd.dropLast())))
        #expect(lessOne.settings.count == 6 && lessOne.integer("Xft/DPI") == nil)
    }

    /// A text whose padding is missing at the property's end is a record cut short.
    @Test func aTextWithoutItsPaddingIsCutShort() throws {
        var p = XSettingsProperty()
        p.integer("First", 1)
        p.string("Net/ThemeName", "Adwaita-dark!")  // 13 bytes and 3 of padding
        let settings = try #require(XSettings(bytes: Array(p.bytes.dropLast(3))))
        #expect(settings.integer("First") == 1 && settings.string("Net/ThemeName") == nil && !settings.isComplete)
    }

    /// Counts and lengths as large as their fields allow: nothing is read past the bytes, and
    /// nothing is allocated for what is not there.
    @Test func hugeCountsAndLengthsAreBoundedByTheBytes() throws {
        var p = XSettingsProperty(declared: UInt32.max)
        p.integer("Xft/DPI", 1)
        let counted = try #require(XSettings(bytes: p.bytes))
        #expect(counted.settings.count == 1 && counted.integer("Xft/DPI") == 1 && !counted.isComplete)

        // A name of 65535 bytes, 8 of them there.
        var name = XSettingsProperty(declared: 1)
        name.raw([1, 0]); name.card16(0xffff); name.raw(Array("Net/Them".utf8))
        #expect(try #require(XSettings(bytes: name.bytes)).settings.isEmpty)

        // A text of 4 GB, 12 bytes of it there.
        var text = XSettingsProperty(declared: 2)
        text.integer("First", 1)
        text.raw([1, 0]); text.card16(13); text.raw(Array("Net/ThemeName".utf8) + [0, 0, 0])
        text.card32(0); text.card32(UInt32.max); text.raw(Array("Adwaita-dark".utf8))
        let settings = try #require(XSettings(bytes: text.bytes))
        #expect(settings.integer("First") == 1 && settings.settings.count == 1)
        // A length whose padding would overflow 32 bits.
        var overflow = XSettingsProperty(declared: 1)
        overflow.raw([1, 0]); overflow.card16(1); overflow.raw([0x41, 0, 0, 0]); overflow.card32(0)
        overflow.card32(UInt32.max - 1); overflow.raw([0x41, 0x42])
        #expect(try #require(XSettings(bytes: overflow.bytes)).settings.isEmpty)
    }

    /// A type the specification does not have has a body of unknown length: the reading ends
    /// there, with what came before.
    @Test(arguments: [3, 0x80, 0xff] as [UInt8])
    func anUnknownTypeEndsTheReading(_ type: UInt8) throws {
        var p = XSettingsProperty(declared: 3)
        p.string("Net/ThemeName", "Adwaita-dark")
        p.raw([type, 0]); p.card16(4); p.raw(Array("Oops".utf8)); p.card32(0); p.card32(1)
        p.integer("Xft/DPI", 1)
        let settings = try #require(XSettings(bytes: p.bytes))
        #expect(settings.string("Net/ThemeName") == "Adwaita-dark" && settings.integer("Xft/DPI") == nil)
        #expect(settings.settings.count == 1 && !settings.isComplete)
    }

    /// Bytes that are not UTF-8 are no text; a name that is not UTF-8 matches no name.
    @Test func textThatIsNotUTF8IsNoText() throws {
        var p = XSettingsProperty()
        p.string(bytes: Array("Net/ThemeName".utf8), [0x41, 0xff, 0x64, 0x61, 0x72, 0x6b])
        p.string(bytes: [0x4e, 0x65, 0x74, 0x2f, 0xc3], Array("dark".utf8))
        p.string(bytes: Array("Gtk/FontName".utf8), [0xe2, 0x82])  // a character cut short
        p.string(bytes: Array("Gtk/KeyThemeName".utf8), Array("Emacs\u{0}x".utf8))
        let settings = try #require(XSettings(bytes: p.bytes))
        #expect(settings.isComplete && settings.settings.count == 4)
        #expect(settings.string("Net/ThemeName") == nil)
        #expect(settings.value("Net/ThemeName") == .string([0x41, 0xff, 0x64, 0x61, 0x72, 0x6b]))
        #expect(settings.string("Net/\u{fffd}") == nil && settings.string("Net/") == nil)
        #expect(settings.string("Gtk/FontName") == nil)
        #expect(settings.string("Gtk/KeyThemeName") == "Emacs\u{0}x", "a NUL is UTF-8")
    }

    @Test func aValueOfAnotherTypeIsNotTakenForTheOneAskedFor() throws {
        var p = XSettingsProperty()
        p.integer("Net/ThemeName", 1)
        p.string("Xft/DPI", "98304")
        let settings = try #require(XSettings(bytes: p.bytes))
        #expect(settings.string("Net/ThemeName") == nil && settings.integer("Xft/DPI") == nil)
        #expect(settings.integer("Net/ThemeName") == 1 && settings.string("Xft/DPI") == "98304")
    }

    /// A daemon writes a name once; a property that repeats one gets its first.
    @Test func theFirstRecordOfANameCounts() throws {
        var p = XSettingsProperty()
        p.string("Net/ThemeName", "Adwaita")
        p.string("Net/ThemeName", "Adwaita-dark")
        #expect(try #require(XSettings(bytes: p.bytes)).string("Net/ThemeName") == "Adwaita")
    }

    /// Bytes from a generator with a fixed seed, some behind a valid header: no trap, and no
    /// more records than the bytes can hold (12 bytes at the least each).
    @Test func randomBytesNeverTrap() {
        var generator = SplitMix(seed: 2026)
        for round in 0..<3000 {
            var bytes = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if round % 2 == 0, bytes.count >= 12 { bytes[0] = UInt8(round / 2 % 2); bytes[1] = 0 }
            if round % 4 == 0, bytes.count >= 16 { bytes[12] = UInt8(round / 4 % 3) }
            guard let settings = XSettings(bytes: bytes) else { continue }
            #expect(settings.settings.count <= (bytes.count - 12) / 12)
            _ = settings.string("Net/ThemeName")
        }
    }
}

extension XSettings {
    /// A desktop's settings as its daemon publishes them: a theme named, then what `build` adds.
    static func desktop(_ build: (inout XSettingsProperty) -> Void) -> XSettings {
        var p = XSettingsProperty()
        p.string("Net/ThemeName", "Adwaita")
        build(&p)
        return XSettings(bytes: p.bytes)!
    }
}

/// An XSETTINGS property built by the specification's layout.
struct XSettingsProperty {
    var mostSignificantFirst = false
    private(set) var bytes: [UInt8] = []
    private var count: UInt32 = 0
    private let declared: UInt32?

    init(mostSignificantFirst: Bool = false, serial: UInt32 = 0, declared: UInt32? = nil) {
        self.mostSignificantFirst = mostSignificantFirst
        self.declared = declared
        raw([mostSignificantFirst ? 1 : 0, 0, 0, 0])
        card32(serial)
        card32(declared ?? 0)
    }

    mutating func raw(_ more: [UInt8]) { bytes += more }
    mutating func card16(_ n: UInt16) { number(UInt32(n), size: 2) }
    mutating func card32(_ n: UInt32) { number(n, size: 4) }

    private mutating func number(_ n: UInt32, size: Int) {
        let little = (0..<size).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
        raw(mostSignificantFirst ? little.reversed() : little)
    }

    private mutating func padded(_ text: [UInt8]) { raw(text + Array(repeating: 0, count: (4 - text.count % 4) % 4)) }

    /// A record's header, and the count in the property's header raised (unless it was given).
    private mutating func header(_ type: UInt8, _ name: [UInt8]) {
        raw([type, 0]); card16(UInt16(name.count)); padded(name); card32(0)
        count += 1
        if declared == nil {
            let counted = XSettingsProperty(mostSignificantFirst: mostSignificantFirst, declared: count).bytes[8..<12]
            bytes.replaceSubrange(8..<12, with: counted)
        }
    }

    mutating func integer(_ name: String, _ value: Int32) {
        header(0, Array(name.utf8)); card32(UInt32(bitPattern: value))
    }

    mutating func string(_ name: String, _ value: String) { string(bytes: Array(name.utf8), Array(value.utf8)) }

    mutating func string(bytes name: [UInt8], _ value: [UInt8]) {
        header(1, name); card32(UInt32(value.count)); padded(value)
    }

    mutating func color(_ name: String, red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
        header(2, Array(name.utf8)); card16(red); card16(green); card16(blue); card16(alpha)
    }
}
