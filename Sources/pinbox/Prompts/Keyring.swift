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

    /// Whether a password manager on the session bus answers, asked once in a process with
    /// libdbus, far lighter to load than libsecret, and starting nothing.
    enum Presence {
        /// It answered a question.
        case answering
        /// None runs: the bus says so, or there is no session bus to ask.
        case absent
        /// No answer within a second: a daemon that holds the name but has stopped, or a bus
        /// that does not answer. libsecret would wait out its deadline of seconds, call after
        /// call, before the window.
        case silent
    }

    static let presence: Presence = {
        switch pinbox_secret_service_answers(1000) {
        case 1: return .answering
        case 0: return .absent
        default:
            // Said, for the user who finds no box, or a saved passphrase asked for again.
            Output.error("the password manager on the session bus did not answer within a second: "
                         + "asked without it")
            return .silent
        }
    }()

    /// Whether a password manager runs and answers now. ssh-add's question needs one: a
    /// question nobody asked for neither pays for libsecret nor starts a keyring daemon (which
    /// would open locked) on a session that runs none.
    static var isRunning: Bool { presence == .answering }

    static func store(_ kind: Kind) -> PasswordStore { PasswordStore(
        // One that is not running is left to libsecret to start, as pinentry's does (the agent
        // asked for it); one that does not answer is passed over.
        isUsable: { presence != .silent && pinbox_keyring_usable() == 1 },
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
