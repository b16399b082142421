// SPDX-License-Identifier: MIT
// The one prompt classifier: askpass callers' words, gpg-agent's request shapes.

extension PromptKind {
    /// What an askpass prompt asks for, from the words its caller wrote. Callers of an askpass
    /// do not translate the prompts this reads (OpenSSH's, git's); a prompt it cannot place
    /// (sudo's translated `[sudo] Passwort für alice:`, a custom `sudo -p`) is a password: the
    /// answer is hidden. Text in quotes and addresses (a key's file, a token's name, git's
    /// `https://user@host`) is never read for a kind: `Password for 'https://PIN@host':`
    /// asks for a password.
    public init(askpass prompt: String, hint: AskpassHint) {
        switch hint {
        case .confirm: self = .confirm; return
        case .notice: self = .deviceWait; return
        case .none: break
        }
        if let question = HostKeyQuestion(ssh: prompt) {
            self = .hostKey(question)
            return
        }
        let text = PromptText(prompt)
        // git (credential.c): the answer to "Username for" is shown, git's own echo is off.
        if text.starts(with: "username for '") { self = .username; return }
        if text.starts(with: "password for '") { self = .password; return }
        // OpenSSH's own prompts, by their fixed openings.
        if text.starts(with: "enter pin") { self = .pin(text.pinKind ?? .user); return }
        if text.starts(with: "enter passphrase for pkcs#11") { self = .pin(.user); return }
        for opening in ["enter passphrase", "bad passphrase", "enter old passphrase", "enter new passphrase",
                        "enter same passphrase"] where text.starts(with: opening) {
            self = .passphrase
            return
        }
        // Anything else, by its words outside quotes and addresses. A secret's word wins over a
        // code's or a name's: "Password or OTP" hides what is typed.
        let words = text.words
        let oneTime = words.containsPhrase(["one", "time", "password"]) || words.containsPhrase(["one-time", "password"])
        let secretWords = words.filter { !oneTime || $0 != "password" }
        if let pin = text.pinKind { self = .pin(pin); return }
        if secretWords.contains("passphrase") { self = .passphrase; return }
        if secretWords.contains("password") { self = .password; return }
        if oneTime || Self.codeWords.contains(where: { words.containsPhrase($0) }) { self = .code; return }
        if let first = words.first, ["username", "login", "user"].contains(first) { self = .username; return }
        self = .password
    }

    /// Words that name a one-time code (pam_google_authenticator's "Verification code:",
    /// pam_oath's "One-time password (OATH)"), which the entry shows as it is typed. Not a
    /// PASSCODE (RSA SecurID's is the user's PIN followed by the token's code) nor a
    /// "security code" (a card's CVV): those are secrets, hidden.
    static let codeWords: [[String]] = [
        ["verification", "code"], ["otp"], ["totp"], ["one-time", "code"],
        ["authentication", "code"], ["authenticator", "code"], ["2fa"], ["token", "code"],
    ]

    /// What a pinentry request asks for, from its shape alone: gpg-agent translates its
    /// descriptions, prompts and labels into the user's language, so no word of them is read,
    /// except the card prompts it sends as written: `PIN` (never translated, see gnupg's
    /// agent/divert-scd.c), and `Admin PIN`, `PUK`, `Reset Code` when its language is
    /// English. A translated Admin PIN prompt gets a passphrase entry, which takes it as well.
    public init(agent request: AgentRequest) {
        switch request.command {
        case .confirm: self = .confirm
        case .message: self = .information
        // agent_popup_message_start: the pinpad notice ("Use the reader's pinpad for input.")
        // and "Push ACK button on card/token." come with no SETOK, and the agent ends the
        // pinentry itself once the device is done. Its other one-button messages name their
        // button.
        case .oneButton: self = request.okLabelSent ? .information : .deviceWait
        case .getPin:
            if !request.namesKey, let prompt = request.prompt, let card = Self.cardPrompt(prompt) {
                self = .pin(card)
            } else {
                self = .passphrase
            }
        }
    }

    /// The card prompts of gnupg's getpin_cb, with the colon a prompt may end in.
    static func cardPrompt(_ prompt: String) -> PINKind? {
        let text = PromptText(prompt)
        switch text.trimmed {
        case "pin": return .user
        case "admin pin": return .admin
        case "puk": return .puk
        case "reset code": return .resetCode
        default: return nil
        }
    }
}

