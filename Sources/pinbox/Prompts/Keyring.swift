// SPDX-License-Identifier: MIT
import CKeyring
import CPortal
import PinBoxAssuan
import PinBoxCore

/// The password manager behind "Save in password manager": the Secret Service through
/// libsecret (CKeyring), under the items' own programs' schemas and attributes. Nothing is
/// loaded until a caller asks: gpg-agent, when it allowed an external cache and named the key;
/// ssh-add, when it asks for a key file's passphrase.
enum Keyring {
    /// What names an item: a gpg key by the agent's SETKEYINFO string (pinentry's items), an
    /// ssh key by its file's absolute path (GNOME Keyring's).
    enum Kind {
        case gnupg, ssh

        var code: Int32 { self == .ssh ? Int32(PINBOX_KEYRING_SSH) : Int32(PINBOX_KEYRING_GNUPG) }
    }

    /// pinentry's items, for the pinentry.
    static var store: PasswordStore { store(.gnupg) }

    /// Whether a password manager runs on the session bus now (its Secret Service name is
    /// owned), asked with libdbus, far lighter to load than libsecret, and starting nothing: a
    /// question nobody asked for (ssh-add's) neither pays for libsecret nor starts a keyring
    /// daemon (which would open locked) on a session that runs none.
    static var isRunning: Bool { pinbox_bus_name_owned("org.freedesktop.secrets") == 1 }

    static func store(_ kind: Kind) -> PasswordStore { PasswordStore(
        isUsable: { pinbox_keyring_usable() == 1 },
        lookUp: { key in
            let found = Found()
            let result = pinbox_keyring_lookup(kind.code, key, { context, bytes, length in
                // From libsecret's non-pageable memory straight into a locked buffer.
                let found = Unmanaged<Found>.fromOpaque(context!).takeUnretainedValue()
                let secret = SecretBuffer(capacity: max(1, length))
                if let bytes { secret.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length)) }
                found.secret = secret
            }, Unmanaged.passUnretained(found).toOpaque())
            switch result {
            case 1: return found.secret.map { .passphrase($0) } ?? .nothing
            case 0: return .nothing
            default: return .failed
            }
        },
        save: { key, bytes in pinbox_keyring_store(kind.code, key, bytes.baseAddress, bytes.count) == 0 },
        clear: { key in
            switch pinbox_keyring_clear(kind.code, key) {
            case 1: .removed
            case 0: .notFound
            default: .failed
            }
        }) }

    /// Where the lookup's callback leaves what it found.
    private final class Found {
        var secret: SecretBuffer?
    }
}
