// SPDX-License-Identifier: MIT
import CCairo
import CSystem
import PinBoxCore

/// The faces every label and plain digit uses, DejaVu Sans and DejaVu Sans Bold, and DejaVu Sans
/// Mono for the rare ASCII art, opened straight from their files with FreeType. Asking
/// fontconfig for them instead would cost its whole start-up (it parses its configuration
/// first), a large part of the window's time to appear (docs/performance-notes.md). Where the
/// files are not in a known place, fontconfig finds them after all.
enum Fonts {
    nonisolated(unsafe) static let regular = face(file: "DejaVuSans.ttf", bold: false)
    nonisolated(unsafe) static let bold = face(file: "DejaVuSans-Bold.ttf", bold: true)
    /// For ASCII art (ssh's picture of a host key), opened the first time one is drawn.
    nonisolated(unsafe) static let monospace = face(file: "DejaVuSansMono.ttf", bold: false, family: "DejaVu Sans Mono")

    /// Where distributions put DejaVu: Debian and Ubuntu, Fedora, Arch.
    private static let directories = [
        "/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/dejavu-sans-fonts/", "/usr/share/fonts/TTF/",
    ]

    /// Cairo's font options for `rendering`, advances in whole pixels; made once for each
    /// rendering asked (a process meets one or two) and kept. The standard one leaves outlines
    /// unhinted: slight hinting (fontconfig's default) runs FreeType's autohinter, whose first use
    /// analyses each face's every character, time out of a short start that only a desktop
    /// asking for it spends.
    static func options(_ rendering: TextRendering) -> OpaquePointer {
        pinbox_cache_lock()
        defer { pinbox_cache_unlock() }
        if let made = madeOptions[rendering] { return made }
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        switch rendering.hinting {
        case .none: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        case .slight: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        case .medium: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_MEDIUM)
        case .full: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
        }
        switch rendering.antialiasing {
        case .none:
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        case .gray:
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        case .subpixel(let order):
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_SUBPIXEL)
            switch order {
            case .rgb: cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_RGB)
            case .bgr: cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_BGR)
            case .vrgb: cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_VRGB)
            case .vbgr: cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_VBGR)
            }
        }
        madeOptions[rendering] = options
        return options
    }

    nonisolated(unsafe) private static var madeOptions: [TextRendering: OpaquePointer] = [:]

    /// `face` as subpixel text is drawn in it: one of the faces above filtered for an LCD as
    /// fontconfig's default configuration filters Pango's (lcddefault), so that a line looks
    /// alike on either path; any other face as it is. Made the first time a desktop asks for
    /// subpixel text (the plain face's pattern-free path costs less to start).
    static func forSubpixels(_ face: OpaquePointer) -> OpaquePointer {
        pinbox_cache_lock()
        defer { pinbox_cache_unlock() }
        if let made = filtered[face] { return made }
        guard let freeType = freeTypeFaces[face], let pattern = FcPatternCreate() else { return face }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddFTFace(pattern, FC_FT_FACE, freeType)
        FcPatternAddInteger(pattern, FC_LCD_FILTER, FC_LCD_DEFAULT)
        let made = cairo_ft_font_face_create_for_pattern(pattern)!
        filtered[face] = made
        return made
    }

    /// The FreeType face of each face opened from a file, and its LCD-filtered twin once made.
    nonisolated(unsafe) private static var freeTypeFaces: [OpaquePointer: FT_Face] = [:]
    nonisolated(unsafe) private static var filtered: [OpaquePointer: OpaquePointer] = [:]

    /// Faces live as long as the process: they are few, and every canvas shares them.
    ///
    /// Each face has a FreeType library of its own. Cairo sets the LCD filter on a face's library
    /// before it rasterises a glyph and clears it after, holding only that face's lock: two faces
    /// sharing a library, drawn on two threads at once (the window's and the one that draws text
    /// ahead, `TextLayout.prepare`), would rasterise one's subpixel glyphs with the other's filter
    /// (none), colour fringes kept in Cairo's glyph cache for as long as the process runs.
    private static func face(file: String, bold: Bool, family: String = "DejaVu Sans") -> OpaquePointer {
        pinbox_cache_lock()
        defer { pinbox_cache_unlock() }
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            for directory in directories {
                var face: FT_Face?
                if FT_New_Face(library, directory + file, 0, &face) == 0, let face {
                    let made = cairo_ft_font_face_create_for_ft_face(face, 0)!
                    freeTypeFaces[made] = face
                    return made
                }
            }
            FT_Done_FreeType(library)
        }
        return cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL,
                                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
}
