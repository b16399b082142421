// SPDX-License-Identifier: MIT
import CCairo
import PinBoxCore

/// Font faces by family and weight, for the characters of a plain field (`--font`). DejaVu
/// Sans comes from `Fonts` (opened straight from its files); any other family goes through
/// fontconfig, which picks its closest match. A face lives as long as the process.
enum FontFaces {
    nonisolated(unsafe) private static var cache: [String: OpaquePointer] = [:]

    static func face(for font: FontSpec) -> OpaquePointer {
        if font.family == "DejaVu Sans" { return font.bold ? Fonts.bold : Fonts.regular }
        let key = font.family + (font.bold ? "|bold" : "|regular")
        if let face = cache[key] { return face }
        let face = cairo_toy_font_face_create(font.family, CAIRO_FONT_SLANT_NORMAL,
                                              font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
        cache[key] = face
        return face
    }
}

extension Canvas {
    /// Draws `text` in `font` (size already in device pixels) with its ink box centred on `center`.
    func drawText(_ text: String, centeredAt center: Point, font: FontSpec, pixelSize: Double, color: Color) {
        cairo_set_font_face(cr, FontFaces.face(for: font))
        cairo_set_font_options(cr, Fonts.options)
        cairo_set_font_size(cr, max(pixelSize, 0.1))
        var e = cairo_text_extents_t(), digit = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        // Every character sits on one baseline, placed so a digit's ink is centred: "r", "-"
        // and "g" do not jump up and down from cell to cell as their own ink boxes would.
        cairo_text_extents(cr, "0", &digit)
        setSource(color)
        cairo_move_to(cr, (center.x - e.width / 2 - e.x_bearing).rounded(),
                      (center.y - digit.height / 2 - digit.y_bearing).rounded())
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }
}

extension Canvas {
    /// How far `text` advances in `font`.
    func textRunWidth(_ text: String, font: FontSpec, pixelSize: Double) -> Double {
        cairo_set_font_face(cr, FontFaces.face(for: font))
        cairo_set_font_options(cr, Fonts.options)
        cairo_set_font_size(cr, max(pixelSize, 0.1))
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        return e.x_advance
    }

    /// Draws `text` in `font` starting at `left`, its digits' ink centred on `middle`: a shown
    /// entry's characters as one run, spaced as the font spaces them.
    func drawTextRun(_ text: String, left: Double, middle: Double, font: FontSpec, pixelSize: Double, color: Color) {
        cairo_set_font_face(cr, FontFaces.face(for: font))
        cairo_set_font_options(cr, Fonts.options)
        cairo_set_font_size(cr, max(pixelSize, 0.1))
        var digit = cairo_text_extents_t()
        cairo_text_extents(cr, "0", &digit)
        setSource(color)
        cairo_move_to(cr, left.rounded(), (middle - digit.height / 2 - digit.y_bearing).rounded())
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }
}
