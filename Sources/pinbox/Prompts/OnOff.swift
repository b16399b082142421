// SPDX-License-Identifier: MIT
/// The prompts' (askpass, pinentry) switches: `--paste on|off`, whether a passphrase entry
/// takes a paste (PIN boxes never do, whatever it says: seed 001); `--animations on|off`,
/// whether anything moves.
enum OnOff: String, CaseIterable {
    case on, off
}
