// SPDX-License-Identifier: MIT
/// The questions OpenSSH and git ask an askpass most often, said in the user's language.
/// Neither program translates them (OpenSSH has no catalogue; git writes "Username for" and
/// "Password for" as they are, credential.c), so a dialog in German or Chinese held one English
/// sentence among its own words. Only a question read whole is said again, the file, account or
/// address in it as the caller wrote it; in English the words are the caller's own, to the
/// letter. Any other prompt is shown as it came, and the terminal asks every one in the
/// caller's words.
public enum CallerQuestion {
    /// ssh-add's first question, when `prompt` is its question after a wrong passphrase ("Bad
    /// passphrase, try again for FILE"), -c's note kept: the dialog asks that again and says the
    /// refusal on its red line, in the user's language, as for sudo's and ssh's questions asked
    /// again. For any file, as ssh-add names it (a relative path too).
    public static func askedBefore(_ prompt: String) -> String? {
        let text = DialogSpec.label(prompt)
        guard let rest = text.after("Bad passphrase, try again for "), !rest.contains("\n") else { return nil }
        return "Enter passphrase for " + rest
    }

    /// What the red line of a question asked again says (`AskpassCall`): the caller refused
    /// the answer, or, for ssh-keygen's new passphrase, the passphrase and its repeat differed
    /// (ssh-keygen says so only on its own output, then asks both again).
    public static func askedAgain(_ prompt: String) -> String {
        if DialogSpec.label(prompt) == "Enter passphrase (empty for no passphrase)" {
            // TRANSLATORS: in red under ssh-keygen's question for a new key's passphrase when
            // it asks again because the passphrase typed the second time was another.
            return localized("The passphrases did not match: type the new one again")
        }
        // TRANSLATORS: in red under a question sudo, ssh, ssh-add or ssh-keygen asks again
        // after it refused the answer (a wrong password, passphrase or PIN).
        return localized("That was not accepted: try again")
    }

