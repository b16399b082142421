// A font's ascender and descender as Pango 1.50 reads them through HarfBuzz 6 (hb-ot-metrics.cc:
// OS/2's typographic values when the font asks for them, else hhea's), at the scale Pango gives
// HarfBuzz: 1024 units to a pixel. PinBox's own text layout uses them to size lines as Pango does.
#include "CText.h"

#include <math.h>
#include <cairo-ft.h>
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H

// HarfBuzz scales in single precision, then rounds: em_scalef_y.
static int scale(double value, float multiplier) {
    return (int)roundf((float)value * multiplier);
}

int pinbox_font_extents(void *scaled_font, double pixel_size, pinbox_font_extents_t *extents) {
    FT_Face face = cairo_ft_scaled_font_lock_face(scaled_font);
    if (!face) return 0;
    int found = 0;
    TT_OS2 *os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
    TT_HoriHeader *hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
    if (face->units_per_EM > 0 && (hhea || os2)) {
        float multiplier = (float)(int)(pixel_size * 1024) / (float)face->units_per_EM;
        int typographic = os2 && os2->version != 0xFFFF && (os2->fsSelection & (1 << 7));
        double ascender = typographic ? os2->sTypoAscender : hhea ? hhea->Ascender : 0;
        double descender = typographic ? os2->sTypoDescender : hhea ? hhea->Descender : 0;
        extents->ascender = scale(fabs(ascender), multiplier);
        extents->descender = scale(-fabs(descender), multiplier);
        // A BASE table gives baselines PinBox does not read: such a font's text goes to Pango.
        FT_ULong length = 0;
        extents->has_baselines = FT_Load_Sfnt_Table(face, TTAG_BASE, 0, NULL, &length) == 0 && length > 0;
        found = 1;
    }
    cairo_ft_scaled_font_unlock_face(scaled_font);
    return found;
}
