// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A process's command line as a dialog names the program that asked (`CommandLineText`).
@Suite("A command line on one line of a dialog")
struct CommandLineTextTests {
    /// `arguments` as a command line in `/proc/PID/cmdline`, shown.
    private func line(_ arguments: [String]) -> String? {
        CommandLineText.command(Array((arguments.joined(separator: "\0") + "\0").utf8))
    }

    @Test func argumentsAreShownAsAShellWouldTakeThemBack() {
        let line = CommandLineText.command(Array("gpg\0--decrypt\0my report.gpg\0it's\0\0".utf8))
        #expect(line == "gpg --decrypt 'my report.gpg' 'it'\\''s' ''")
    }

    @Test func controlAndFormatCharactersAreShownHarmless() {
        // A line feed or an escape would start a line of the program's own choosing; a bidi
        // override would turn "gpg … txt.exe" around; undecodable bytes are U+FFFD already.
        let line = CommandLineText.command(Array("gpg\0a\nb\0\u{1B}[31m\0\u{202E}exe.txt\0".utf8) + [0xFF, 0])
        #expect(line == "gpg a\u{FFFD}b \u{FFFD}[31m \u{FFFD}exe.txt \u{FFFD}")
    }

    @Test func aLongCommandLineKeepsTheFilesItWorksOn() {
        // Paths after the program by their last part (an option's name kept before one), then
        // words from the middle given up.
        let folder = "/tmp/pinbox-tty-0BF3A3D5-6F27-4F1E-9B5F-BB7FF3C0D240/"
        let decrypt = "gpg\0--pinentry-mode\0ask\0--output=" + folder + "out1.txt\0--decrypt\0" + folder + "plain.gpg\0"
        #expect(CommandLineText.command(Array(decrypt.utf8)) == "gpg --pinentry-mode ask … --decrypt …/plain.gpg")
        let output = "gpg\0--output=" + folder + "out1.txt\0--decrypt\0" + folder + "my plain.gpg\0"
        #expect(CommandLineText.command(Array(output.utf8)) == "gpg --output=…/out1.txt --decrypt '…/my plain.gpg'")
        // A program's own path is kept; a relative path with no folder, a lone "/" or one
        // ending in "/" too.
        let kept = "/usr/bin/gpg\0--homedir\0./home\0--\0/\0/tmp/x/\0" + folder + "a.gpg\0"
        #expect(CommandLineText.command(Array(kept.utf8)) == "/usr/bin/gpg --homedir ./home -- / /tmp/x/ …/a.gpg")
    }

    @Test func wordsFromTheMiddleAreGivenUpFirst() {
        // pass's gpg: the options alone are longer than a line.
        let path = "/home/alice/.password-store/accounts/example.org/alice.gpg"
        let pass = "gpg\0-d\0--quiet\0--yes\0--compress-algo=none\0--no-encrypt-to\0--batch\0--use-agent\0" + path + "\0"
        #expect(CommandLineText.command(Array(pass.utf8)) == "gpg -d --quiet --yes … --batch --use-agent …/alice.gpg")
        // One that fits is whole.
        #expect(CommandLineText.command(Array("gpg\0--sign\0".utf8)) == "gpg --sign")
    }

