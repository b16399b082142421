// SPDX-License-Identifier: MIT
/// A process's command line as a dialog shows it, on one line of about a dialog's width: the
/// program that asked for a passphrase (gpg-agent's client, sudo), where the words of its
/// question do not say it.
public enum CommandLineText {
    /// The most characters of a command line shown (a dialog about as wide as it is without
    /// one); a longer one loses words from its middle, keeping the program and, at its end,
    /// the file it works on.
    public static let longest = 60

    /// The arguments of a `/proc/PID/cmdline` (each ended by a NUL) joined by spaces, as a
    /// shell would take them back: one holding a blank or a quote in single quotes, a path in
    /// `home` written from `~`. Too long, it is `fitted`. Nil when it holds no argument (a
    /// kernel thread's, a process that has ended).
    public static func command(_ bytes: [UInt8], home: String? = nil) -> String? {
        var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false)
        if arguments.last?.isEmpty == true { arguments.removeLast() }
        guard !arguments.isEmpty, !(arguments.count == 1 && arguments[0].isEmpty) else { return nil }
        let read = read(arguments.map { shown(String(decoding: $0, as: UTF8.self)) })
        let words = read.words.map { inHome($0, home) }
        let whole = words.map(quoted).joined(separator: " ")
        guard whole.count > longest else { return whole }
        return fitted(words, pinned: read.file)
    }

    /// A path in `home` written from `~`, as a shell's prompt writes it.
    static func inHome(_ word: String, _ home: String?) -> String {
        guard let home, home.count > 1, home.hasPrefix("/"), word.hasPrefix(home + "/") else { return word }
        return "~" + word.dropFirst(home.count)
    }

    /// The options whose value is a secret, written into a command line by a user in a hurry
    /// (`gpg --passphrase …`, `mysql --password=…`): the dialog draws its line on the screen
    /// and puts it on the accessibility bus, where a command line in `/proc` is neither read
    /// aloud nor shown to the room.
    static let secretOptions: [String] = ["passphrase", "password", "passwd", "pass"]

    /// A program's one-letter options as its getopt string has them: every letter that takes
    /// a value, the letters whose value is a secret, and the letter whose value is the file it
    /// works on.
    struct Letters {
        let program: String
        let takingValue: String
        let secret: String
        let file: Character
    }

    /// ssh-keygen's: its old and new passphrase, `-P old` and `-Nnew`, given by a user who then
    /// lets it ask the other one; its key, `-f`, which its questions do not name (git signing
    /// a commit adds a temporary file after it).
    static let programLetters = [Letters(program: "ssh-keygen", takingValue: "CDEFIMNOPRVYZabfgmnrstwz", secret: "NP", file: "f")]

    /// `arguments` with the value of each secret option (`--password X`, `--password=X`, and
    /// the program's own letters: `-P X`, `-pPX`) as "•••".
    static func hidingSecrets(_ arguments: [String]) -> [String] { read(arguments).words }

    /// `arguments` with secrets hidden (`hidingSecrets`), and the places of the words that
    /// name the file the program works on by its own option (`-f KEY`, `-fKEY`).
    static func read(_ arguments: [String]) -> (words: [String], file: [Int]) {
        let program = arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
        let letters = programLetters.first { $0.program == program }
        var out: [String] = [], file: [Int] = []
        var next = NextWord.any, optionsEnded = false
        for argument in arguments {
            let this = next
            next = .any
            if this == .secret {
                out.append("•••")
                continue
            }
            if this == .file { file.append(out.count) }
            if let letters, this == .any, !out.isEmpty, !optionsEnded, argument.hasPrefix("-"), argument.count > 1,
               argument == "--" || !argument.hasPrefix("--") {
                optionsEnded = argument == "--"
                let word = optionsEnded ? (shown: argument, valueLetter: nil, valueNext: false) : readingLetters(argument, letters)
                if word.valueLetter == letters.file { file.append(out.count) }
                out.append(word.shown)
                if word.valueNext, let letter = word.valueLetter {
                    next = letters.secret.contains(letter) ? .secret : letter == letters.file ? .file : .value
                }
                continue
            }
            let unmarked = argument.drop { $0 == "-" }
            guard unmarked.count < argument.count else { out.append(argument); continue }
            if let equals = unmarked.firstIndex(of: "="), secretOptions.contains(PromptText.lowercased(String(unmarked[..<equals]))) {
                out.append(String(argument[..<argument.index(after: equals)]) + "•••")
            } else {
                if secretOptions.contains(PromptText.lowercased(String(unmarked))) { next = .secret }
                out.append(argument)
            }
        }
        return (out, file)
    }

    /// What the word after an option is: any word, or the option's value (a secret, the file
    /// the program works on, or another).
    private enum NextWord { case any, value, secret, file }

    /// One word of a program's one-letter options, as getopt reads it: letters until one that
    /// takes a value, which is the rest of the word (shown, or hidden for a secret) or else the
    /// next word.
    private static func readingLetters(_ argument: String, _ letters: Letters)
        -> (shown: String, valueLetter: Character?, valueNext: Bool) {
        var shown = "-"
        var rest = Substring(argument).dropFirst()
        while let letter = rest.first {
            rest = rest.dropFirst()
            shown.append(letter)
            guard letters.takingValue.contains(letter) else { continue }
            if rest.isEmpty { return (shown, letter, true) }
            return (shown + (letters.secret.contains(letter) ? "•••" : rest), letter, false)
        }
        return (shown, nil, false)
    }

    /// `words` in at most `longest` characters. Each path after the program first by its last
    /// part ("…/report.txt": which file); then the program and the `pinned` words (the file a
    /// program's option names as the one it works on), and as many words from the end and
    /// from the front, in turn, as fit around "…"; then the paths kept, the last first, given
    /// back as many of their folders as still fit ("…/mail/alice.gpg"). Where not even the last
    /// word fits beside the program, the line loses its middle characters instead.
    static func fitted(_ words: [String], pinned: [Int] = []) -> String {
        // Each word's forms, shortest first, and the one shown.
        let forms = [[words[0]]] + words.dropFirst().map(shortenings)
        var shown = forms.map { _ in 0 }
        // Only the words shown are written out: a command line of thousands of arguments (sudo
        // on a shell's `*`) costs no more per try than one of a few.
        func kept(_ front: Int, _ back: Int) -> [Int] {
            guard front + back < words.count else { return Array(words.indices) }
            return Array(0..<front) + pinned.filter { $0 >= front && $0 < words.count - back }
                + Array((words.count - back)..<words.count)
        }
        func line(_ front: Int, _ back: Int) -> String {
            var parts: [String] = []
            var previous = -1
            for i in kept(front, back) {
                if i > previous + 1 { parts.append("…") }
                parts.append(quoted(forms[i][shown[i]]))
                previous = i
            }
            if previous < words.count - 1 { parts.append("…") }
            return parts.joined(separator: " ")
        }
        var (front, back) = (1, 0)
        var grown = true
        while grown, front + back < words.count {
            grown = false
            for fromBack in [true, false] where front + back < words.count {
                let next = fromBack ? (front, back + 1) : (front + 1, back)
                if line(next.0, next.1).count <= longest { (front, back, grown) = (next.0, next.1, true) }
            }
        }
        guard back > 0 || (!pinned.isEmpty && line(front, back).count <= longest) else {
            return elided(line(words.count, 0))
        }
        let lastFirst = kept(front, back).dropFirst().reversed()
        for i in lastFirst.filter({ $0 >= front }) + lastFirst.filter({ $0 < front }) {
            while shown[i] + 1 < forms[i].count {
                shown[i] += 1
                if line(front, back).count > longest { shown[i] -= 1; break }
            }
        }
        return line(front, back)
    }

    /// A path with folders by its last part after "…/", then by more and more of its folders,
    /// then whole; what comes before it stays (an option's `--output=`; `~` as `~/…/`).
    /// Anything else only as it is.
    static func shortenings(_ word: String) -> [String] {
        guard let first = word.firstIndex(of: "/"), let last = word.lastIndex(of: "/"), first < last,
              word.index(after: last) < word.endIndex else { return [word] }
        let before = word[..<first]
        let opening = before == "~" ? "~/…/" : before + "…/"
        let parts = word[word.index(after: first)...].split(separator: "/", omittingEmptySubsequences: false)
        return (1..<parts.count).map { opening + parts[(parts.count - $0)...].joined(separator: "/") } + [word]
    }

    /// A word as a shell would read it back: in single quotes when it holds a blank or a quote.
    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && !word.unicodeScalars.contains { $0 == "'" || $0 == "\"" || $0.properties.isWhitespace }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `text` at most `longest` characters long: its middle given up for "…".
    static func elided(_ text: String) -> String {
        let characters = Array(text)
        guard characters.count > longest else { return text }
        let head = (longest - 1) / 2, tail = longest - 1 - head
        return String(characters[..<head]) + "…" + String(characters[(characters.count - tail)...])
    }

    /// What the caller named shown harmlessly on one line: a control character (a line feed, an
    /// escape) or an invisible format character (a bidi override that would turn the line
    /// around, a zero-width space) becomes U+FFFD, as an undecodable byte already is.
    public static func shown(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
