// SPDX-License-Identifier: MIT
/// systemd's questions through its password agents, said in the user's language: systemd writes
/// them in English only (cryptsetup.c, cryptsetup-util's token PINs, dissect's image), the disk
/// or the token in them as systemd named it.
extension CallerQuestion {
    /// The questions with one name in them, the longer ending first (a disk's verification).
    static let systemdNamingQuestions = [
        // TRANSLATORS: systemd-cryptsetup's question, asked a second time to be sure, for the
        // passphrase of an encrypted disk; %s is the disk, as "WD_Elements (backup)".
        localizedLater("Please enter passphrase for disk %s (verification)"),
        // TRANSLATORS: systemd-cryptsetup's question, asked a second time to be sure, for the
        // recovery key of an encrypted disk; %s is the disk.
        localizedLater("Please enter recovery key for disk %s (verification)"),
        // TRANSLATORS: systemd-cryptsetup's question, asked a second time to be sure, for the
        // passphrase or the recovery key of an encrypted disk; %s is the disk.
        localizedLater("Please enter passphrase or recovery key for disk %s (verification)"),
        // TRANSLATORS: systemd-cryptsetup's question for the passphrase of an encrypted disk
        // being unlocked (plugged in, or at start-up); %s is the disk, as "WD_Elements (backup)".
        localizedLater("Please enter passphrase for disk %s"),
        // TRANSLATORS: systemd-cryptsetup's question for the recovery key of an encrypted disk
        // whose every other key is a token's (a TPM, a security key); %s is the disk.
        localizedLater("Please enter recovery key for disk %s"),
        // TRANSLATORS: systemd-cryptsetup's question for an encrypted disk that opens with its
        // passphrase or its recovery key; %s is the disk.
        localizedLater("Please enter passphrase or recovery key for disk %s"),
    ]

    /// The questions that name nothing, as systemd writes them (without the colon).
    static let systemdWholeQuestions = [
        // TRANSLATORS: systemd-cryptsetup's question for the PIN of the security token (a
        // FIDO2 key, a smart card) that unlocks an encrypted disk.
        localizedLater("Please enter security token PIN"),
        // TRANSLATORS: systemd-cryptsetup's question for the PIN that lets the computer's
        // TPM chip unlock an encrypted disk.
        localizedLater("Please enter TPM2 PIN"),
        // TRANSLATORS: systemd-cryptsetup's question for the PIN of a LUKS2 token (a plug-in
        // of cryptsetup's) that unlocks an encrypted disk.
        localizedLater("Please enter LUKS2 token PIN"),
        // TRANSLATORS: systemd's question for the passphrase of an encrypted disk image (a
        // portable service's, a container's).
        localizedLater("Please enter image passphrase"),
    ]

    /// `text` (a label: no colon) as one of systemd's questions in the user's language; nil
    /// when it is none of them.
    static func systemdQuestion(_ text: String) -> String? {
        if let question = systemdWholeQuestions.first(where: { $0 == text }) { return localized(question) }
        for template in systemdNamingQuestions {
            let (opening, ending) = template.split(first: "%s") ?? (String(template.dropLast(2)), "")
            guard let name = ending.isEmpty ? text.after(opening) : text.between(opening, and: ending) else { continue }
            return localized(template, name)
        }
        // A PKCS#11 token's PIN (pkcs11-util.c): the token, then the disk. Not when asked again
        // ("(try #2)", "(final try)"), which says more than this sentence.
        if let rest = text.after("Please enter PIN for security token '"),
           let (token, disk) = rest.split(first: "' in order to unlock "), !isRetry(disk) {
            // TRANSLATORS: systemd-cryptsetup's question for the PIN of a smart card or token
            // (PKCS#11) that unlocks an encrypted disk; the first %s is the token's name, the
            // second the disk.
            return localized("Please enter PIN for security token '%s' in order to unlock %s", token, disk)
        }
        return nil
    }

    /// Whether a PKCS#11 PIN question ends as systemd's second and last tries end.
    private static func isRetry(_ text: String) -> Bool {
        if text.hasSuffix(" (final try)") { return true }
        guard text.hasSuffix(")") else { return false }
        let body = text.dropLast()
        guard let hash = body.lastIndex(of: "#") else { return false }
        let number = body[body.index(after: hash)...]
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber } && body[..<hash].hasSuffix(" (try ")
    }
}