    /// pass's gpg, in the user's home: the store's path from `~`, and, shortened, the entry's
    /// folder given back where it fits, so that the dialog says which entry.
    @Test func aPathInTheHomeIsWrittenFromTildeWithAsManyFoldersAsFit() {
        let pass = "gpg\0-d\0--quiet\0--yes\0--compress-algo=none\0--no-encrypt-to\0"
            + "/home/alice/.password-store/mail/alice.gpg\0"
        #expect(CommandLineText.command(Array(pass.utf8), home: "/home/alice")
                == "gpg -d --quiet --yes … --no-encrypt-to ~/…/mail/alice.gpg")
        // Whole where it fits; the program's own path too; only the home itself, not a name
        // that starts like it; no home, or "/" as one, changes nothing.
        #expect(CommandLineText.command(Array("/home/alice/bin/backup\0/home/alice/a b.txt\0".utf8), home: "/home/alice")
                == "~/bin/backup '~/a b.txt'")
        #expect(CommandLineText.command(Array("cat\0/home/alicia/x\0".utf8), home: "/home/alice") == "cat /home/alicia/x")
        #expect(CommandLineText.command(Array("cat\0/home/alice/x\0".utf8), home: "/") == "cat /home/alice/x")
        #expect(CommandLineText.command(Array("cat\0/home/alice/x\0".utf8)) == "cat /home/alice/x")
    }

    @Test func aPathsShorteningsGoFromItsLastPartToItself() {
        #expect(CommandLineText.shortenings("/tmp/x/plain.gpg") == ["…/plain.gpg", "…/x/plain.gpg", "/tmp/x/plain.gpg"])
        #expect(CommandLineText.shortenings("--output=/a/b") == ["--output=…/b", "--output=/a/b"])
        #expect(CommandLineText.shortenings("~/.store/mail/a.gpg") == ["~/…/a.gpg", "~/…/mail/a.gpg", "~/.store/mail/a.gpg"])
        for whole in ["gpg", "/usr", "~/x", "./a", "/tmp/x/", "/"] { #expect(CommandLineText.shortenings(whole) == [whole]) }
    }

    @Test func aWordTooLongToShowLosesItsMiddleCharacters() {
        let long = String(repeating: "x", count: 100)
        let shown = try! #require(CommandLineText.command(Array(("gpg\0--sign\0" + long + "\0").utf8)))
        #expect(shown.count == CommandLineText.longest)
        #expect(shown.hasPrefix("gpg --sign xxx") && shown.contains("x…x") && shown.hasSuffix("xxx"))
    }

    /// A secret given on the command line is not drawn, nor read aloud: the value of a
    /// `--passphrase` or `--password` option, written either way; the options that only name
    /// where a secret is (`--passphrase-fd`, `--passphrase-file`) keep theirs.
    @Test func aSecretGivenOnTheCommandLineIsNotShown() {
        #expect(line(["gpg", "--passphrase", "hunter2", "--sign", "a.txt"]) == "gpg --passphrase ••• --sign a.txt")
        #expect(line(["mysql", "--password=hunter2", "-u", "root"]) == "mysql --password=••• -u root")
        #expect(line(["sudo", "-A", "tool", "-Password", "hunter2"]) == "sudo -A tool -Password •••")
        #expect(line(["x", "--PASS=a=b", "--passwd"]) == "x --PASS=••• --passwd")
        #expect(line(["gpg", "--passphrase-fd", "0", "--passphrase-file", "/run/p", "--sign"])
                == "gpg --passphrase-fd 0 --passphrase-file /run/p --sign")
        // A word that is no option is only a word.
        #expect(line(["echo", "password", "hunter2"]) == "echo password hunter2")
    }

    /// ssh-keygen's passphrases given as options (`-P old`, `-Nnew`) are hidden, read as its
    /// getopt reads them: letters grouped in one word, a value in the same word or the next, a
    /// value that looks like an option, and nothing after `--`. Another program's -P is a word.
    @Test func sshKeygensPassphraseOptionsAreHidden() {
        #expect(line(["ssh-keygen", "-p", "-P", "old secret", "-f", "/k/id"]) == "ssh-keygen -p -P ••• -f /k/id")
        #expect(line(["/usr/bin/ssh-keygen", "-pPold", "-qNnew", "-f", "k"]) == "/usr/bin/ssh-keygen -pP••• -qN••• -f k")
        #expect(line(["ssh-keygen", "-t", "ed25519", "-N", "-x", "-C", "-P", "-f", "k"])
                == "ssh-keygen -t ed25519 -N ••• -C -P -f k")
        #expect(line(["ssh-keygen", "-fP", "-P", "--", "-N"]) == "ssh-keygen -fP -P ••• -N")
        #expect(line(["ssh-keygen", "-fP", "-P", "x", "--", "-N"]) == "ssh-keygen -fP -P ••• -- -N")
        // Positive control of the letters: another program's are not its.
        #expect(line(["scp", "-P", "2222", "a", "b:"]) == "scp -P 2222 a b:")
        #expect(line(["ssh-keygen", "-y", "-f", "k", "--passphrase", "x"]) == "ssh-keygen -y -f k --passphrase •••")
    }

    /// ssh-keygen's key, named by its `-f`, stays on a line too long for the dialog, with its
    /// option, where the words after it go first: git signing a commit names a temporary file
    /// last. Another program's `-f` is a word like any other.
    @Test func sshKeygensKeyStaysOnALongLine() {
        func fitted(_ words: [String]) -> String? {
            CommandLineText.command(Array((words.joined(separator: "\0") + "\0").utf8), home: "/home/anna")
        }
        let signing = ["/usr/bin/ssh-keygen", "-Y", "sign", "-n", "git", "-f", "/home/anna/.ssh/id_ed25519",
                       "/tmp/.git_signing_buffer_tmpbl9MKX"]
        #expect(fitted(signing) == "/usr/bin/ssh-keygen -Y sign -n git -f ~/.ssh/id_ed25519 …")
        #expect(fitted(["ssh-keygen", "-Y", "sign", "-n", "git", "-f/home/anna/.ssh/keys/work/id_ed25519_sk",
                        "/tmp/.git_signing_buffer_tmpbl9MKX"]) == "ssh-keygen -Y sign -n git -f…/.ssh/keys/work/id_ed25519_sk …")
        #expect(fitted(["ssh-keygen", "-Y", "sign", "-n", "file", "-f", "/home/anna/.ssh/id_ed25519", "/home/anna/contracts/2026/lease.pdf"])
                == "ssh-keygen -Y sign -n file -f ~/…/id_ed25519 ~/…/lease.pdf")
        // The control: the same words given to another program keep its last word, the file.
        #expect(fitted(["/usr/bin/ssh-keygen2"] + signing.dropFirst())
                == "/usr/bin/ssh-keygen2 -Y … /tmp/.git_signing_buffer_tmpbl9MKX")
    }

    /// The askpass names sudo (what it will run), ssh-keygen (whose questions name no key),
    /// ssh-add where its question names no key, and no caller whose question says it.
    @Test func theAskpassNamesTheCallersWhoseQuestionsNameNothing() {
        let keygen = Array("ssh-keygen\0-p\0-f\0/k/id\0".utf8), add = Array("ssh-add\0-x\0".utf8)
        #expect(AskpassCaller.detail(name: "ssh-keygen", commandLine: keygen, prompt: "Enter old passphrase: ")
                == .askedBy("ssh-keygen -p -f /k/id"))
        for question in ["Enter lock password: ", "Again: ", "Enter PIN for authenticator: ", "Enter passphrase for PKCS#11: "] {
            #expect(AskpassCaller.detail(name: "ssh-add", commandLine: add, prompt: question) == .askedBy("ssh-add -x"), "\(question)")
        }
        for question in ["Enter passphrase for /k/id: ", "Bad passphrase, try again for /k/id: ", "Again", ""] {
            #expect(AskpassCaller.detail(name: "ssh-add", commandLine: add, prompt: question) == nil, "\(question)")
        }
    }

    /// The askpass names sudo (what it will run), and no caller whose question says it.
    @Test func theAskpassNamesSudoButNotTheCallersThatNameTheirKey() {
        let sudo = Array("sudo\0-A\0apt\0upgrade\0".utf8)
        #expect(AskpassCaller.detail(name: "sudo", commandLine: sudo) == .askedBy("sudo -A apt upgrade"))
        #expect(AskpassCaller.detail(name: "sudoedit", commandLine: Array("sudoedit\0/etc/hosts\0".utf8))?.text
                == "sudoedit /etc/hosts")
        for other in ["ssh", "ssh-add", "git", "git-remote-http", "bash", "sudo-rs", "ssh-keygen2", ""] {
            #expect(AskpassCaller.detail(name: other, commandLine: sudo) == nil, "\(other)")
        }
        // sudo gone before it could be read.
        #expect(AskpassCaller.detail(name: "sudo", commandLine: nil) == nil)
        #expect(AskpassCaller.detail(name: "sudo", commandLine: [0]) == nil)
    }
}
