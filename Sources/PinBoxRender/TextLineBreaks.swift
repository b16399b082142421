/// Where a line of plain or unshaped text (see `TextScript`) may break: Unicode's line breaking
/// rules (UAX #14) for the classes Latin, Greek, Cyrillic, Chinese, Japanese and Korean text
/// holds, as Pango 1.50 applies them, checked against Pango on the same text (TextTests), so a
/// paragraph wraps alike on either path. Between letters and digits never; after spaces,
/// hyphens and dashes, slashes, `!`/`?` and `…`; "key /home" keeps the slash with its path,
/// "-1" and "50%" stay whole, quotes stick to their text. Between any two ideographs, kana or
/// Hangul syllables, but never before `。`, `，`, `：` or a closing bracket, nor after an opening one.
enum TextLineBreaks {
    /// The UAX #14 classes that plain text meets (ambiguous ones resolved as alphabetic).
    enum Class {
        case alphabetic, numeric, space, open, close, closeParenthesis, quote, glue, breakAfter,
             hyphen, dash, ellipsis, exclamation, infixSeparator, slash, prefix, postfix, nonStarter, breakBefore,
             /// Ideographs, kana and Hangul syllables (UAX #14's ID, H2 and H3 behave alike here).
             ideographic,
             /// An opening bracket of East Asian width: one of UAX #14's OP, but a line may
             /// break between a letter and it (LB30 holds only for narrow ones).
             wideOpen
    }

    /// `allowed[i]`: a line may start at scalar `i` (index 0 is always false).
    static func opportunities(_ scalars: [Unicode.Scalar]) -> [Bool] {
        let classes = scalars.map { lineBreakClass($0.value) }
        var allowed = [Bool](repeating: false, count: scalars.count)
        for i in classes.indices.dropFirst() {
            // The class before the spaces that end at i, for the rules that reach across them.
            var j = i - 1
            while j > 0, classes[j] == .space { j -= 1 }
            let number = i >= 2 && classes[i - 2] == .numeric
            let numberNext = i + 1 < classes.count && classes[i + 1] == .numeric
            allowed[i] = mayBreak(classes[i - 1], classes[i], acrossSpaces: classes[j], inNumber: number,
                                  numberNext: numberNext)
        }
        return allowed
    }

    /// The pair rules LB7–LB31, in order; `held` is the class before any spaces.
    private static func mayBreak(_ before: Class, _ after: Class, acrossSpaces held: Class, inNumber: Bool,
                                 numberNext: Bool) -> Bool {
        let wideOpen = after == .wideOpen
        let (before, after, held) = (narrow(before), narrow(after), narrow(held))
        switch (before, after) {
        case (_, .space): return false                                                      // LB7
        case (.glue, _): return false                                                       // LB12
        case (_, .glue) where ![.space, .breakAfter, .hyphen].contains(before): return false // LB12a
        case (_, .close), (_, .closeParenthesis), (_, .exclamation), (_, .infixSeparator), (_, .slash):
            return false                                                                    // LB13
        default: break
        }
        if held == .open { return false }                                                   // LB14
        if held == .quote && after == .open { return false }                                // LB15
        if (held == .close || held == .closeParenthesis) && after == .nonStarter { return false } // LB16
        if held == .dash && after == .dash { return false }                                 // LB17
        if before == .space { return true }                                                 // LB18
        switch (before, after) {
        case (_, .quote), (.quote, _): return false                                         // LB19
        case (_, .breakAfter), (_, .hyphen), (_, .nonStarter), (.breakBefore, _): return false // LB21
        case (_, .ellipsis): return false                                                   // LB22
        case (.alphabetic, .numeric), (.numeric, .alphabetic): return false                 // LB23
        case (.prefix, .alphabetic), (.postfix, .alphabetic), (.alphabetic, .prefix), (.alphabetic, .postfix):
            return false                                                                    // LB24
        // LB25, as Pango reads it: a number's parts hold together; a slash or a stop before a
        // digit only inside a number ("1/2", "1,000"), not in "a/1"; a sign and a bracket only
        // next to a digit.
        case (.numeric, .postfix), (.numeric, .prefix),
             (.prefix, .numeric), (.postfix, .numeric), (.hyphen, .numeric), (.numeric, .numeric):
            return false
        case (.close, .postfix), (.close, .prefix), (.closeParenthesis, .postfix), (.closeParenthesis, .prefix):
            return !inNumber                                                                // "(1)%", not "、$"
        case (.prefix, .open), (.postfix, .open): return !numberNext                        // "$(1", not "%（"
        case (.infixSeparator, .numeric), (.slash, .numeric): return !inNumber
        case (.prefix, .ideographic), (.ideographic, .postfix): return false                // LB23a, LB27
        case (.alphabetic, .alphabetic): return false                                       // LB28
        case (.infixSeparator, .alphabetic): return false                                   // LB29
        case (.alphabetic, .open), (.numeric, .open): return wideOpen                       // LB30
        case (.closeParenthesis, .alphabetic),
             (.closeParenthesis, .numeric):
            return false                                                                    // LB30
        default: return true                                                                // LB31
        }
    }

    private static func narrow(_ type: Class) -> Class {
        type == .wideOpen ? .open : type
    }

    static func lineBreakClass(_ c: UInt32) -> Class {
        switch c {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0xFF08: return .wideOpen
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0xFF09, 0xFF0C, 0xFF0E: return .close
        // Small kana and the prolonged sound mark (UAX #14's CJ, which Pango reads as NS).
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC,
             0xFF1A, 0xFF1B:
            return .nonStarter
        case 0xFF01, 0xFF1F: return .exclamation
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return .ideographic
        case 0x20: return .space
        case 0x30...0x39: return .numeric
        case 0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x201A, 0x201E, 0x2045: return .open
        case 0x29, 0x5D: return .closeParenthesis
        case 0x7D, 0x2046: return .close
        case 0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201B, 0x201C, 0x201D, 0x201F, 0x2039, 0x203A: return .quote
        case 0xA0, 0x202F, 0x2007, 0x2011: return .glue
        case 0x7C, 0x2010, 0x2012, 0x2013, 0x2027, 0x2056, 0x2058...0x205B, 0x205D, 0x205E: return .breakAfter
        case 0x2D: return .hyphen
        case 0x2014: return .dash
        case 0x2024...0x2026: return .ellipsis
        case 0x21, 0x3F: return .exclamation
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x37E, 0x2044: return .infixSeparator
        case 0x2F: return .slash
        case 0x24, 0x2B, 0x5C, 0xA3, 0xA4, 0xA5, 0xB1, 0x2116, 0x20A0...0x20A6, 0x20A8...0x20B5, 0x20B8...0x20BD:
            return .prefix
        case 0x25, 0xA2, 0xB0, 0x2030...0x2037, 0x20A7, 0x2103, 0x2109: return .postfix
        case 0x203C, 0x203D, 0x2047...0x2049: return .nonStarter
        case 0xB4, 0x2C8, 0x2CC, 0x2DF: return .breakBefore
        default: return .alphabetic
        }
    }
}
