// SPDX-License-Identifier: MIT
import PinBoxCore

/// `--accept digits|printable` of the demo and `render`: what a row of cells takes. The core's
/// third mode, `text`, is for dialogs' entries (a passphrase, a card PIN), whose entry lays out
/// any text; in cells it would put every character into the first, so it is not offered here.
enum CellAccept: String, CaseIterable {
    case digits, printable

    var characters: AcceptedCharacters {
        switch self {
        case .digits: .digits
        case .printable: .printable
        }
    }
}
