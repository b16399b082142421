// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// The desktop's GTK theme's style sheet, found where GTK 3 finds it (`GTKThemeFile`), for the
/// ground it gives every window: read only for a theme whose name leaves it light.
enum ThemeStyleSheet {
    /// The `theme_bg_color` of theme `name`'s style sheet, from the first one that exists (as
    /// GTK takes the first); nil when none exists, it cannot be read, or it names no such colour.
    static func background(of name: String) -> Color? {
        let folders = GTKThemeFile.folders(name: name, home: environment("HOME"),
                                           dataHome: environment("XDG_DATA_HOME"), dataDirs: environment("XDG_DATA_DIRS"))
        let present = folders.filter { pinbox_is_directory($0) != 0 }
        guard !present.isEmpty else { return nil }
        let css = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: GTKThemeFile.readLimit)
        defer { css.deallocate() }
        for path in present.flatMap(GTKThemeFile.sheets(in:)) {
            let count = pinbox_read_regular_file(path, css.baseAddress, css.count)
            if count == -1 { continue }
            return count < 0 ? nil : GTKThemeFile.background(in: UnsafeBufferPointer(rebasing: css[..<count]))
        }
        return nil
    }
}
