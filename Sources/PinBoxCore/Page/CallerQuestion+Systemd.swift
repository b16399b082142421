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
        // A PKCS#11 token's PIN (pkcs11-util.c): the token, then the disk, and how many tries.
        for template in systemdTokenQuestions {
            guard let names = names(in: text, by: template), !names.contains(where: { $0.isEmpty }) else { continue }
            switch names.count {
            case 2: return localized(template, names[0], names[1])
            case 3 where names[2].allSatisfy({ $0.isASCII && $0.isNumber }):
                return localized(template, names[0], names[1], names[2])
            default: continue
            }
        }
        return nil
    }

    /// The questions for a PKCS#11 token's PIN (a smart card, a YubiKey's PIV) that unlocks a
    /// disk, with the token and the disk in them: the first asking, the next ones, the one after
    /// the token said few tries are left, and the last before the token locks itself. The
    /// longer ones first: the first asking's ending is in each.
    static let systemdTokenQuestions = [
        // TRANSLATORS: systemd-cryptsetup's question for the PIN of a smart card or token
        // (PKCS#11) that unlocks an encrypted disk, asked again after a wrong PIN; the first %s
        // is the token's name, the second the disk, the third the number of this try (2, 3…).
        localizedLater("Please enter PIN for security token '%s' in order to unlock %s (try #%s)"),
        // TRANSLATORS: systemd-cryptsetup's question for a token's PIN when one more wrong PIN
        // locks the token for good; the first %s is the token's name, the second the disk.
        localizedLater("Please enter correct PIN for security token '%s' in order to unlock %s (final try)"),
        // TRANSLATORS: systemd-cryptsetup's question for a token's PIN when the token says
        // few tries are left; the first %s is the token's name, the second the disk.
        localizedLater("PIN has been entered incorrectly previously, please enter correct PIN for security token '%s' in order to unlock %s"),
        // TRANSLATORS: systemd-cryptsetup's question for the PIN of a smart card or token
        // (PKCS#11) that unlocks an encrypted disk; the first %s is the token's name, the
        // second the disk.
        localizedLater("Please enter PIN for security token '%s' in order to unlock %s"),
    ]

    /// What each `%s` of `template` stands for in `text`, in order: each the shortest that
    /// lets the rest follow, the last running to the template's end. Nil when `text` is not
    /// made that way.
    static func names(in text: String, by template: String) -> [String]? {
        var literals: [String] = [""]
        var i = template.startIndex
        while i < template.endIndex {
            if template[i...].hasPrefix("%s") {
                literals.append("")
                i = template.index(i, offsetBy: 2)
            } else {
                literals[literals.count - 1].append(template[i])
                i = template.index(after: i)
            }
        }
        guard literals.count > 1, text.hasPrefix(literals[0]) else { return nil }
        var rest = Substring(text.dropFirst(literals[0].count))
        var names: [String] = []
        for literal in literals.dropFirst().dropLast() {
            guard let (name, after) = String(rest).split(first: literal) else { return nil }
            names.append(name)
            rest = Substring(after)
        }
        let ending = literals[literals.count - 1]
        guard rest.hasSuffix(ending) else { return nil }
        names.append(String(rest.dropLast(ending.count)))
        return names
    }
}
