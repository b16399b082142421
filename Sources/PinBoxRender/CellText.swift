// SPDX-License-Identifier: MIT
import CCairo
import CSystem
import PinBoxCore

/// Font faces by family and weight, for the characters of a plain field (`--font`). DejaVu
/// Sans comes from `Fonts` (opened straight from its files); any other family goes through
/// fontconfig, which picks its closest match. A face lives as long as the process.
enum FontFaces {
    nonisolated(unsafe) private static var cache: [String: OpaquePointer] = [:]

    static func face(for font: FontSpec) -> OpaquePointer {
        if font.family == "DejaVu Sans" { return font.bold ? Fonts.bold : Fonts.regular }
        let key = font.family + (font.bold ? "|bold" : "|regular")
        pinbox_cache_lock()
        defer { pinbox_cache_unlock() }
        if let face = cache[key] { return face }
        let face = cairo_toy_font_face_create(font.family, CAIRO_FONT_SLANT_NORMAL,
                                              font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
        cache[key] = face
        return face
    }
}

/// A plain field's characters, drawn from where they lie: the field's locked buffer. Cairo maps
/// the UTF-8 bytes to glyphs in place (`cairo_scaled_font_text_to_glyphs` keeps no copy of the
/// text), and the glyph array it returns, which spells the text in the font's numbering, is
/// wiped before it is freed. The stack the drawing used is wiped after it (by FieldPainter once
/// the field is drawn, by `drawSecretLine` itself). What stays is what any drawn text leaves: the
/// font's cache of the glyph images drawn, in no order.
extension Canvas {
    /// Draws one character (its UTF-8 bytes) in `font` (size in device pixels) with its ink box
    /// centred on `center`.
    func drawSecretCharacter(_ character: UnsafeBufferPointer<UInt8>, centeredAt center: Point, font: FontSpec,
                             pixelSize: Double, color: Color) {
        setFont(font, pixelSize: pixelSize)
        // Every character sits on one baseline, placed so a digit's ink is centred: "r", "-"
        // and "g" do not jump up and down from cell to cell as their own ink boxes would.
        let digit = digitInk()
        withGlyphs(of: character) { glyphs, count in
            var e = cairo_text_extents_t()
            cairo_glyph_extents(cr, glyphs, count, &e)
            let x = (center.x - e.width / 2 - e.x_bearing).rounded()
            let y = (center.y - digit.height / 2 - digit.y_bearing).rounded()
            show(glyphs, count, at: Point(x: x, y: y), color: color)
        }
    }

    /// How far the characters of `text` (UTF-8) advance in `font`.
    func secretRunWidth(_ text: UnsafeBufferPointer<UInt8>, font: FontSpec, pixelSize: Double) -> Double {
        secretRunExtents(text, font: font, pixelSize: pixelSize).advance
    }

    /// How far the characters of `text` (UTF-8) advance in `font`, and where their ink starts
    /// from the origin: before it when negative (Arabic's reh reaches back under the letter
    /// before it).
    func secretRunExtents(_ text: UnsafeBufferPointer<UInt8>, font: FontSpec,
                          pixelSize: Double) -> (advance: Double, inkLeft: Double) {
        setFont(font, pixelSize: pixelSize)
        return withGlyphs(of: text) { glyphs, count in
            var e = cairo_text_extents_t()
            cairo_glyph_extents(cr, glyphs, count, &e)
            return (e.x_advance, e.x_bearing)
        } ?? (0, 0)
    }

    /// Draws the characters of `text` (UTF-8) in `font` starting at `left`, its digits' ink
    /// centred on `middle`: a shown entry's characters as one run, spaced as the font spaces them.
    func drawSecretRun(_ text: UnsafeBufferPointer<UInt8>, left: Double, middle: Double, font: FontSpec,
                       pixelSize: Double, color: Color) {
        setFont(font, pixelSize: pixelSize)
        let digit = digitInk()
        withGlyphs(of: text) { glyphs, count in
            show(glyphs, count, at: Point(x: left.rounded(), y: (middle - digit.height / 2 - digit.y_bearing).rounded()),
                 color: color)
        }
    }

    /// Draws `shown` as one line with its top at `origin`, the baseline an ascent below as the
    /// dialog's text sits, in groups of `groupSize` characters a blank apart (a suggestion).
    func drawSecretLine(_ shown: ShownCharacters, groupSize: Int?, at origin: Point, font: FontSpec,
                        pixelSize: Double, color: Color) {
        setFont(font, pixelSize: pixelSize)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        var blank = cairo_text_extents_t()
        cairo_text_extents(cr, " ", &blank)
        let y = (origin.y + extents.ascent.rounded(.up)).rounded()
        var x = origin.x
        shown.forEachGroup(of: groupSize) { group in
            withGlyphs(of: group) { glyphs, count in
                var e = cairo_text_extents_t()
                cairo_glyph_extents(cr, glyphs, count, &e)
                show(glyphs, count, at: Point(x: x.rounded(), y: y), color: color)
                x += e.x_advance + blank.x_advance
            }
        }
        pinbox_scrub_stack()
    }

    private func setFont(_ font: FontSpec, pixelSize: Double) {
        cairo_set_font_face(cr, drawn(FontFaces.face(for: font)))
        cairo_set_font_options(cr, fontOptions)
        cairo_set_font_size(cr, max(pixelSize, 0.1))
    }

    /// The ink of "0" in the current font, which places every character's baseline.
    private func digitInk() -> cairo_text_extents_t {
        var digit = cairo_text_extents_t()
        cairo_text_extents(cr, "0", &digit)
        return digit
    }

    /// Draws `glyphs`, laid out from the origin, moved to `origin`.
    private func show(_ glyphs: UnsafeMutablePointer<cairo_glyph_t>, _ count: Int32, at origin: Point, color: Color) {
        setSource(color)
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        cairo_show_glyphs(cr, glyphs, count)
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    /// Calls `body` with the glyphs of `text` in the current font, laid out from the origin;
    /// nil when there are none (empty or invalid UTF-8). The glyphs are wiped afterwards.
    private func withGlyphs<R>(of text: UnsafeBufferPointer<UInt8>,
                               _ body: (UnsafeMutablePointer<cairo_glyph_t>, Int32) -> R) -> R? {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>? = nil
        var count: Int32 = 0
        let status = base.withMemoryRebound(to: CChar.self, capacity: text.count) {
            cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), 0, 0, $0, Int32(text.count), &glyphs, &count,
                                             nil, nil, nil)
        }
        guard let glyphs else { return nil }
        defer {
            explicit_bzero(glyphs, Int(count) * MemoryLayout<cairo_glyph_t>.stride)
            cairo_glyph_free(glyphs)
        }
        guard status == CAIRO_STATUS_SUCCESS, count > 0 else { return nil }
        return body(glyphs, count)
    }
}
