// SPDX-License-Identifier: MIT

/// The settings an X desktop publishes to its programs (the freedesktop XSETTINGS
/// specification): the `_XSETTINGS_SETTINGS` property of the window that owns the selection
/// `_XSETTINGS_S<screen>`, written by gsd-xsettings, xfsettingsd, mate-settings-daemon,
/// Cinnamon's settings daemon or xsettingsd. GTK 2 and 3 programs take their theme from it.
///
/// Any client can take that selection and write anything there, so the bytes are read as a
/// stranger's: every length is checked against the bytes left before anything is taken, the
/// header's count of settings allocates nothing (records are appended only once read, and each
/// takes at least 12 bytes), and a name or text value is kept as bytes until asked for as text.
/// A record that does not fit (cut short, or of an unknown type, whose length cannot be known)
/// ends the reading; the records before it are kept. The specification's order is followed where
/// implementations differ: colours are red, green, blue, alpha, as GTK reads them (xsettingsd
/// writes red, blue, green, after an older text of the specification).
public struct XSettings: Equatable, Sendable {
    /// A setting's value, as the property holds it.
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        /// Text as written: the specification says STRING8, not UTF-8 (see `XSettings.string`).
        case string([UInt8])
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// One record: its name's bytes, as written, and its value.
    public struct Setting: Equatable, Sendable {
        public let name: [UInt8]
        public let value: Value
    }

    /// The property's serial, which its owner raises with every change.
    public let serial: UInt32
    /// The records read, in the property's order.
    public let settings: [Setting]
    /// Whether every record the header counts was read; false when the bytes ran out first (a
    /// property cut short, or longer than the part that was read) or a record was malformed.
    public let isComplete: Bool

    /// Reads a property's bytes; nil when they have no XSETTINGS header (fewer than 12 bytes,
    /// or a byte order other than LSBFirst 0 and MSBFirst 1).
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 12, bytes[0] == 0 || bytes[0] == 1 else { return nil }
        var reader = Reader(bytes: bytes, mostSignificantFirst: bytes[0] == 1, position: 4)
        guard let serial = reader.card32(), let declared = reader.card32() else { return nil }
        var read: [Setting] = []
        while UInt32(read.count) < declared, let setting = reader.setting() {
            read.append(setting)
        }
        self.serial = serial
        settings = read
        isComplete = UInt32(read.count) == declared
    }

    init(serial: UInt32, settings: [Setting], isComplete: Bool) {
        self.serial = serial
        self.settings = settings
        self.isComplete = isComplete
    }

    /// The settings GTK 3 draws with: these, and `file`'s where these have no setting of the
    /// name (a daemon's word wins over `settings.ini`, as in GTK). Nil where neither has any.
    public static func desktop(_ published: XSettings?, file: GTKSettingsFile) -> XSettings? {
        let fromFile = file.asXSettings
        guard let published else { return fromFile.isEmpty ? nil : XSettings(serial: 0, settings: fromFile, isComplete: true) }
        let missing = fromFile.filter { setting in !published.settings.contains { $0.name == setting.name } }
        return missing.isEmpty ? published
            : XSettings(serial: published.serial, settings: published.settings + missing, isComplete: published.isComplete)
    }

    /// The value of the first record named `name` (a second of the same name is not the
    /// desktop's word: its daemon writes each name once).
    public func value(_ name: String) -> Value? {
        settings.first { $0.name.elementsEqual(name.utf8) }?.value
    }

    /// The text of the string setting `name`; nil when there is none, it is of another type,
    /// or its bytes are not UTF-8 (no theme, font or icon name a desktop writes is otherwise).
    public func string(_ name: String) -> String? {
        guard case .string(let bytes)? = value(name) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs what is not UTF-8; the bytes were UTF-8 when nothing needed repair.
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The integer setting `name`; nil when there is none or it is of another type.
    public func integer(_ name: String) -> Int32? {
        guard case .integer(let number)? = value(name) else { return nil }
        return number
    }
}

/// A cursor over the property's bytes that never reads past them: each read says how many
/// bytes it needs and gets nil, not a trap, when fewer are left.
private struct Reader {
    let bytes: [UInt8]
    let mostSignificantFirst: Bool
    var position: Int

    var remaining: Int { bytes.count - position }

    /// The range of the next `count` bytes, consumed; nil, consuming nothing, when fewer are left.
    mutating func take(_ count: UInt32) -> Range<Int>? {
        // Compared unsigned before any conversion: a count of 4 G must neither trap nor wrap.
        guard UInt(count) <= UInt(remaining) else { return nil }
        defer { position += Int(count) }
        return position..<position + Int(count)
    }

    /// `count` bytes of text and the padding that brings them to a multiple of four.
    mutating func padded(_ count: UInt32) -> [UInt8]? {
        guard let range = take(count), take((4 - count % 4) % 4) != nil else { return nil }
        return Array(bytes[range])
    }

    mutating func card8() -> UInt8? { take(1).map { bytes[$0.lowerBound] } }

    mutating func card16() -> UInt16? { unsigned(2).map { UInt16($0) } }
    mutating func card32() -> UInt32? { unsigned(4) }

    /// The next `size` bytes as a number, in the byte order the header named.
    private mutating func unsigned(_ size: UInt32) -> UInt32? {
        guard let r = take(size) else { return nil }
        var number: UInt32 = 0
        for i in 0..<r.count {
            number = number << 8 | UInt32(bytes[mostSignificantFirst ? r.lowerBound + i : r.upperBound - 1 - i])
        }
        return number
    }

    /// One record: type, an unused byte, the name's length, the name padded to four, the serial
    /// of its last change (unused here), then the value its type says.
    mutating func setting() -> XSettings.Setting? {
        guard let type = card8(), take(1) != nil, let nameLength = card16(),
              let name = padded(UInt32(nameLength)), card32() != nil else { return nil }
        let value: XSettings.Value
        switch type {
        case 0:
            guard let number = card32() else { return nil }
            value = .integer(Int32(bitPattern: number))
        case 1:
            guard let length = card32(), let text = padded(length) else { return nil }
            value = .string(text)
        case 2:
            guard let red = card16(), let green = card16(), let blue = card16(), let alpha = card16() else { return nil }
            value = .color(red: red, green: green, blue: blue, alpha: alpha)
        default:
            return nil
        }
        return XSettings.Setting(name: name, value: value)
    }
}
