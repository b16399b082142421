// SPDX-License-Identifier: MIT
/// The shape of a locale name a caller may hand the pinentry (`OPTION lc-ctype`, `lc-messages`,
/// `--lc-ctype`, `--lc-messages`): `language[_territory][.codeset][@modifier]`, as POSIX names
/// them (`de_DE.UTF-8`, `sr_RS@latin`, `es_419.UTF-8`, `C.UTF-8`, `POSIX`).
///
/// The name goes to `setlocale` and, as its language part, to gettext's `LANGUAGE`, which
/// joins it to the catalogue directory as it is: a `LANGUAGE` of `../../tmp/x` loads a catalogue
/// from wherever a caller put one. Today neither is reachable from a caller: the language part
/// ends at the first dot, and this glibc looks for even an absolute name under its own locale
/// directory. This makes the guarantee PinBox's own rather than the side effect of a split: a
/// value without a name's shape is ignored as if it had not been sent, and the OPTION is still
/// answered OK, as pinentry answers it, so an agent never fails a prompt over it.
public enum LocaleName {
    /// `text` if it is shaped like a locale name, else nil.
    public static func accepted(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 64 else { return nil }
        var i = 0
        // A part: 1…limit bytes that `allowed` takes, after its lead byte (none for the language).
        func part(after lead: UInt8?, _ limit: Int, _ allowed: (UInt8) -> Bool) -> Bool {
            if let lead {
                guard i < bytes.count, bytes[i] == lead else { return true }  // absent: fine
                i += 1
            }
            let start = i
            while i < bytes.count, allowed(bytes[i]) { i += 1 }
            return i > start && i - start <= limit
        }
        func letter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func alphanumeric(_ b: UInt8) -> Bool { letter(b) || (b >= 0x30 && b <= 0x39) }
        func word(_ b: UInt8) -> Bool { alphanumeric(b) || b == 0x2D || b == 0x5F }  // and - _
        guard part(after: nil, 8, letter), part(after: 0x5F, 8, alphanumeric),  // _territory
              part(after: 0x2E, 32, word), part(after: 0x40, 32, word)  // .codeset, @modifier
        else { return nil }
        return i == bytes.count ? text : nil
    }
}
