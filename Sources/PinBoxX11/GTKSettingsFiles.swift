// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// The user's and the system's GTK 3 `settings.ini` (`GTKSettingsFile`), read once a process
/// as GTK reads them once: the look a session with no settings daemon gives its GTK programs.
enum GTKSettingsFiles {
    static let current: GTKSettingsFile = read()

    private static func read() -> GTKSettingsFile {
        var file = GTKSettingsFile()
        // Most sessions have none of these files: nothing is allocated to learn it.
        let present = GTKSettingsFile.paths(home: environment("HOME"), configHome: environment("XDG_CONFIG_HOME"),
                                            configDirs: environment("XDG_CONFIG_DIRS")).filter { access($0, F_OK) == 0 }
        guard !present.isEmpty else { return file }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: GTKSettingsFile.readLimit)
        defer { buffer.deallocate() }
        for path in present {
            // A FIFO or a device in a file's place is passed over, never waited on.
            let count = pinbox_read_regular_file(path, buffer.baseAddress, buffer.count)
            if count >= 0 { file.read(Array(buffer[..<count])) }
        }
        return file
    }
}

extension XDisplay {
    /// The desktop's settings as GTK 3 draws with them: `published` (the XSETTINGS), over the
    /// `settings.ini` files.
    func gtkSettings(_ published: XSettings?) -> XSettings? {
        XSettings.desktop(published, file: GTKSettingsFiles.current)
    }
}
