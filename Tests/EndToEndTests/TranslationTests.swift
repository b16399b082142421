// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxCore
import PinBoxRender
import Testing

/// PinBox's own words in the user's language, and the agent's words in it too: a real `gpg -c`
/// under `LANG=de_DE.UTF-8` and `ru_RU.UTF-8` shows no English word; an askpass under
/// `LANG=ja_JP.UTF-8` speaks Japanese in a Japanese face.
@Suite("Translations: every word in the user's language", .endToEnd)
struct TranslationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The catalogues the README promises, each a po/LANG.po.
    static let languages = ["zh_CN", "zh_TW", "ja", "ko", "de", "ru", "uk", "he", "ar", "fr", "es", "pt_BR", "it",
                            "nl", "pl", "el", "hi", "tr", "vi", "id", "fa", "cs", "sk", "sv", "da", "nb", "fi", "hu",
                            "ro", "ca", "pt"]

    /// Words a language writes as English does, beyond those every language may keep.
    static let sharedWords = ["it": ["Password"], "nl": ["Code"]]

    /// Every catalogue translates every word the program has (po/pinbox.pot), none fuzzy, and
    /// the others than Chinese and Japanese leave nothing in English but names (OK, PIN, PUK), the
    /// left-to-right direction (`default:LTR`) and words the languages share.
    @Test(arguments: languages)
    func everyCatalogueIsComplete(_ language: String) throws {
        let po = Self.repository + "/po/\(language).po"
        let pot = try String(contentsOfFile: Self.repository + "/po/pinbox.pot", encoding: .utf8)
        // Every msgid but the header's (a msgid of several lines opens with an empty one too).
        let words = pot.split(separator: "\n").filter { $0.hasPrefix("msgid \"") }.count - 1
        let statistics = try run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", po])
        // msgfmt prints its statistics on stderr: ask again with stderr folded in.
        let (_, all) = try runAll(["msgfmt", "--check", "--statistics", "-o", "/dev/null", po])
        #expect(statistics.status == 0)
        #expect(all.trimmingCharacters(in: .whitespacesAndNewlines) == "\(words) translated messages.", "\(all)")
        guard language != "zh_CN" && language != "ja" else { return }
        let english = try Self.untranslated(po)
        // Spanish and Italian say No as English does; Italian says Password, Dutch Code.
        let shared = Set(["PinBox", "_OK", "PIN", "PUK", "Passphrase", "default:LTR", "_No"] + Self.sharedWords[language, default: []])
        #expect(english.isSubset(of: shared), "left in English: \(english)")
    }

    /// Words shown together, each answering Alt and its underlined letter: a dialog's buttons
    /// (the show and hide toggle is one of them at a time), gpg's three answers, an entry's menu.
    /// "_Save in password manager" is left out: English's own `_Save` takes `_Show`'s letter,
    /// and the page marks the show button again with a free letter (`PageButton(avoiding:)`).
    static let shownTogether = [["_OK", "_Cancel", "_Show"], ["_OK", "_Cancel", "_Hide"], ["_Yes", "_No", "_Cancel"],
                                ["Cu_t", "_Copy", "_Paste", "_Delete", "Select _All"]]

    /// In every catalogue, words shown together underline letters of their own: a letter two
    /// of them shared would answer only the first (a German entry's menu chose Cut, never
    /// Select All, for Alt+A). The control: English's own words.
    @Test(arguments: languages)
    func wordsShownTogetherHaveMnemonicsOfTheirOwn(_ language: String) throws {
        func letters(_ words: [String]) -> [Unicode.Scalar?] { words.map { MnemonicLabel($0).mnemonic } }
        for words in Self.shownTogether {
            #expect(Set(letters(words).compactMap { $0 }).count == words.count, "English: \(words)")
            let translated = try words.map { try #require(try Self.translation(of: $0, in: Self.repository + "/po/\(language).po"), "\($0)") }
            let marked = letters(translated)
            #expect(!marked.contains(nil) && Set(marked.compactMap { $0 }).count == words.count, "\(language): \(translated)")
        }
    }

    /// A catalogue added to po/ is one the tests above check and the installs below carry, and
    /// po/LINGUAS, which scripts/install and msgfmt --desktop go by, names it.
    @Test func everyCatalogueInTheTreeIsListed() throws {
        let catalogues = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/po")
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }
        #expect(Set(catalogues) == Set(Self.languages))
        let linguas = try String(contentsOfFile: Self.repository + "/po/LINGUAS", encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(linguas.sorted() == Self.languages.sorted(), "po/LINGUAS: \(linguas)")
    }

    /// The menu entry scripts/install writes speaks every language the program does, as the
    /// desktop's menu reads it (GLib's GDesktopAppInfo, which GNOME's shell and overview use):
    /// under each `LANG` its name, generic name, comment and search words are the catalogue's; a
    /// regional variant (`fr_CA`) finds its language's; the control, `LANG=C`, reads English.
    /// (The entry in the tree spoke four languages, fewer than the program.)
    @Test func theMenuEntrySpeaksEveryLanguage() throws {
        let prefix = try DesktopTests.installed(named: "menu")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let entry = prefix + "/share/applications/pinbox.desktop"
        let read = """
            import sys, gi
            gi.require_version("Gio", "2.0")
            from gi.repository import Gio
            entry = Gio.DesktopAppInfo.new_from_filename(sys.argv[1])
            print("\\n".join([entry.get_name(), entry.get_generic_name(), entry.get_description(),
                             ";".join(entry.get_keywords()) + ";"]))
            """
        // GLib shows an entry only when its program is on the PATH, as it is once installed.
        func shown(_ lang: String) throws -> [String] {
            let (status, out) = try run(["/usr/bin/python3", "-c", read, entry],
                                        environment: ["LANG": lang, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
                                                      "PATH": prefix + "/bin:/usr/bin:/bin"])
            try #require(status == 0, "GDesktopAppInfo could not read the entry under \(lang): \(out)")
            return out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        let words = ["PinBox", "PIN Entry Demo", "The payment-password box: six boxes, each digit a dot that fades in",
                     "PIN;password;askpass;pinentry;"]
        #expect(try shown("C") == words)
        for language in Self.languages {
            let po = Self.repository + "/po/\(language).po"
            let translated = try words.map { try #require(try Self.translation(of: $0, in: po), "\(language): no \($0)") }
            #expect(try shown(language + ".UTF-8") == translated, "\(language)")
            #expect(translated[1] != words[1] && translated[2] != words[2] && translated[3] != words[3], "\(language)")
        }
        #expect(try shown("fr_CA.UTF-8") == shown("fr_FR.UTF-8"))
    }

    /// What software centres show of PinBox (the AppStream entry scripts/install writes) passes
    /// AppStream's own validator, pedantic, names the program's three commands, the menu entry
    /// installed beside it and the program's version, and speaks every language: read by
    /// AppStream's library into the DEP-11 data a distribution's archive serves to software
    /// centres, its summary and both paragraphs are each catalogue's; the control, English under C.
    @Test func theSoftwareCentresEntrySpeaksEveryLanguage() throws {
        let prefix = try DesktopTests.installed(named: "metainfo")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let entry = prefix + "/share/metainfo/example.a_seed_cba6a5ba.pinbox.metainfo.xml"
        let appstreamcli = try which("appstreamcli")
        let (valid, verdict) = try runAll([appstreamcli, "validate", "--no-net", "--pedantic", "--explain", entry])
        #expect(valid == 0, "appstreamcli validate: \(verdict)")
        let dep11 = prefix + "/pinbox.yml"
        let (converted, said) = try runAll([appstreamcli, "convert", "--format", "yaml", entry, dep11])
        try #require(converted == 0, "appstreamcli convert: \(said)")
        // The component (the document after DEP-11's header) as JSON, read by a YAML parser.
        let (read, json) = try run(["/usr/bin/python3", "-c",
                                    "import sys, json, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))[1]))",
                                    dep11])
        try #require(read == 0, "\(json)")
        let component = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(component["ID"] as? String == "example.a_seed_cba6a5ba.pinbox")
        #expect((component["Provides"] as? [String: [String]])?["binaries"] == ["pinbox", "pinbox-askpass", "pinentry-pinbox"])
        let launchable = try #require((component["Launchable"] as? [String: [String]])?["desktop-id"])
        #expect(launchable == ["pinbox.desktop"] && FileManager.default.fileExists(atPath: prefix + "/share/applications/pinbox.desktop"))
        #expect((component["Releases"] as? [[String: Any]])?.first?["version"] as? String == DesktopTests.sourceVersion)

        let summaries = try #require(component["Summary"] as? [String: String])
        let descriptions = try #require(component["Description"] as? [String: String])
        let summary = "The payment-password box: six boxes, each digit a dot that fades in"
        let paragraphs = [
            "PinBox asks for a PIN or a passphrase in a row of boxes, each typed character a dot that fades and grows in, as the payment-password box of Alipay and WeChat Pay does.",
            "The same small program is the desktop's prompt for ssh, sudo and git (pinbox-askpass) and for gpg-agent (pinentry-pinbox). It takes any keyboard layout, dead keys and Compose, speaks to screen readers, follows the desktop's colours, and keeps the secret in locked memory, wiped on every way out."]
        func html(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        #expect(summaries["C"] == summary)
        #expect(descriptions["C"] == paragraphs.map { "<p>\(html($0))</p>" }.joined(separator: "\n"))
        for language in Self.languages {
            let po = Self.repository + "/po/\(language).po"
            let words = try ([summary] + paragraphs).map {
                try #require(try Self.translation(of: $0, in: po), "\(language): no \($0)").replacingOccurrences(of: "\\\"", with: "\"")
            }
            #expect(words.allSatisfy { !$0.isEmpty } && words[2] != paragraphs[1], "\(language) is translated")
            #expect(summaries[language] == words[0], "\(language)")
            #expect(descriptions[language] == words[1...].map { "<p>\(html($0))</p>" }.joined(separator: "\n"), "\(language)")
        }
    }

    /// The binary under test with its catalogues beside it, as scripts/install lays them out;
    /// returns the prefix (`PREFIX/bin/pinentry-pinbox`).
    static func installed(in dir: String) throws -> String {
        let prefix = dir + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PinBoxProcess.binary, toPath: prefix + "/bin/pinbox")
        try FileManager.default.createSymbolicLink(atPath: prefix + "/bin/pinentry-pinbox", withDestinationPath: "pinbox")
        for language in languages {
            let folder = prefix + "/share/locale/\(language)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(try run(["msgfmt", "-o", folder + "/pinbox.mo", repository + "/po/\(language).po"]).status == 0)
        }
        return prefix
    }

    /// `pinbox render --dialog confirm3` draws gpg's three answers in the user's words: Yes, No
    /// and Cancel, as the catalogue has them (the third was an English "No" beside a second
    /// "No" in its place of Cancel). The same picture as one given those words; the control, a
    /// label of its own, draws another.
    @Test(arguments: [("C", nil), ("ja_JP.UTF-8", "ja"), ("de_DE.UTF-8", "de"), ("el_GR.UTF-8", "el"),
                      ("pl_PL.UTF-8", "pl"), ("zh_TW.UTF-8", "zh_TW"), ("ko_KR.UTF-8", "ko"), ("uk_UA.UTF-8", "uk"),
                      ("pt_BR.UTF-8", "pt_BR"), ("it_IT.UTF-8", "it"), ("nl_NL.UTF-8", "nl")] as [(String, String?)])
    func aThreeAnswerConfirmationSpeaksTheUsersLanguage(_ locale: String, _ language: String?) throws {
        let dir = NSTemporaryDirectory() + "pinbox-confirm3-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prefix = try Self.installed(in: dir)
        func word(_ english: String) throws -> String {
            guard let language else { return english }
            let po = try String(contentsOfFile: Self.repository + "/po/\(language).po", encoding: .utf8)
                .components(separatedBy: "\n")
            let at = try #require(po.firstIndex(of: "msgid \"\(english)\""), "\(english) in \(language).po")
            return String(po[at + 1].dropFirst("msgstr \"".count).dropLast())
        }
        func render(_ name: String, _ labels: [String]) throws -> Data {
            let out = dir + "/\(name).png"
            let p = try PinBoxProcess(["render", "--dialog", "confirm3", "--out", out] + labels, display: nil,
                                      environment: ["LANG": locale, "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""],
                                      program: prefix + "/bin/pinbox")
            #expect(try p.waitExit(timeout: 20) == 0, "\(p.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let own = try render("own", [])
        let told = try render("told", ["--ok", word("_Yes"), "--not-ok", word("_No"), "--cancel", word("_Cancel")])
        #expect(own == told)
        let other = try render("other", ["--ok", word("_Yes"), "--not-ok", "_Maybe", "--cancel", word("_Cancel")])
        #expect(own != other)
    }

    /// A Russian dialog's access keys are Cyrillic (`_Отмена`), and while a Latin passphrase
    /// is typed the US layout is the active one: Alt and the key of О did nothing. A mnemonic
    /// now answers in any of the keymap's layouts, as GTK's do.
    @Test func aRussianAccessKeyAnswersUnderTheUSLayout() throws {
        _ = try which("setxkbmap")
        let dir = NSTemporaryDirectory() + "pinbox-mnemonic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prefix = try Self.installed(in: dir)
        let xvfb = try Xvfb()
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: xvfb.display)
        let p = try PinBoxProcess(["askpass", "Passphrase:"], display: xvfb.display,
                                  environment: ["LANG": "ru_RU.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""],
                                  program: prefix + "/bin/pinbox")
        try p.findWindowByPID()
        do {
            let x = try XClient(xvfb.display)
            // Keycodes of the evdev keymap: 64 Alt, 44 J (Cyrillic о), in the US group.
            try x.chord([64, 44])
        }
        #expect(try p.waitExit() == 1, "Alt and О: Отмена")
        #expect(p.stdout.isEmpty)
    }

    /// OpenSSH translates nothing: under a German locale, ssh-add's question was the one English
    /// sentence of a German dialog. It is said in German now, the key file's path as ssh-add
    /// wrote it: everything above the entry is what `pinbox render` draws for the German
    /// sentence given as the prompt itself. The control: ssh-add's English words draw otherwise.
    @Test func sshAddsQuestionIsSaidInTheUsersLanguage() throws {
        let german = ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""]
        let dir = NSTemporaryDirectory() + "pinbox-ssh-de-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let program = try Self.installed(in: dir) + "/bin/pinbox"
        let desk = try SSHDesk(binary: program, session: { ["HOME": $0].merging(german) { $1 } })
        let key = try desk.keygen("id_ed25519", passphrase: "richtig geheim")
        let add = try Child(["ssh-add", key], environment: desk.environment)
        defer { kill(add.pid, SIGTERM); _ = add.wait() }
        let (decimal, _) = try desk.nextDialog()
        let id = "0x" + String(try #require(UInt(decimal.trimmingCharacters(in: .whitespacesAndNewlines))), radix: 16)
        let x = try XClient(desk.xvfb.display)
        defer { x.abandon() }
        let size = x.size(of: id)
        let (width, height) = (Int(size.width), Int(size.height))
        // Drawn focused, its caret shown, as the render is asked for.
        var entry: EntryInk?
        try waitUntil("the entry's caret") {
            entry = EntryInk(x.pixels(id, width: width, height: height), width: width, height: height)
            return entry?.caret != nil
        }
        let window = x.pixels(id, width: width, height: height)
        func render(_ prompt: String, _ environment: [String: String]) throws -> [UInt32] {
            let out = desk.dir + "/render-\(UUID().uuidString).png"
            let p = try PinBoxProcess(["render", "--askpass", prompt, "--focused", "--out", out], display: nil,
                                      environment: environment, program: program)
            #expect(try p.waitExit(timeout: 20) == 0, "\(p.stderr)")
            let picture = try Canvas(png: out)
            #expect(picture.width == width, "render \(picture.width) wide, the window \(width)")
            return picture.pixels().map { $0 & 0xffffff }
        }
        let inGerman = try render("Passphrase für \(key) eingeben: ", german)
        let inEnglish = try render("Enter passphrase for \(key): ", ["LANG": "C"])
        let above = 0..<(try #require(entry).rows.lowerBound * width)
        let shown = window.map { $0 & 0xffffff }
        #expect(inGerman.count >= above.upperBound && inGerman[above] == shown[above],
                "\(zip(inGerman[above], shown[above]).filter { $0 != $1 }.count) pixels differ")
        #expect(inEnglish.count < above.upperBound || inEnglish[above] != shown[above])
        try run(["xdotool", "type", "--delay", "20", "richtig geheim"], display: desk.xvfb.display)
        try run(["xdotool", "key", "Return"], display: desk.xvfb.display)
        #expect(add.wait() == 0)
    }

    /// The other questions read whole, drawn under a German locale: each is the picture of
    /// its German words given as the prompt itself (a security key's PIN, ssh-add -K's, ssh's
    /// key passphrase and login password, git's password, ssh's question under
    /// AddKeysToAgent=ask, ssh-agent's question for a key added with -c, ssh's host-key
    /// questions with the names it lists and its warning of another key for the address). The
    /// control: drawn in English, each is another.
    @Test(arguments: [
        ("Enter PIN for ED25519-SK key /k/id_ed25519_sk: ", "PIN für ED25519-SK-Schlüssel /k/id_ed25519_sk eingeben: ", ""),
        ("Enter passphrase for key '/k/id_rsa': ", "Passphrase für Schlüssel „/k/id_rsa“ eingeben: ", ""),
        ("alice@example.org's password: ", "Passwort für alice@example.org: ", ""),
        ("(alice@example.org) Password: ", "Passwort für alice@example.org: ", ""),
        ("Password for 'https://alice@example.org': ", "Passwort für „https://alice@example.org“: ", ""),
        ("Add key /k/id_ed25519 (alice@laptop) to agent?", "Schlüssel /k/id_ed25519 (alice@laptop) dem Agenten hinzufügen?",
         "confirm"),
        ("Enter PIN for authenticator: ", "PIN des Authentifikators eingeben: ", ""),
        // ssh leaves CheckHostIP off for a loopback address, so a test's sshd never has it asked.
        ("Warning: the ED25519 host key for 'example.org' differs from the key for the IP address '192.0.2.7'\n"
            + "Offending key for IP in /k/known_hosts:3\nMatching host key in /k/known_hosts:1\n"
            + "Are you sure you want to continue connecting (yes/no)? ",
         "Warnung: Der ED25519-Host-Schlüssel für „example.org“ unterscheidet sich vom Schlüssel für die IP-Adresse „192.0.2.7“\n"
            + "Abweichender Schlüssel für die IP-Adresse in /k/known_hosts:3\nPassender Host-Schlüssel in /k/known_hosts:1\n"
            + "Soll der Verbindungsaufbau wirklich fortgesetzt werden (yes/no)? ", ""),
        ("The authenticity of host 'example.org (192.0.2.7)' can't be established.\n"
            + "ED25519 key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "This host key is known by the following other names/addresses:\n    ~/.ssh/known_hosts:3: web1\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
         "Die Authentizität des Hosts „example.org (192.0.2.7)“ kann nicht festgestellt werden.\n"
            + "ED25519 key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "Dieser Host-Schlüssel ist unter den folgenden anderen Namen/Adressen bekannt:\n    ~/.ssh/known_hosts:3: web1\n"
            + "Soll der Verbindungsaufbau wirklich fortgesetzt werden (yes/no/[fingerprint])? ", ""),
        ("Allow use of key alice@laptop?\nKey fingerprint SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.",
         "Verwendung des Schlüssels alice@laptop erlauben?\nKey fingerprint SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.",
         "confirm"),
        // ssh-keygen's questions a test's ssh-keygen -p does not ask, and its security keys'.
        ("Enter passphrase (empty for no passphrase): ", "Passphrase eingeben (leer lassen für keine Passphrase): ", ""),
        ("Enter passphrase: ", "Passphrase eingeben: ", ""),
        ("Enter PIN for ED25519-SK key: ", "PIN für ED25519-SK-Schlüssel eingeben: ", ""),
        ("Enter PIN for CA key: ", "PIN für CA-Schlüssel eingeben: ", ""),
        // A shared connection's remote and dynamic forwards (ssh -O forward -R, -D).
        ("Open remote forward LOCALHOST:8022 -> localhost:22 on example.org?",
         "Entfernte Weiterleitung LOCALHOST:8022 -> localhost:22 auf example.org öffnen?", "confirm"),
        ("Open dynamic forward LOCALHOST:1080 -> * on example.org?",
         "Dynamische Weiterleitung LOCALHOST:1080 -> * auf example.org öffnen?", "confirm"),
        // DNS's finding (a numeric host is never looked up, so no test's ssh finds a match), and
        // UpdateHostKeys=ask's question, which ssh asks only with no terminal to open.
        ("The authenticity of host 'example.org (192.0.2.7)' can't be established.\n"
            + "ED25519 key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "Matching host key fingerprint found in DNS.\nThis key is not known by any other names.\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
         "Die Authentizität des Hosts „example.org (192.0.2.7)“ kann nicht festgestellt werden.\n"
            + "ED25519 key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "Passender Fingerabdruck des Host-Schlüssels im DNS gefunden.\n"
            + "Dieser Schlüssel ist unter keinen anderen Namen bekannt.\n"
            + "Soll der Verbindungsaufbau wirklich fortgesetzt werden (yes/no/[fingerprint])? ", ""),
        ("Accept updated hostkeys? (yes/no): ", "Aktualisierte Host-Schlüssel akzeptieren? (yes/no): ", ""),
        // ssh-agent: a security key's PIN, then a touch (verify-required), and the touch notice
        // for a key it may use only for some hosts (ssh-add -h).
        ("Enter PIN and confirm user presence for ED25519-SK key SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw: ",
         "PIN für ED25519-SK-Schlüssel SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw eingeben und Anwesenheit bestätigen: ", ""),
        ("Confirm user presence for key ED25519-SK SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw\n"
            + "public key authentication request for user \"git\" to listed host",
         "Anwesenheit für Schlüssel ED25519-SK bestätigen\nKey fingerprint SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw\n"
            + "Anfrage zur Public-Key-Authentifizierung für Benutzer „git“ an einen aufgeführten Host", "none"),
        // systemd's, through `pinbox ask-password-agent` (the questions no test's
        // systemd-cryptsetup asks: a recovery key, a token's PIN, an image). The TPM's, "Bitte
        // TPM2-PIN eingeben", is no row: given as a prompt, that German names no PIN word for the
        // askpass to give PIN boxes, so the two dialogs would differ in more than the sentence.
        ("Please enter recovery key for disk root (luks-4a1c):",
         "Bitte Wiederherstellungsschlüssel für Datenträger root (luks-4a1c) eingeben:", ""),
        ("Please enter passphrase or recovery key for disk home:",
         "Bitte Passphrase oder Wiederherstellungsschlüssel für Datenträger home eingeben:", ""),
        ("Please enter security token PIN:", "Bitte PIN des Sicherheitstokens eingeben:", ""),
        ("Please enter LUKS2 token PIN:", "Bitte PIN des LUKS2-Tokens eingeben:", ""),
        ("Please enter image passphrase:", "Bitte Passphrase des Abbilds eingeben:", ""),
        ("Please enter PIN for security token 'YubiKey PIV' in order to unlock home:",
         "Bitte PIN für Sicherheitstoken „YubiKey PIV“ eingeben, um home zu entsperren:", ""),
        ("Please enter PIN for security token 'YubiKey PIV' in order to unlock home (try #2):",
         "Bitte PIN für Sicherheitstoken „YubiKey PIV“ eingeben, um home zu entsperren (Versuch Nr. 2):", ""),
        ("Please enter correct PIN for security token 'YubiKey PIV' in order to unlock home (final try):",
         "Bitte korrekte PIN für Sicherheitstoken „YubiKey PIV“ eingeben, um home zu entsperren (letzter Versuch):", ""),
        ("PIN has been entered incorrectly previously, please enter correct PIN for security token 'YubiKey PIV' "
            + "in order to unlock home:",
         "PIN wurde zuvor falsch eingegeben, bitte korrekte PIN für Sicherheitstoken „YubiKey PIV“ eingeben, um home zu "
            + "entsperren:", ""),
    ])
    func sshsAndGitsQuestionsAreDrawnInGerman(_ question: String, _ german: String, _ hint: String) throws {
        let dir = NSTemporaryDirectory() + "pinbox-questions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let program = try Self.installed(in: dir) + "/bin/pinbox"
        func render(_ prompt: String, _ lang: String) throws -> Data {
            let out = dir + "/\(UUID().uuidString).png"
            let p = try PinBoxProcess(["render", "--askpass", prompt, "--out", out], display: nil,
                                      environment: ["LANG": lang, "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": "",
                                                    "SSH_ASKPASS_PROMPT": hint],
                                      program: program)
            #expect(try p.waitExit(timeout: 20) == 0, "\(p.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let asked = try render(question, "de_DE.UTF-8")
        #expect(asked == (try render(german, "de_DE.UTF-8")))
        #expect(asked != (try render(question, "C")))
    }

    /// An askpass under `LANG=ja_JP.UTF-8` speaks Japanese: its heading (the window's title)
    /// and its buttons come from po/ja.po, the buttons drawn in the face fontconfig gives
    /// Japanese. The same words under a Chinese locale (`LANGUAGE=ja`) draw the button row in
    /// the Chinese face: the face follows the locale, not the words. The locale need not be
    /// generated (`Translations.start`).
    @Test func aJapaneseAskpassSpeaksJapanese() throws {
        let desk = try CallerDesk()
        let prefix = try Self.installed(in: desk.dir)
        func buttonRow(_ environment: [String: String]) throws -> (title: String, pixels: [UInt32]) {
            try Self.buttonRow(on: desk, prefix: prefix, environment)
        }
        let japanese = try buttonRow(["LANG": "ja_JP.UTF-8"])
        #expect(japanese.title == "パスフレーズが必要です")
        let chineseFace = try buttonRow(["LANG": "zh_CN.UTF-8", "LANGUAGE": "ja"])
        #expect(chineseFace.title == "パスフレーズが必要です", "LANGUAGE=ja names the catalogue under zh_CN too")
        let differing = zip(japanese.pixels, chineseFace.pixels).filter { $0 != $1 }.count
        #expect(japanese.pixels.count == chineseFace.pixels.count && differing > 50,
                "キャンセル and OK drawn alike under ja_JP and zh_CN: \(differing) pixels differ")
        // The face is the locale's, whatever else says Chinese: LC_CTYPE names the text's language.
        let namedJapanese = try buttonRow(["LANG": "zh_CN.UTF-8", "LANGUAGE": "ja", "LC_CTYPE": "ja_JP.UTF-8"])
        #expect(namedJapanese.pixels == japanese.pixels)
    }

    /// An askpass under `LANG=zh_TW.UTF-8` speaks Traditional Chinese (po/zh_TW.po), not the
    /// Simplified words of zh_CN nor English, with its buttons in the Traditional face; the same
    /// words named by `LANGUAGE=zh_TW` under a Simplified locale draw in the Simplified face.
    /// And a Korean one speaks Korean, its buttons' Hangul drawn.
    @Test func aTaiwaneseAndAKoreanAskpassSpeakTheirLanguages() throws {
        let desk = try CallerDesk()
        let prefix = try Self.installed(in: desk.dir)
        func buttonRow(_ environment: [String: String]) throws -> (title: String, pixels: [UInt32]) {
            try Self.buttonRow(on: desk, prefix: prefix, environment)
        }
        let traditional = try buttonRow(["LANG": "zh_TW.UTF-8"])
        #expect(traditional.title == "需要密語")
        #expect(try buttonRow(["LANG": "zh_CN.UTF-8"]).title == "需要密码短语", "the control: Simplified words")
        let simplifiedFace = try buttonRow(["LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_TW"])
        #expect(simplifiedFace.title == "需要密語")
        let differing = zip(traditional.pixels, simplifiedFace.pixels).filter { $0 != $1 }.count
        #expect(traditional.pixels.count == simplifiedFace.pixels.count && differing > 50,
                "取消 drawn alike in the Traditional and the Simplified face: \(differing) pixels differ")
        let korean = try buttonRow(["LANG": "ko_KR.UTF-8"])
        #expect(korean.title == "암호글이 필요합니다")
        let english = try buttonRow(["LANG": "C"])
        #expect(korean.pixels != english.pixels, "취소 and 확인 drawn, not Cancel and OK")
    }

    /// An askpass speaks Hindi, Turkish, Vietnamese, Indonesian, Persian, Czech, Slovak,
    /// Swedish, Danish, Norwegian, Finnish, Hungarian, Romanian, Catalan and Portugal's
    /// Portuguese under their locales (none of them generated here): its heading is the
    /// catalogue's, and its buttons are drawn in those words, not Cancel and OK (the control,
    /// `LANG=C`, draws the English row). Portugal's locale finds `pt`, not Brazil's catalogue.
    @Test func anAskpassSpeaksTheLanguagesOfItsLaterCatalogues() throws {
        let desk = try CallerDesk()
        let prefix = try Self.installed(in: desk.dir)
        let english = try Self.buttonRow(on: desk, prefix: prefix, ["LANG": "C"])
        #expect(english.title == "Passphrase required")
        for (locale, language) in [("hi_IN.UTF-8", "hi"), ("tr_TR.UTF-8", "tr"), ("vi_VN.UTF-8", "vi"),
                                   ("id_ID.UTF-8", "id"), ("fa_IR.UTF-8", "fa"), ("cs_CZ.UTF-8", "cs"),
                                   ("sk_SK.UTF-8", "sk"), ("sv_SE.UTF-8", "sv"), ("da_DK.UTF-8", "da"),
                                   ("nb_NO.UTF-8", "nb"), ("fi_FI.UTF-8", "fi"), ("hu_HU.UTF-8", "hu"),
                                   ("ro_RO.UTF-8", "ro"), ("ca_ES.UTF-8", "ca"), ("pt_PT.UTF-8", "pt")] {
            let heading = try #require(try Self.translation(of: "Passphrase required", in: Self.repository + "/po/\(language).po"))
            let row = try Self.buttonRow(on: desk, prefix: prefix, ["LANG": locale])
            #expect(row.title == heading && heading != english.title, "\(language): \(row.title)")
            #expect(row.pixels.count == english.pixels.count && row.pixels != english.pixels, "\(language)'s buttons")
        }
        let brazil = try #require(try Self.translation(of: "Passphrase required", in: Self.repository + "/po/pt_BR.po"))
        #expect(try Self.buttonRow(on: desk, prefix: prefix, ["LANG": "pt_BR.UTF-8"]).title == brazil)
        #expect(try Self.translation(of: "Passphrase required", in: Self.repository + "/po/pt.po") != brazil)
    }

    /// The installed askpass at `prefix` opened on `desk` under `environment` (the locale
    /// variables emptied first), then cancelled: its title, and the pixels of the 24 rows
    /// around its button row.
    static func buttonRow(on desk: CallerDesk, prefix: String,
                          _ environment: [String: String]) throws -> (title: String, pixels: [UInt32]) {
        let p = try PinBoxProcess(["askpass", "Passphrase: "], display: desk.display,
                                  environment: ["LC_ALL": "", "LC_MESSAGES": "", "LC_CTYPE": "", "LANGUAGE": ""]
                                      .merging(environment) { $1 },
                                  program: prefix + "/bin/pinbox")
        var dialog = try desk.nextDialog()
        let pixels = desk.pixels(&dialog)
        let ok = try #require(CallerDesk.defaultButton(in: pixels, width: dialog.width, height: dialog.height))
        let rows = max(0, ok.y - 12)..<min(dialog.height, ok.y + 12)
        let title = desk.title(dialog)
        try desk.key("Escape")
        #expect(try p.waitExit() == 1)
        #expect(p.stdout.isEmpty)
        return (title, Array(pixels[(rows.lowerBound * dialog.width)..<(rows.upperBound * dialog.width)]))
    }

    /// The pinentry's own words follow the language the agent names for its client (`OPTION
    /// lc-messages`), not the agent's own: an agent started in English, a client in Russian,
    /// or in Ukrainian.
    @Test(arguments: [("ru_RU.UTF-8", "Требуется фраза-пароль"), ("uk_UA.UTF-8", "Потрібен пароль")])
    func thePinentrysWordsFollowTheClientsLanguage(_ locale: String, _ heading: String) throws {
        let desk = try CallerDesk()
        var (home, environment) = try startAgentInEnglish(on: desk)
        defer { endAgent(home: home) }
        environment["LANG"] = locale
        let session = try Child(["gpg-connect-agent", "GET_PASSPHRASE --data --repeat=0 X7 X X Y", "/bye"],
                                environment: environment, capture: true)
        let dialog: CallerDesk.Dialog
        do {
            dialog = try desk.nextDialog(timeout: 60)
        } catch {
            let (out, err) = session.read()
            throw TestFailure("\(error); the session (running: \(session.isRunning)) said: "
                              + String(decoding: out + err, as: UTF8.self))
        }
        #expect(desk.title(dialog) == heading)
        try desk.key("Escape")
        session.wait()
    }

    /// A gpg-agent of its own in `desk`'s directory, started in English (LANG=C), whose pinentry
    /// is the installed one (with its catalogues): its home and the environment it runs in.
    private func startAgentInEnglish(on desk: CallerDesk) throws -> (home: String, environment: [String: String]) {
        let prefix = try Self.installed(in: desk.dir)
        let home = desk.dir + "/gnupg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try "pinentry-program \(prefix)/bin/pinentry-pinbox\n".write(toFile: home + "/gpg-agent.conf", atomically: true,
                                                                     encoding: .utf8)
        let environment = ["GNUPGHOME": home, "DISPLAY": desk.display, "GPG_TTY": "", "LANG": "C", "LC_ALL": "",
                           "LANGUAGE": "", "LC_MESSAGES": "", "LC_CTYPE": ""]
        #expect(try Child(["gpgconf", "--launch", "gpg-agent"], environment: environment).wait() == 0)
        return (home, environment)
    }

    /// A Hebrew, Arabic or Persian askpass is mirrored, as GTK mirrors a dialog whose translation says its language
    /// runs right to left: OK (the accent-filled button) at the left end of the row, where a
    /// click answers with what was typed. Under LANG=C the same click is no OK: the dialog
    /// stays open until Escape. The locale need not be generated (`Translations.start`).
    @Test(arguments: [("he_IL.UTF-8", true), ("ar_EG.UTF-8", true), ("fa_IR.UTF-8", true), ("C", false)])
    func aRightToLeftAskpassHasOKAtTheLeft(_ lang: String, _ mirrored: Bool) throws {
        let desk = try CallerDesk()
        let prefix = try Self.installed(in: desk.dir)
        let p = try PinBoxProcess(["askpass", "Password: "], display: desk.display,
                                  environment: ["LANG": lang, "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""],
                                  program: prefix + "/bin/pinbox")
        var dialog = try desk.nextDialog()
        let pixels = desk.pixels(&dialog)
        let ok = try #require(CallerDesk.defaultButton(in: pixels, width: dialog.width, height: dialog.height))
        #expect((ok.x < dialog.width / 2) == mirrored, "OK's centre at \(ok) in a window \(dialog.width) wide")
        try desk.type("sesame")
        // The left end of the button row: OK's place when mirrored.
        try desk.click(dialog, x: 40, y: ok.y)
        if mirrored {
            #expect(try p.waitExit() == 0)
            #expect(p.stdout == "sesame\n")
        } else {
            #expect(p.staysRunning(for: 0.7), "the click at the left answered a left-to-right dialog")
            try desk.key("Escape")
            #expect(try p.waitExit() == 1)
            #expect(p.stdout.isEmpty)
        }
    }

    /// A Hebrew, Arabic or Persian payment sheet is mirrored as a phone's is: its × at the right end of
    /// the header, where a click cancels (exit 1, no digits). Under LANG=C a click there is on
    /// the sheet's blank header: it stays open until Escape, and the × at the left is the
    /// control.
    @Test(arguments: [("he_IL.UTF-8", true), ("ar_EG.UTF-8", true), ("fa_IR.UTF-8", true), ("C", false)])
    func aRightToLeftPaySheetHasItsCloseAtTheRight(_ lang: String, _ mirrored: Bool) throws {
        let desk = try CallerDesk()
        let prefix = try Self.installed(in: desk.dir)
        let p = try PinBoxProcess(["pay"], display: desk.display,
                                  environment: ["LANG": lang, "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""],
                                  program: prefix + "/bin/pinbox")
        let window = try p.waitReady()
        let width = try p.waitFor("ready")["width"] as! Int
        func click(x: Int) throws {
            try p.xdotool(["mousemove", "--window", window, String(x), "28", "click", "1"])
        }
        try click(x: width - 30)
        if !mirrored {
            #expect(p.staysRunning(for: 0.7), "a click at the right closed a left-to-right sheet")
            try click(x: 30)
        }
        #expect(try p.waitExit() == 1)
        #expect(p.stdout.contains("\"cancel\"") && !p.stdout.contains("submit"), "\(p.stdout)")
    }

    /// The pinentry's dialog turns with its words: an agent started in English, a Hebrew
    /// client (`OPTION lc-messages`), a mirrored dialog with OK at the left that answers.
    @Test func aHebrewClientGetsAMirroredPinentry() throws {
        let desk = try CallerDesk()
        let (home, environment) = try startAgentInEnglish(on: desk)
        defer { endAgent(home: home) }
        // The client's language said outright: gpg-connect-agent sends its own locale's, and
        // he_IL is seldom generated (the pinentry finds the catalogue without it).
        let session = try Child(["gpg-connect-agent", "OPTION lc-messages=he_IL.UTF-8",
                                 "GET_PASSPHRASE --data --repeat=0 X8 X X Y", "/bye"],
                                environment: environment, capture: true)
        var dialog = try desk.nextDialog(timeout: 60)
        #expect(desk.title(dialog) == "נדרש משפט סיסמה")
        let ok = try #require(CallerDesk.defaultButton(in: desk.pixels(&dialog), width: dialog.width,
                                                       height: dialog.height))
        #expect(ok.x < dialog.width / 2, "OK's centre at \(ok) in a window \(dialog.width) wide")
        try desk.type("sesame")
        try desk.click(dialog, x: ok.x, y: ok.y)
        session.wait()
        #expect(String(decoding: session.read().out, as: UTF8.self).contains("D sesame"))
    }

    /// The translation of `id` in the catalogue `po` (one line each: po/update does not wrap).
    static func translation(of id: String, in po: String) throws -> String? {
        let lines = try String(contentsOfFile: po, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let at = lines.firstIndex(of: "msgid \"\(id)\""), at + 1 < lines.count,
              lines[at + 1].hasPrefix("msgstr \"") else { return nil }
        return String(lines[at + 1].dropFirst(8).dropLast())
    }

    /// The msgids whose translation is the msgid itself.
    static func untranslated(_ po: String) throws -> Set<String> {
        let text = try String(contentsOfFile: po, encoding: .utf8)
        var same: Set<String> = []
        var id: String?
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("msgid \"") { id = String(line.dropFirst(7).dropLast()) }
            if line.hasPrefix("msgstr \""), let id, !id.isEmpty, String(line.dropFirst(8).dropLast()) == id {
                same.insert(id)
            }
        }
        return same
    }

    /// What gpg-agent 2.2 sends a pinentry for `gpg -c` when its language is English: none of
    /// it may reach a German or Russian dialog.
    static let agentsEnglish = ["Enter passphrase", "Passphrase:", "Repeat:", "Make passphrase visible",
                                "Hide passphrase", "_Cancel", "does not match", "Suggest",
                                "Do you really want to make your passphrase visible"]

    @Test(arguments: [("de_DE.UTF-8", "Passphrase erforderlich"), ("ru_RU.UTF-8", "Требуется фраза-пароль")])
    func gpgSymmetricInAnotherLanguageShowsNoEnglish(_ lang: String, _ heading: String) throws {
        try #require(try run(["locale", "-a"]).output.lowercased().contains(lang.lowercased().replacingOccurrences(of: "-", with: "")),
                     "locale \(lang) is not generated (scripts/install-deps generates it)")
        let desk = try CallerDesk()
        let prefix = try Self.installed(in: desk.dir)
        let home = desk.dir + "/gnupg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let log = home + "/agent.log"
        try "pinentry-program \(prefix)/bin/pinentry-pinbox\ndebug-pinentry\ndebug ipc\nlog-file \(log)\n"
            .write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        let message = home + "/message"
        try "hello\n".write(toFile: message, atomically: true, encoding: .utf8)
        defer { endAgent(home: home) }
        let environment = ["GNUPGHOME": home, "DISPLAY": desk.display, "GPG_TTY": "", "LANG": lang, "LC_ALL": "",
                           "LANGUAGE": "", "LC_MESSAGES": "", "LC_CTYPE": ""]
        // The agent up before gpg asks, rather than started by it: under load, an agent started
        // on demand can come up too late for its client (as PinentryTests found).
        #expect(try Child(["gpgconf", "--launch", "gpg-agent"], environment: environment).wait() == 0)
        let gpg = try Child(["gpg", "--pinentry-mode", "ask", "--symmetric", "--output", message + ".gpg", message],
                            environment: environment, capture: true)
        defer { if gpg.isRunning { kill(gpg.pid, SIGKILL) } }

        let dialog: CallerDesk.Dialog
        do {
            dialog = try desk.nextDialog(timeout: 30)
        } catch {
            let log = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw TestFailure("\(error); gpg said: \(String(decoding: gpg.read().err, as: UTF8.self)); "
                              + "the agent's log ends: \(log.suffix(1500))")
        }
        // PinBox's heading, from its catalogue, carried by the window's title.
        #expect(desk.title(dialog) == heading)
        if let directory = ProcessInfo.processInfo.environment["PINBOX_SCREENSHOTS"] {
            var shown = dialog
            _ = desk.pixels(&shown)
            _ = try? run(["import", "-window", dialog.id, directory + "/gpg-c-\(lang).png"], display: desk.display)
        }
        try desk.type("Geheim-123")
        try desk.key("Return")
        try desk.type("Geheim-123")
        try desk.key("Return")
        #expect(gpg.wait() == 0, "\(String(decoding: gpg.read().err, as: UTF8.self))")

        // Every word the agent sent the pinentry was in the user's language.
        let sent = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(" -> SET") || $0.contains(" -> OPTION default-") }
        #expect(sent.contains { $0.contains("SETDESC") } && sent.contains { $0.contains("SETREPEAT") }, "\(sent)")
        for line in sent {
            for english in Self.agentsEnglish {
                #expect(!line.contains(english), "the agent sent English: \(line)")
            }
        }
        // The file was made with what was typed.
        let decrypted = try runAll(["gpg", "--homedir", home, "--batch", "--pinentry-mode", "loopback",
                                    "--passphrase", "Geheim-123", "--decrypt", message + ".gpg"])
        #expect(decrypted.output.contains("hello"))
    }
}
