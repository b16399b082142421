// SPDX-License-Identifier: MIT
/// The state of one cell, which picks its style (seed 004's empty, fill and highlight).
public enum CellState: String, Sendable, CaseIterable {
    /// No character yet.
    case empty
    /// Holds a character (seed 004's "fill").
    case filled = "fill"
    /// The next cell to type into, shown while the field has the focus (a cursor).
    case highlight
}

/// A typeface request: a family, a weight and a size in points, written the way fontconfig
/// and Pango write them, e.g. `DejaVu Sans Bold 14`.
public struct FontSpec: Equatable, Hashable, Sendable {
    public var family: String
    public var bold: Bool
    /// In points.
    public var size: Double

    public init(family: String = "DejaVu Sans", bold: Bool = false, size: Double) {
        self.family = family
        self.bold = bold
        self.size = size
    }

    /// Parses `FAMILY [Regular|Bold] SIZE`; nil when the size is missing or out of 1…500.
    public init?(parsing text: String) {
        var words = text.split(separator: " ").map(String.init)
        guard words.count >= 2, let size = Double(words.removeLast()), size >= 1, size <= 500 else { return nil }
        var bold = false
        switch words.last?.lowercased() {
        case "bold": bold = true; words.removeLast()
        case "regular", "normal", "book": words.removeLast()
        default: break
        }
        guard !words.isEmpty else { return nil }
        self.init(family: words.joined(separator: " "), bold: bold, size: size)
    }

    public var description: String { family + (bold ? " Bold " : " ") + Self.number(size) }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}

/// How one cell looks in one state (seed 004's `TFGridInputViewCellStyle`, with the view's
/// border and corner radius carried per state so a cursor cell can have its own border).
/// A state without its own style uses the empty one.
public struct CellStyle: Equatable, Sendable {
    public var background: Color?
    /// A PNG file drawn over the background, scaled to the cell.
    public var backgroundImage: String?
    public var border: Color?
    /// In points.
    public var borderWidth: Double
    /// In points; a strip's cells are also clipped to its frame's corners.
    public var cornerRadius: Double
    /// Plain mode: the character's colour and face.
    public var textColor: Color
    public var font: FontSpec

    public init(background: Color? = nil, backgroundImage: String? = nil, border: Color? = nil,
                borderWidth: Double = 1, cornerRadius: Double = 0, textColor: Color = .black,
                font: FontSpec = FontSpec(size: 22)) {
        self.background = background
        self.backgroundImage = backgroundImage
        self.border = border
        self.borderWidth = borderWidth
        self.cornerRadius = cornerRadius
        self.textColor = textColor
        self.font = font
    }
}

/// What the cells take: digits (the payment box), any printable ASCII character (seed 004 is a
/// general input), or any text a keyboard gives (a passphrase, a card PIN with letters).
public enum AcceptedCharacters: String, Sendable, CaseIterable {
    case digits
    case printable
    case text

    /// Whether a single byte of pasted or set text is taken (text takes any UTF-8 byte that is
    /// not a control; whole characters are checked by `contains(_: Unicode.Scalar)`).
    @inline(__always)
    public func contains(_ byte: UInt8) -> Bool {
        switch self {
        case .digits: byte >= 0x30 && byte <= 0x39
        case .printable: byte >= 0x20 && byte <= 0x7e
        case .text: byte >= 0x20 && byte != 0x7f
        }
    }

    /// Whether a typed character is taken. Text refuses only the controls (C0, DEL, C1), which
    /// no keyboard layout types into a line. The invisible format characters are taken: layouts
    /// type them on their own keys (Khmer's space bar types ZERO WIDTH SPACE, Hebrew's and
    /// Persian's AltGr+9 and AltGr+0 the direction marks, Persian's and Arabic's further levels
    /// the embeddings and isolates), a passphrase made elsewhere holds them, and a secret is
    /// drawn as dots, or shown as a run of glyphs that nothing reorders.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .digits, .printable: return scalar.isASCII && contains(UInt8(scalar.value))
        case .text: return !(scalar.value < 0x20 || (0x7f..<0xa0).contains(scalar.value))
        }
    }

    /// The character a field of this kind stores for a typed or pasted `scalar`, or nil when
    /// it refuses it: the same one, but that a digits field stores a decimal digit of any script
    /// as the ASCII digit of the same value. Persian's, Hindi's, Bengali's, Nepali's, Burmese's
    /// and Khmer's layouts type their own digits on the number row (۱, १, ১, ၁, ១), and a code
    /// copied from a message may hold them or fullwidth ones (１); the caller asked for a number,
    /// and reads it in ASCII.
    public func stored(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard self == .digits, !scalar.isASCII else { return contains(scalar) ? scalar : nil }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
              value >= 0, value <= 9 else { return nil }
        return Unicode.Scalar(UInt8(0x30 + Int(value)))
    }

    /// Hands each character of UTF-8 `bytes` to `body` as this kind stores it (`stored`), in
    /// order; false, and nothing more handed, at the first one it refuses or a malformed byte.
    /// No `String` is made of them: they may be a secret's, in a locked buffer.
    public func eachStored<C: Collection>(_ bytes: C, _ body: (Unicode.Scalar) -> Void) -> Bool where C.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                guard let kept = stored(scalar) else { return false }
                body(kept)
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Why a character was refused.
    public var refusal: RejectReason { self == .digits ? .notADigit : .notPrintable }

    /// What one accepted character is called in a message: "digit" or "character".
    public var noun: String { self == .digits ? "digit" : "character" }

    /// The most bytes one character can take in the secret.
    public var bytesPerCharacter: Int { self == .text ? 4 : 1 }
}
