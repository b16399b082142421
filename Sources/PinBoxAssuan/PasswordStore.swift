// SPDX-License-Identifier: MIT
import PinBoxCore

/// The password manager behind "Save in password manager": the Secret Service through
/// libsecret in the binary, a dictionary in the tests. Items are named by the SETKEYINFO string
/// exactly as the agent sent it (`n/<keygrip>`, `u/<cache id>`, `s/<keygrip>`), under the
/// schema and attributes pinentry uses, so each finds what the other saved. A struct of
/// closures rather than a protocol: the server holds at most one, and Embedded Swift has no
/// existentials.
public struct PasswordStore {
    /// What a lookup found.
    public enum Found {
        /// The saved passphrase, in locked memory; the server writes it and wipes it.
        case passphrase(SecretBuffer)
        case nothing
        /// The service failed (gone, refused): the server stops asking it for this session.
        case failed
    }

    /// What CLEARPASSPHRASE did.
    public enum Cleared: Equatable, Sendable {
        case removed, notFound, failed
    }

    /// Whether items can be read and saved without asking anyone: a Secret Service on the
    /// session bus whose default collection is unlocked. Checked once per process.
    public let isUsable: () -> Bool
    public let lookUp: (String) -> Found
    /// Saves (or replaces) the item for a key; false when the service refused.
    public let save: (String, UnsafeBufferPointer<UInt8>) -> Bool
    public let clear: (String) -> Cleared

    public init(isUsable: @escaping () -> Bool, lookUp: @escaping (String) -> Found,
                save: @escaping (String, UnsafeBufferPointer<UInt8>) -> Bool, clear: @escaping (String) -> Cleared) {
        self.isUsable = isUsable
        self.lookUp = lookUp
        self.save = save
        self.clear = clear
    }
}
