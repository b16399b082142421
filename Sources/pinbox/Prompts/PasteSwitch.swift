// SPDX-License-Identifier: MIT
/// `--paste on|off` of the prompts (askpass, pinentry): whether a passphrase entry takes a
/// paste. PIN boxes never do, whatever it says (seed 001).
enum PasteSwitch: String, CaseIterable {
    case on, off
}