extension HostKeyQuestion {
    /// ssh's host-key question (sshconnect.c `confirm()`), or nil when `prompt` is not one.
    public init?(ssh prompt: String) {
        let lower = PromptText.lowercased(prompt)
        let withFingerprint = "(yes/no/[fingerprint])?"
        let choices = [withFingerprint, "(yes/no)?", "(yes/no):"]
        // ssh ends its question with the choices. Anywhere else they are a caller's text: in
        // git's `Password for 'https://(yes/no)?@host':` they are a URL's user name, which
        // must not turn a password into a shown answer or a Yes button.
        let end = Self.trimmingEnd(lower)
        guard let choice = choices.first(where: { end.hasSuffix($0) })
            ?? (lower.hasPrefix("please type 'yes'") ? "" : nil) else { return nil }
        acceptsFingerprint = choice == withFingerprint || lower.hasPrefix("please type 'yes', 'no' or the fingerprint")
        var lines: [String] = []
        keyType = nil
        picture = nil
        fingerprint = nil
        let all = prompt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var next = 0
        while next < all.count {
            let line = all[next]
            next += 1
            if fingerprint == nil, let (type, print) = Self.fingerprintLine(line) {
                (keyType, fingerprint) = (type, print)
                if let box = Self.pictureBox(all[next...]) {
                    picture = box
                    next += box.count
                }
                continue
            }
            lines.append(line)
        }
        var text = Self.trimmingEnd(lines.joined(separator: "\n"))
        // The choices go: the buttons (and the entry) offer them.
        if !choice.isEmpty && PromptText.lowercased(text).hasSuffix(choice) {
            text.unicodeScalars.removeLast(choice.unicodeScalars.count)
            text = Self.trimmingEnd(text)
            if !text.hasSuffix("?") && !text.hasSuffix(":") { text += "?" }
        }
        while let last = text.unicodeScalars.last, last == " " || last == ":" || last == "\n" {
            text.unicodeScalars.removeLast()
        }
        self.text = text
    }

    /// `text` without the spaces and line ends that follow ssh's question.
    static func trimmingEnd(_ text: String) -> String {
        var text = text
        while let last = text.unicodeScalars.last, last == " " || last == "\n" || last == "\t" {
            text.unicodeScalars.removeLast()
        }
        return text
    }

    /// The picture `VisualHostKey` puts under the fingerprint's line (sshkey.c
    /// `fingerprint_randomart`): a frame `+--[ED25519 256]--+`, rows `|…|` as wide, and a
    /// closing `+----[SHA256]-----+`. Nil unless `lines` start with a whole one.
    static func pictureBox(_ lines: ArraySlice<String>) -> [String]? {
        guard let top = lines.first, top.count >= 3, top.hasPrefix("+"), top.hasSuffix("+") else { return nil }
        var box = [top]
        for line in lines.dropFirst() {
            guard line.count == top.count else { return nil }
            box.append(line)
            if line.hasPrefix("+") && line.hasSuffix("+") { return box.count > 2 ? box : nil }
            guard line.hasPrefix("|") && line.hasSuffix("|") else { return nil }
        }
        return nil
    }

    /// `ED25519 key fingerprint is SHA256:abc.` (OpenSSH 9.2) or `… is: SHA256:abc` (later).
    static func fingerprintLine(_ line: String) -> (String?, String)? {
        let scalars = Array(line.unicodeScalars)
        let marker = Array(" key fingerprint is".unicodeScalars)
        guard let at = PromptText.index(of: marker, in: scalars) else { return nil }
        var before = ""
        before.unicodeScalars.append(contentsOf: scalars[..<at])
        let type = before.split(separator: " ").last.map(String.init) ?? ""
        var rest = scalars[(at + marker.count)...].drop { $0 == ":" || $0 == " " }
        rest = rest.prefix { $0 != " " }
        // A fingerprint's base64 has no full stop: one at the end closes ssh's sentence.
        if rest.last == "." { rest = rest.dropLast() }
        guard !rest.isEmpty else { return nil }
        var print = ""
        print.unicodeScalars.append(contentsOf: rest)
        return (type.isEmpty ? nil : type, print)
    }
}
