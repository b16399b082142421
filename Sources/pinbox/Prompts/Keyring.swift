// SPDX-License-Identifier: MIT
import CKeyring
import PinBoxAssuan
import PinBoxCore

/// The password manager behind "Save in password manager": the Secret Service through
/// libsecret (CKeyring), under pinentry's schema and attributes. Nothing is loaded until the
/// server asks, which it does only when gpg-agent allowed an external cache and named the key.
enum Keyring {
    static var store: PasswordStore { PasswordStore(
        isUsable: { pinbox_keyring_usable() == 1 },
        lookUp: { key in
            let found = Found()
            let result = pinbox_keyring_lookup(key, { context, bytes, length in
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
        save: { key, bytes in pinbox_keyring_store(key, bytes.baseAddress, bytes.count) == 0 },
        clear: { key in
            switch pinbox_keyring_clear(key) {
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
