// SPDX-License-Identifier: MIT
import CCairo
import CSystem

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

    /// Outlines unhinted, advances whole pixels. Slight hinting (fontconfig's default) runs
    /// FreeType's autohinter, whose first use analyses each face's every character: time out of
    /// a short start, for text that looks the same at these sizes with grey antialiasing.
    nonisolated(unsafe) static let options: OpaquePointer = {
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        return options
    }()

    nonisolated(unsafe) private static let library: FT_Library? = {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }()

    /// Faces live as long as the process: they are few, and every canvas shares them.
    private static func face(file: String, bold: Bool, family: String = "DejaVu Sans") -> OpaquePointer {
        // FreeType opens the faces of one library one at a time, and two threads may each open
        // one here: the main thread and the one that draws text ahead (`TextLayout.prepare`).
        pinbox_cache_lock()
        defer { pinbox_cache_unlock() }
        if let library {
            for directory in directories {
                var face: FT_Face?
                if FT_New_Face(library, directory + file, 0, &face) == 0, let face {
                    return cairo_ft_font_face_create_for_ft_face(face, 0)
                }
            }
        }
        return cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL,
                                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
}