    /// `prompt` as a dialog's description (without its colon), in the user's language; nil
    /// when it is none of these questions.
    public static func described(_ prompt: String) -> String? {
        let text = DialogSpec.label(prompt)
        // ssh-agent's question and touch notice for a key it may use only on the way to some
        // hosts (ssh-add -h): under them, a line naming the account the request logs in as.
        if let end = text.lastIndex(of: "\n"),
           let user = String(text[text.index(after: end)...])
               .between("public key authentication request for user \"", and: "\" to listed host"),
           !user.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
           let question = described(String(text[..<end])) {
            // TRANSLATORS: under ssh-agent's question before it uses a key, or its request to
            // touch a security key, when the key may be used only for some hosts (ssh-add -h);
            // %s is the account the request logs in as, as alice.
            return question + "\n" + localized("public key authentication request for user \"%s\" to listed host", user)
        }
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return nil
        }
        // systemd's, through its password agents (`SystemQuestion`).
        if let question = systemdQuestion(text) { return question }
        // ssh-keygen's and ssh-add's questions that name nothing (the dialog names the
        // command that asks them, `AskpassCaller`).
        if let question = wholeQuestions.first(where: { $0 == text }) { return localized(question) }
        // ssh (sshconnect2.c): a key file's passphrase.
        if let key = text.between("Enter passphrase for key '", and: "'") {
            // TRANSLATORS: ssh's question for a key's passphrase; %s is the key file's path.
            return localized("Enter passphrase for key '%s'", key)
        }
        // ssh-add: a key file's passphrase, and whether the agent will ask before each use. A
        // file, not words: another program's "Enter passphrase for the backup" stays as it came.
        if let rest = text.after("Enter passphrase for "), Self.isFile(rest.before(" (will confirm each use)") ?? rest) {
            if let key = rest.before(" (will confirm each use)") {
                // TRANSLATORS: ssh-add's question for a key's passphrase when the key is added
                // with -c; %s is the key file's path; the agent will then ask before each use.
                return localized("Enter passphrase for %s (will confirm each use)", key)
            }
            // TRANSLATORS: ssh-add's question for a key's passphrase; %s is the key file's path.
            return localized("Enter passphrase for %s", rest)
        }
        // ssh (ssh-sk-client.c, ssh-pkcs11.c): a security key's PIN, a token's.
        if let rest = text.after("Enter PIN for "), let space = rest.firstIndex(of: " ") {
            let type = String(rest[..<space])
            let after = String(rest[rest.index(after: space)...])
            if !type.isEmpty, !type.hasPrefix("'"), let file = after.after("key ") {
                // TRANSLATORS: ssh's question for a security key's PIN; the first %s is the key's
                // type (ED25519-SK), the second its file's path.
                return localized("Enter PIN for %s key %s", type, file)
            }
            // ssh-keygen -Y sign with a security key: the key named by its type alone.
            if !type.isEmpty, !type.hasPrefix("'"), after == "key" {
                // TRANSLATORS: ssh-keygen's question for a security key's PIN before it signs
                // with it; %s is the key's type (ED25519-SK).
                return localized("Enter PIN for %s key", type)
            }
        }
        // ssh-agent: the PIN of a security key that also asks for a touch (verify-required).
        if let rest = text.after("Enter PIN and confirm user presence for "), let (type, print) = rest.split(first: " key "),
           Self.isOneWord(type), PromptFingerprint.fingerprint(print) == print {
            // TRANSLATORS: ssh-agent's question for a security key's PIN when the key is then
            // to be touched too; the first %s is the key's type (ED25519-SK), the second its
            // fingerprint.
            return localized("Enter PIN and confirm user presence for %s key %s", type, print)
        }
        // ssh-add -K and ssh-keygen -K: the PIN of the security key whose resident keys they load.
        if text == "Enter PIN for authenticator" {
            // TRANSLATORS: ssh-add's question (-K) for the PIN of the security key (a FIDO
            // authenticator) whose keys it loads.
            return localized("Enter PIN for authenticator")
        }
        if let token = text.between("Enter PIN for '", and: "'") {
            // TRANSLATORS: ssh's question for a token's PIN (PKCS#11); %s is the token's name.
            return localized("Enter PIN for '%s'", token)
        }
        // ssh's touch notice, once its fingerprint is the dialog's detail (`PromptFingerprint`):
        // the key named by its type alone.
        if let type = text.after("Confirm user presence for key "), !type.contains(" ") {
            // TRANSLATORS: ssh's notice while it waits for a touch of a security key; %s is the
            // key's type (ED25519-SK); its fingerprint is shown under it.
            return localized("Confirm user presence for key %s", type)
        }
        // ssh-agent's question for a key added with -c, once its fingerprint is the detail.
        if let comment = text.between("Allow use of key ", and: "?") {
            // TRANSLATORS: ssh-agent's question before it uses a key added with ssh-add -c; %s is
            // the key's comment (often user@host); its fingerprint is shown under it.
            return localized("Allow use of key %s?", comment)
        }
        // ssh under AddKeysToAgent=ask (sshconnect2.c): whether to keep the key it has just
        // unlocked in the agent; its file, then its comment in parentheses.
        if let rest = text.between("Add key ", and: ") to agent?"), let (file, comment) = rest.split(first: " (") {
            // TRANSLATORS: ssh's question (AddKeysToAgent ask) after a key was unlocked: whether
            // the agent keeps it; the first %s is the key file's path, the second its comment.
            return localized("Add key %s (%s) to agent?", file, comment)
        }
        // ssh's connection sharing under ControlMaster=ask (mux.c): whether another ssh may use
        // this one's connection to the host.
        if let host = text.between("Allow shared connection to ", and: "?"), Self.isOneWord(host) {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh wants to use this
            // one's connection; %s is the host, as example.org.
            return localized("Allow shared connection to %s?", host)
        }
        if let host = text.between("Terminate shared connection to ", and: "?"), Self.isOneWord(host) {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh asks it to end its
            // shared connection (ssh -O exit); %s is the host, as example.org.
            return localized("Terminate shared connection to %s?", host)
        }
        if let host = text.between("Disable further multiplexing on shared connection to ", and: "?"), Self.isOneWord(host) {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh asks it to take no
            // more sessions on its connection (ssh -O stop); %s is the host, as example.org.
            return localized("Disable further multiplexing on shared connection to %s?", host)
        }
        // ssh's forwardings asked for through a shared connection (mux.c): -W's (ProxyJump's)
        // stream to a host's port, and `ssh -O forward`'s ports.
        if let target = text.between("Allow forward to ", and: "?"), Self.isOneWord(target) {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh wants a stream
            // through this one's connection (ssh -W, ProxyJump); %s is a host and port, as
            // example.org:22.
            return localized("Allow forward to %s?", target)
        }
        if let rest = text.between("Open local forward ", and: "?"), let (from, to, host) = Self.forward(rest) {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh asks it to listen
            // on a local port and forward it (ssh -O forward -L); the first %s is the port it
            // listens on (LOCALHOST:8080), the second where it connects (db:5432), the third the host.
            return localized("Open local forward %s -> %s on %s?", from, to, host)
        }
        if let rest = text.between("Open remote forward ", and: "?"), let (from, to, host) = Self.forward(rest) {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh asks it to have
            // the server listen on a port and forward it back (ssh -O forward -R); the first %s
            // is the server's port (LOCALHOST:8080), the second where it connects here, the third the host.
            return localized("Open remote forward %s -> %s on %s?", from, to, host)
        }
        if let rest = text.between("Open dynamic forward ", and: "?"), let (from, to, host) = Self.forward(rest), to == "*" {
            // TRANSLATORS: ssh's question (ControlMaster ask) when another ssh asks it to open a
            // SOCKS proxy (ssh -O forward -D); the first %s is the port it listens on
            // (LOCALHOST:1080), the second the host; "*" stands for any destination.
            return localized("Open dynamic forward %s -> * on %s?", from, host)
        }
        // git (credential.c): the account at an address.
        if let address = text.between("Username for '", and: "'") {
            // TRANSLATORS: git's question for a user name; %s is the address, as 'https://example.org'.
            return localized("Username for '%s'", address)
        }
        if let address = text.between("Password for '", and: "'") {
            // TRANSLATORS: git's question for a password; %s is the address, as 'https://alice@example.org'.
            return localized("Password for '%s'", address)
        }
        // ssh (sshconnect2.c): a login password, "alice@example.org's password"; and the same
        // asked through the server's PAM, "(alice@example.org) Password".
        if let account = text.before("'s password"), Self.isAccount(account) {
            // TRANSLATORS: ssh's question for a login password; %s is the account, as alice@example.org.
            return localized("%s's password", account)
        }
        if let account = text.between("(", and: ") Password"), Self.isAccount(account) {
            // TRANSLATORS: ssh's question for a login password asked by the server (PAM); %s is the
            // account, as alice@example.org.
            return localized("(%s) Password", account)
        }
        return nil
    }

    /// The questions of ssh-keygen and ssh-add that name no file, account or host, as they
    /// write them.
    static let wholeQuestions = [
        // TRANSLATORS: ssh-keygen's question for a new key's passphrase.
        localizedLater("Enter passphrase (empty for no passphrase)"),
        // TRANSLATORS: ssh-keygen's question (-p) for the passphrase a key will have now.
        localizedLater("Enter new passphrase (empty for no passphrase)"),
        // TRANSLATORS: ssh-keygen's question, after a new passphrase was typed, to type it again.
        localizedLater("Enter same passphrase again"),
        // TRANSLATORS: ssh-keygen's question (-p) for the passphrase a key has before it is changed.
        localizedLater("Enter old passphrase"),
        // TRANSLATORS: ssh-keygen's question for a key's passphrase (-y, -c, signing).
        localizedLater("Enter passphrase"),
        // TRANSLATORS: ssh-keygen's question (-s) for the PIN of the security key that signs
        // as a certificate authority (CA).
        localizedLater("Enter PIN for CA key"),
        // TRANSLATORS: ssh-add's question (-x, -X) for the password that locks or unlocks
        // ssh-agent.
        localizedLater("Enter lock password"),
        // TRANSLATORS: ssh-add's one word (-x) asking for the agent's lock password a second
        // time, to be sure it was typed as meant.
        localizedLater("Again"),
    ]

    /// ssh's question before it trusts a host's key (`HostKeyQuestion.text`: the fingerprint
    /// and the choices taken out), its lines in the user's language (sshconnect.c); in English,
    /// ssh's own. A line not read here (a name the key is known by) stays as ssh wrote it.
    public static func hostKey(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var said: [String] = []
        var next = 0
        while next < lines.count {
            let line = lines[next]
            next += 1
            if let host = line.between("The authenticity of host '", and: "' can't be established,"),
               next < lines.count, lines[next] == "but keys of different type are already known for this host." {
                next += 1
                // TRANSLATORS: ssh's question before it trusts a new host key; %s is the host
                // and its address, as example.org (192.0.2.7).
                said.append(localized("The authenticity of host '%s' can't be established,\nbut keys of different type are already known for this host.", host))
            } else if let host = line.between("The authenticity of host '", and: "' can't be established.") {
                // TRANSLATORS: ssh's question before it trusts a new host key; %s is the host
                // and its address, as example.org (192.0.2.7).
                said.append(localized("The authenticity of host '%s' can't be established.", host))
            } else if let rest = line.after("Warning: the "), let (type, tail) = rest.split(first: " host key for '"),
                      let (host, address) = tail.before("'")?.split(first: "' differs from the key for the IP address '") {
                // TRANSLATORS: ssh's warning before it asks whether to go on (CheckHostIP): the
                // first %s is the key's type (ED25519), the second the host, the third its address.
                said.append(localized("Warning: the %s host key for '%s' differs from the key for the IP address '%s'",
                                      type, host, address))
            } else if let place = line.after("Offending key for IP in ") {
                // TRANSLATORS: under ssh's warning above; %s is a known_hosts file and a line number.
                said.append(localized("Offending key for IP in %s", place))
            } else if let place = line.after("Matching host key in ") {
                // TRANSLATORS: under ssh's warning above; %s is a known_hosts file and a line number.
                said.append(localized("Matching host key in %s", place))
            } else if let count = line.between("    (", and: " additional names omitted)"), let n = Int(count), n > 0 {
                // TRANSLATORS: the last of the names ssh lists for a host key when there are too
                // many, indented as ssh writes it; %s is how many are left out (ssh itself says
                // "names" for one too).
                said.append("    " + localizedPlural("(%s additional names omitted)", "(%s additional names omitted)", n, count))
            } else if Self.hostKeyLines.contains(line) {
                said.append(localized(line))
            } else {
                said.append(line)
            }
        }
        return said.joined(separator: "\n")
    }

    /// The lines of ssh's host-key questions said whole, as ssh writes them.
    static let hostKeyLines = [
        localizedLater("This key is not known by any other names."),
        // TRANSLATORS: ssh lists the names under this line, one per line, as it wrote them.
        localizedLater("This host key is known by the following other names/addresses:"),
        localizedLater("Are you sure you want to continue connecting?"),
        // TRANSLATORS: ssh asks again after an answer that was neither yes, no nor the key's
        // fingerprint; the dialog's Yes and No buttons answer yes and no.
        localizedLater("Please type 'yes', 'no' or the fingerprint"),
        // TRANSLATORS: ssh asks again after an answer that was neither yes nor no; the
        // dialog's Yes and No buttons answer.
        localizedLater("Please type 'yes' or 'no'"),
        // TRANSLATORS: under the key's fingerprint when ssh has looked the host's key up in
        // DNS (VerifyHostKeyDNS) and found it there.
        localizedLater("Matching host key fingerprint found in DNS."),
        // TRANSLATORS: under the key's fingerprint when ssh has looked the host's key up in
        // DNS (VerifyHostKeyDNS) and not found it there.
        localizedLater("No matching host key fingerprint found in DNS."),
        // TRANSLATORS: ssh's question (UpdateHostKeys ask), once logged in, whether to add the
        // server's new host keys to known_hosts; the dialog's Yes and No buttons answer.
        localizedLater("Accept updated hostkeys?"),
    ]

    /// `ssh -O forward`'s description ("LOCALHOST:8080 -> db:5432 on example.org"): where it
    /// listens, where it connects and the host, each one word.
    private static func forward(_ text: String) -> (String, String, String)? {
        guard let (from, rest) = text.split(first: " -> "), let (to, host) = rest.split(first: " on "),
              [from, to, host].allSatisfy(isOneWord) else { return nil }
        return (from, to, host)
    }

    /// A file as ssh-add names it: a path, or one word.
    private static func isFile(_ text: String) -> Bool {
        text.contains("/") || isOneWord(text)
    }

    /// `user@host`, as ssh names an account: one word holding an `@`.
    private static func isAccount(_ text: String) -> Bool {
        text.contains("@") && isOneWord(text)
    }

    private static func isOneWord(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.properties.isWhitespace }
    }
}

extension String {
    /// What follows `opening`, when the text starts with it and more follows.
    func after(_ opening: String) -> String? {
        guard hasPrefix(opening), count > opening.count else { return nil }
        return String(dropFirst(opening.count))
    }

    /// What comes before `ending`, when the text ends with it and something comes before.
    func before(_ ending: String) -> String? {
        guard hasSuffix(ending), count > ending.count else { return nil }
        return String(dropLast(ending.count))
    }

    /// The text before the first `separator` and the text after it, when both are there.
    func split(first separator: String) -> (String, String)? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(separator) {
                let after = self[i...].dropFirst(separator.count)
                return i == startIndex || after.isEmpty ? nil : (String(self[..<i]), String(after))
            }
            i = index(after: i)
        }
        return nil
    }

    /// What stands between `opening` and `ending`, when the text is made of the three.
    func between(_ opening: String, and ending: String) -> String? {
        after(opening)?.before(ending)
    }
}
