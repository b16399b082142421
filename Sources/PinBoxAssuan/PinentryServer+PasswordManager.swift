// SPDX-License-Identifier: MIT
// The password manager, as pinentry's password-cache.c and cmd_getpin use it: a GETPIN may be
// answered from it with no dialog, a ticked box saves what was typed, CLEARPASSPHRASE removes
// an item.
import PinBoxCore

extension PinentryServer {

    /// The item name when the agent lets the pinentry use a password manager for this request:
    /// it allowed an external cache and named the key (card PINs come with `--clear`).
    var passwordStoreKey: String? {
        guard options.allowExternalPasswordCache, let key = texts.keyInfo?.raw, !key.isEmpty else { return nil }
        return key
    }

    /// The checkbox's label when the dialog should offer to save, else nil.
    func savePasswordOffer() -> String? {
        guard passwordStoreKey != nil, let store = passwordStore, store.isUsable() else { return nil }
        return options.defaultPasswordManager ?? "_Save in password manager"
    }

    /// pinentry's rule for reading the store: no repeat (a new passphrase is never read), no
    /// error (the saved one was just refused: ask the user), once per session until RESET or
    /// a new `allow-external-password-cache`. A failing store is given up for the session.
    func passphraseFromStore() -> SecretBuffer? {
        guard texts.repeatPrompt == nil, texts.error == nil, !triedPasswordStore, let key = passwordStoreKey,
              let store = passwordStore else { return nil }
        triedPasswordStore = true
        // A locked keyring would raise its own unlock prompt in the middle of the agent's
        // request: a store that cannot be read quietly is passed over.
        guard store.isUsable() else { return nil }
        switch store.lookUp(key) {
        case .passphrase(let secret): return secret
        case .nothing: return nil
        case .failed:
            options.allowExternalPasswordCache = false
            return nil
        }
    }

    /// Answers GETPIN from the store, as pinentry does: the status line, the data, OK.
    func answerFromStore(_ secret: SecretBuffer) {
        writeLine("S PASSWORD_FROM_CACHE")
        if !secret.isEmpty {
            let lines = secret.withBytes { DataLines.encode($0) }
            lines.withBytes { write(UnsafeRawBufferPointer($0)) }
            lines.wipe()
        }
        secret.wipe()
        ok()
    }

    /// `CLEARPASSPHRASE <cacheid>`: the argument trimmed of spaces names the item. OK when one
    /// was removed; pinentry's "Invalid value" when there was none; its general error when no
    /// store can be asked.
    func clearPassphrase(_ arguments: [UInt8]) {
        var key = arguments[...]
        while key.first == 0x20 { key = key.dropFirst() }
        while key.last == 0x20 { key = key.dropLast() }
        guard let store = passwordStore, store.isUsable() else { return reply(.generalIPC) }
        switch store.clear(String(decoding: key, as: UTF8.self)) {
        case .removed: ok()
        case .notFound: reply(.invalidValue)
        case .failed: reply(.generalIPC)
        }
    }
}
