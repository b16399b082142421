// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxRender

/// The binary's command line: `pinbox render` output and every way to get an option wrong.
@Suite("Command line")
final class CommandLineTests {
    let dir = NSTemporaryDirectory() + "pinbox-cli-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func pinbox(_ args: [String], display: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = try PinBoxProcess(args, display: display)
        let status = try p.waitExit(timeout: 10)
        return (status, p.stdout, p.stderr)
    }

    /// What completing each line offers, the same in bash and in zsh: commands, each command's
    /// options (from its --help), the values the help spells out and the man page lists, files
    /// of the kind an option names (a folder holding `shot.png`, `notes.txt` and `album/`), and nothing
    /// for the askpass, whose arguments are a prompt.
    static let completions: [(words: [String], offered: [String])] = [
        (["pinbox", ""], ["ask-password-agent", "askpass", "pay", "pinentry", "polkit-agent", "render"]),
        (["pinbox", "pay", "--am"], ["--amount"]),
        (["pinbox", "--style", ""], ["boxes", "grid", "paypass", "strip", "tfgrid"]),
        (["pinbox", "render", "--an"], ["--animate", "--animations"]),
        (["pinbox", "askpass", "--paste", ""], ["off", "on"]),
        (["pinbox", "--paste", ""], ["deny", "digits", "text"]),
        (["pinbox-askpass", "--"], []),
        (["pinentry-pinbox", "--tt"], ["--ttyalert", "--ttyname", "--ttytype"]),
        (["pinbox", "--count", ""], []),
        (["pinbox", "render", "--accept", ""], ["digits", "printable"]),
        (["pinbox", "render", "--easing", ""], ["ease-out", "ink-ease-out", "ink-linear", "linear", "seed"]),
        // -o is render's --out (a PNG) but a pinentry's --timeout (seconds): no file for it.
        (["pinbox", "render", "-o", ""], ["album", "shot.png"]),
        (["pinbox", "--screenshot-dir", ""], ["album"]),
        (["pinentry-pinbox", "-o", ""], []),
        (["pinbox", "pinentry", "-o", ""], []),
        (["pinentry-pinbox", "--paste", ""], ["off", "on"]),
        (["pinbox", "ask-"], ["ask-password-agent"]),
        (["pinbox", "ask-password-agent", "--wa"], ["--watch"]),
        (["pinbox", "ask-password-agent", "--contrast", ""], ["high", "normal"]),
        (["pinbox", "ask-password-agent", "--directory", ""], ["album"]),
        (["pinbox", "ask-password-agent", "--answer", ""], ["album", "notes.txt", "shot.png"]),
        (["pinbox", "po"], ["polkit-agent"]),
        (["pinbox", "polkit-agent", "--pro"], ["--process"]),
        (["pinbox", "polkit-agent", "--color-scheme", ""], ["dark", "light"]),
    ]

    /// A folder of the program and its role links, for PATH, and one with a picture and a note.
    func completionFolders() throws -> (bin: String, pictures: String) {
        let bin = dir + "/bin", pictures = dir + "/pictures"
        for folder in [bin, pictures] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for name in ["pinbox", "pinbox-askpass", "pinentry-pinbox"] {
            try FileManager.default.createSymbolicLink(atPath: bin + "/" + name, withDestinationPath: PinBoxProcess.binary)
        }
        for file in ["shot.png", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: pictures + "/" + file, contents: Data()))
        }
        try FileManager.default.createDirectory(atPath: pictures + "/album", withIntermediateDirectories: false)
        return (bin, pictures)
    }

    /// Each line a completion script printed as `LINE|OFFERED…`, read into what was offered for
    /// each line, in order (once each: zsh's lists show a match added twice once).
    static func offered(_ output: String) -> [[String]] {
        output.split(separator: "\n").map {
            Set(($0.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).last ?? "")
                .split(separator: " ").map(String.init)).sorted()
        }
    }

    /// The bash completion the package installs, run as bash-completion runs it, with the
    /// program and its role links on PATH.
    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let (bin, pictures) = try completionFolders()
        let completion = DesktopTests.repository + "/share/bash-completion/pinbox"
        let script = """
            source /usr/share/bash-completion/bash_completion || exit 9
            source "$1"
            PATH="$2:$PATH"
            cd "$3"
            shift 3
            # A line of input for each line to complete, its words separated by US (0x1F),
            # the last one empty when a new word is begun.
            while IFS= read -r line; do
              IFS=$'\\x1f' read -r -a COMP_WORDS <<< "$line"$'\\x1f.'
              unset 'COMP_WORDS[-1]'
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
              COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _pinbox "${COMP_WORDS[0]}" "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
              echo "${COMP_WORDS[*]}|${COMPREPLY[*]}"
            done
            """
        let lines = Self.completions.map { $0.words.joined(separator: "\u{1f}") + "\n" }.joined()
        let (status, output) = try run(["bash", "-c", script, "bash", completion, bin, pictures],
                                       input: Array(lines.utf8))
        #expect(status == 0, "\(output)")
        #expect(Self.offered(output) == Self.completions.map(\.offered), "\(output)")
    }

    /// The zsh completion the package installs, run by zsh's own completion system in an
    /// interactive zsh on a pseudo-terminal (zsh/zpty), a Tab typed after each line; what the
    /// system offers is read where it is added (compadd), with the program and its role links
    /// on PATH.
    @Test func zshCompletesCommandsOptionsAndValues() throws {
        let zsh = try which("zsh")
        let (bin, pictures) = try completionFolders()
        let script = dir + "/complete.zsh"
        try Self.zshHarness.write(toFile: script, atomically: true, encoding: .utf8)
        let lines = Self.completions.map { $0.words.joined(separator: " ") }
        let (status, output) = try run([zsh, "-f", script, DesktopTests.repository + "/share/zsh", bin, pictures] + lines)
        #expect(status == 0, "\(output)")
        #expect(Self.offered(output) == Self.completions.map(\.offered), "\(output)")
    }

    /// The fish completion the package installs, linked under the role names as installed,
    /// asked by fish itself (`complete -C`, what fish offers at a Tab), with the program and its
    /// role links on PATH. Folders are offered with their slash, which the table leaves out.
    @Test func fishCompletesCommandsOptionsAndValues() throws {
        let fish = try which("fish")
        let (bin, pictures) = try completionFolders()
        let completions = dir + "/fish"
        try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: DesktopTests.repository + "/share/fish/pinbox.fish",
                                         toPath: completions + "/pinbox.fish")
        for role in ["pinbox-askpass", "pinentry-pinbox"] {
            try FileManager.default.createSymbolicLink(atPath: "\(completions)/\(role).fish", withDestinationPath: "pinbox.fish")
        }
        let script = #"""
            set fish_complete_path $argv[1] $fish_complete_path
            cd $argv[2]
            for line in $argv[3..]
                set -l offered (complete -C $line | string replace -r "\t.*" "" | string replace -r "/\$" "")
                echo "$line|$offered"
            end
            """#
        let lines = Self.completions.map { $0.words.joined(separator: " ") }
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let (status, output) = try run([fish, "--no-config", "-c", script, completions, pictures] + lines,
                                       environment: ["PATH": path])
        #expect(status == 0, "\(output)")
        #expect(Self.offered(output) == Self.completions.map(\.offered), "\(output)")
    }

    /// `zsh -f complete.zsh COMPLETIONS BIN FOLDER LINE…`: an interactive zsh on a pty, with
    /// compinit and the completions in COMPLETIONS on its fpath, BIN on its PATH, in FOLDER; for
    /// each LINE, types it and a Tab, and prints `LINE|` and every match the completion system
    /// added, then clears the line.
    static let zshHarness = #"""
        zmodload zsh/zpty || exit 9
        zpty shell zsh -f -i || exit 9
        local out line
        local -a found setup=(
          "PS1=''; PS2=''; RPS1=''; unsetopt beep"
          "fpath=(${(q)1} \$fpath); PATH=${(q)2}:\$PATH; cd ${(q)3}"
          "autoload -Uz compinit && compinit -u -D"
          # Matches added for the list are printed; those asked back (-O, -A, -D) are the system's.
          "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a hits; builtin compadd -A hits \"\$@\"; (( \$#hits )) && print -r -- \"@HIT \${(j: :)hits}\"; builtin compadd \"\$@\" }"
          "_capture() { print -r -- '@BEGIN'; _main_complete; print -r -- '@END' }"
          "zle -C capture complete-word _capture; bindkey '^I' capture"
          "print -r -- '@''READY'"
        )
        for line in $setup; do zpty -w shell $line; done
        zpty -r shell out '*@READY*' || exit 8
        shift 3
        for line in "$@"; do
          zpty -w -n shell "$line"$'\t'
          out=""
          zpty -r shell out '*@END*' || exit 7
          found=(${(M)${(f)${out//$'\r'/}}:#@HIT *})  # the pty ends its lines with CR LF
          found=(${=${found#@HIT }})
          print -r -- "$line|${(j: :)${(u)found}}"
          zpty -w -n shell $'\C-u'
        done
        zpty -d shell
        """#

    /// An output named on a device (a private /dev/full, made here: root only, as CI runs) is
    /// written to and reported full; the device is neither removed as an unfinished file nor
    /// made private as a new one would be. Run as root, `--out /dev/full` once deleted the
    /// system's /dev/full, and `--out /dev/null` made /dev/null unwritable for everyone else.
    @Test(.enabled(if: geteuid() == 0, "mknod needs root"), arguments: [["render", "--out"], ["render", "--animate"]])
    func anOutputOnADeviceLeavesTheDeviceAlone(_ command: [String]) throws {
        let full = dir + "/full"
        // Character device 1:7, /dev/full (glibc's dev_t encoding of major 1, minor 7).
        #expect(mknod(full, S_IFCHR | 0o666, 0x107) == 0, "mknod: \(errno)")
        chmod(full, 0o666)
        let (status, _, err) = try pinbox(command + [full] + (command.last == "--animate" ? ["--keys", "1@0"] : []))
        #expect(status == 2 && err == "pinbox: cannot write \(full): No space left on device\n", "\(status) \(err)")
        var after = stat()
        #expect(lstat(full, &after) == 0, "the device is still there")
        #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_mode & 0o777 == 0o666, "mode \(String(after.st_mode, radix: 8))")
        // The control: a file is written, private to its user.
        let file = dir + "/ok." + (command.last == "--animate" ? "gif" : "png")
        #expect(try pinbox(command + [file] + (command.last == "--animate" ? ["--keys", "1@0"] : [])).status == 0)
        var written = stat()
        #expect(stat(file, &written) == 0 && written.st_mode & 0o777 == 0o600)
    }

    /// `--quality-tooltip` draws the strength bar's tip as the window shows it when the pointer
    /// rests on the bar: a dark box under the bar, across the dialog's text column. The control:
    /// the same dialog without it has no such box.
    @Test func aRenderedQualityTooltipShowsUnderTheBar() throws {
        /// The rows with a run of 100 pixels of the tip's colour, and those of the bar's track.
        func boxes(_ extra: [String]) throws -> (tip: [Int], track: [Int]) {
            let out = "\(dir)/tip-\(extra.count).png"
            let r = try pinbox(["render", "--dialog", "passphrase", "--repeat", "Repeat:", "--quality", "30",
                                "--text", "abc", "--out", out] + extra)
            #expect(r.status == 0, "\(r.err)")
            let c = try Canvas(png: out)
            let pixels = c.pixels()
            // Palette.light's tooltip background; the strength bar's empty track.
            return (rows(of: pixels, width: c.width, withRunOf: 0x2b2f36), rows(of: pixels, width: c.width, withRunOf: 0xdde1e6))
        }
        #expect(try boxes([]).tip.isEmpty, "the control: no tip unless asked")
        let shown = try boxes(["--quality-tooltip", "The quality of the text entered above."])
        // Its padding above and below the line of text (the rows the text crosses have no such run).
        #expect(shown.tip.count >= 8, "a box around a line of text: \(shown.tip)")
        #expect(!shown.track.isEmpty && shown.track.max()! < shown.tip.min()!, "under the bar: \(shown)")
    }

    @Test func renderIsByteIdenticalAcrossRuns() throws {
        let a = "\(dir)/a.png", b = "\(dir)/b.png"
        for path in [a, b] {
            let r = try pinbox(["render", "--text", "1234", "--at", "0.07", "--style", "boxes", "--out", path])
            #expect(r.status == 0 && r.err.isEmpty)
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: a)), second = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(first.count > 100 && first == second)
        #expect(first.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "a PNG signature")
    }

    @Test func renderDrawsWhatWasAsked() throws {
        let path = "\(dir)/strip.png"
        #expect(try pinbox(["render", "--text", "12", "--out", path]).status == 0)
        let c = try Canvas(png: path)
        #expect((c.width, c.height) == (300, 50))
        #expect(c.pixel(x: 25, y: 25) == 0 && c.pixel(x: 75, y: 25) == 0 && c.pixel(x: 125, y: 25) == 0xffffff)
    }

    @Test("bad options: one line naming the problem, exit 2", arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--count"], "--count needs a value"),
        (["--count", "x"], "--count expects a whole number, not 'x'"),
        (["--count", "0"], "--count must be between 1 and 100, not '0'"),
        (["--count", "101"], "--count must be between 1 and 100, not '101'"),
        (["--rows", "0"], "--rows must be between 1 and 100, not '0'"),
        (["--rows", "11", "--columns", "10"], "a grid of 110 cells is too big"),
        (["--count", "7", "--rows", "2"], "--count 7 does not fill a grid of 2 rows × ? columns; make rows × columns equal the count\n"),
        (["--count=6", "--rows", "2", "--columns", "2"], "--count 6 does not fill a grid of 2 rows × 2 columns"),
        (["--style", "round"], "--style must be one of strip, paypass, boxes, grid, tfgrid, not 'round'"),
        (["--dot-color", "blue"], "--dot-color expects a colour"),
        (["--frame-color", "#12345"], "--frame-color expects a colour"),
        (["--size", "300"], "--size expects WIDTHxHEIGHT"),
        (["--size", "0x0"], "--size must be between 1x1"),
        (["--scale", "0"], "--scale must be between 0.5 and 8, not '0'"),
        (["--scale", "nan"], "--scale expects a number, not 'nan'"),
        (["--duration", "-1"], "--duration must be between 0 and 10, not '-1'"),
        (["--paste", "all"], "--paste must be one of deny, digits, text, not 'all'"),
        (["--geometry", "huge"], "--geometry expects WIDTHxHEIGHT"),
        (["--plain=yes"], "--plain takes no value"),
        (["stray"], "unexpected argument 'stray'"),
        (["314159"], "unexpected argument (not repeated here: it holds digits)"),
        (["--style", "strip", "pin=2718"], "unexpected argument (not repeated here: it holds digits)"),
        (["render", "--text", "12"], "render needs --out FILE.png"),
        (["render", "--out", "/tmp/x.png", "--dialog", "pin", "--askpass", "PIN:"], "--dialog and --askpass each name the dialog: give one\n"),
        (["render", "--out", "/tmp/x.png", "--askpass"], "--askpass needs a value"),
        (["render", "--out", "/tmp/x.png", "--dialog", "passphrase", "--quality-tooltip", "Tip"],
         "--quality-tooltip is the strength bar's: give --quality N too\n"),
        (["render", "--out", "/tmp/x.png", "--text", "1234567"], "--text has 7 digits but the field holds 6\n"),
        (["render", "--out", "/tmp/x.png", "--text", "12a"], "--text must be digits only\n"),
        (["render", "--out", "/nonexistent/dir/x.png", "--text", "1"], "cannot write /nonexistent/dir/x.png"),
        (["render", "--at", "-1", "--out", "/tmp/x.png"], "--at must be between 0 and 3600, not '-1'"),
        (["render", "--out", "/tmp/x.png", "--state", "angry"], "--state must be one of normal, error, success, not 'angry'"),
        (["render", "--out", "/tmp/x.png", "--accept", "all"], "--accept must be one of digits, printable, not 'all'"),
        // The core's `text` is a dialog entry's: in a row of cells every character landed in the first.
        (["render", "--out", "/tmp/x.png", "--accept", "text"], "--accept must be one of digits, printable, not 'text'\n"),
        (["--accept", "text"], "--accept must be one of digits, printable, not 'text'\n"),
        (["--plain", "--secure"], "--plain and --secure contradict each other"),
        (["--font", "Sans"], "--font expects \"FAMILY [Bold] SIZE\""),
        (["--fill-font", "DejaVu Sans 0"], "--fill-font expects \"FAMILY [Bold] SIZE\""),
        (["--highlight-border-color", "blue"], "--highlight-border-color expects a colour"),
        (["--background-image", "/nonexistent/cell.png"], "--background-image: cannot read PNG /nonexistent/cell.png"),
        (["--background-image", "/etc/passwd"], "--background-image: cannot read PNG /etc/passwd: not a PNG file"),
        (["--fill-sparkle", "1"], "unknown option '--fill-sparkle'"),
        (["render", "--out", "/tmp/x.png", "--style", "tfgrid", "--text", "a1"], "--text must be digits only"),
        (["render", "--out", "/tmp/x.png", "--accept", "printable", "--text", "é"], "--text must be printable ASCII only"),
    ] as [([String], String)])
    func badOptions(_ args: [String], _ message: String) throws {
        let r = try pinbox(args)
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("pinbox: " + message), "stderr: \(r.err)")
        #expect(r.err.filter { $0 == "\n" }.count == 1, "exactly one line")
        #expect(r.out.isEmpty)
    }

    /// Every look option means something on the theme it is given to, or is refused: exit 2,
    /// one line naming the option (the core names the setting, the command line its option),
    /// the theme and the way out. Nothing is silently ignored.
    @Test("options that mean nothing on a theme are refused", arguments: [
        (["--style", "boxes", "--frame-color", "#f00"],
         "--frame-color means nothing on the boxes style: its cells stand apart, with no frame or dividers (style their borders with a border colour)\n"),
        (["--style", "grid", "--divider-color", "#f00"], "--divider-color means nothing on the grid style"),
        (["--style", "boxes", "--frame-width", "2"], "--frame-width means nothing on the boxes style"),
        (["--style", "grid", "--plain", "--dot-color", "#f00"],
         "--dot-color means nothing on the plain grid style: it shows the characters, not dots (make the field secure)\n"),
        (["--style", "tfgrid", "--dot-radius", "4"], "--dot-radius means nothing on the tfgrid style"),
        (["--style", "strip", "--gap", "4"],
         "--gap means nothing on the strip style: its cells touch (the no-gap layout); try the boxes or grid style\n"),
        (["--style", "paypass", "--text-color", "#000"],
         "--text-color means nothing on the paypass style: it shows dots, not characters (make the field plain, or set a dot colour)\n"),
        (["--style", "boxes", "--fill-font", "DejaVu Sans 12"], "--fill-font means nothing on the boxes style"),
        (["--style", "strip", "--border-width", "2"],
         "--border-width means nothing on the strip style: its cells have no border (set a border colour too)\n"),
        (["--style", "strip", "--highlight-border-width", "2"],
         "--highlight-border-width means nothing on the strip style: its cells have no border (set the highlight border colour too)\n"),
        (["--style", "tfgrid", "--secure", "--text-color", "#000"], "--text-color means nothing on the secure tfgrid style"),
    ] as [([String], String)])
    func meaninglessOptions(_ args: [String], _ message: String) throws {
        for command in [["render", "--out", "\(dir)/refused.png"], []] {
            let r = try pinbox(command + args)
            #expect(r.status == 2, "\(command + args)")
            #expect(r.err.hasPrefix("pinbox: " + message), "stderr: \(r.err)")
            #expect(r.err.filter { $0 == "\n" }.count == 1 && r.out.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/refused.png"))
    }

    @Test("every theme and state renders", arguments: ["strip", "paypass", "boxes", "grid", "tfgrid"])
    func everyThemeAndState(_ style: String) throws {
        var sizes: Set<Int> = []
        for extra in [[], ["--focused"], ["--plain"], ["--secure"], ["--state", "error"], ["--state", "success"]] {
            let path = "\(dir)/\(style).png"
            let r = try pinbox(["render", "--style", style, "--text", "12", "--out", path] + extra)
            #expect(r.status == 0 && r.err.isEmpty, "\(extra): \(r.err)")
            sizes.insert(try Data(contentsOf: URL(fileURLWithPath: path)).count)
        }
        #expect(sizes.count >= 4, "the looks differ")
    }

    @Test func styleOptionsChangeThePicture() throws {
        let path = "\(dir)/styled.png"
        let r = try pinbox(["render", "--style", "tfgrid", "--accept", "printable", "--text", "Ab#", "--focused",
                            "--highlight-background", "#ffeeaa", "--fill-text-color", "#0000ff",
                            "--font", "DejaVu Sans Bold 22", "--frame-color", "#333333", "--out", path])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let c = try Canvas(png: path)
        #expect(c.pixel(x: 140, y: 20) == 0xffeeaa, "the cursor cell (the fourth) has its own background")
        // A 0.5-pt frame at scale 1: #333333 at half strength over the white 0.9 cell.
        let edge = c.pixel(x: 0, y: 60)
        #expect((0x8c...0x8d).contains(edge & 0xff) && edge >> 16 == edge & 0xff, "\(String(edge, radix: 16))")
        let blue = (0..<40).contains { y in (0..<40).contains { x in c.pixel(x: x, y: y) & 0xffff00 == 0 && c.pixel(x: x, y: y) & 0xff > 0x80 } }
        #expect(blue, "the typed characters are blue")
    }

    @Test func aPinGivenAsAnArgumentIsNotEchoed() throws {
        let r = try pinbox(["--style", "strip", "314159"])
        #expect(r.status == 2)
        #expect(!r.err.contains("314159") && !r.out.contains("314159"), "stderr: \(r.err)")
    }

    /// A file name that is not UTF-8 would come through repaired (U+FFFD) and name another
    /// file: it is refused. A prompt's text may hold such bytes, shown repaired.
    @Test func aFileNameThatIsNotUTF8IsRefused() throws {
        let dir = NSTemporaryDirectory() + "pinbox-bytes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The shell writes the byte 0xFF into the name: Swift's strings cannot hold it.
        let (status, _) = try run(["/bin/sh", "-c", "exec \"$0\" render --out \"$1$(printf '\\377').png\" --text 1 2>\"$1err\"",
                                   PinBoxProcess.binary, dir + "/x"])
        #expect(status == 2)
        let err = try String(contentsOfFile: dir + "/xerr", encoding: .utf8)
        #expect(err == "pinbox: the value of --out is not valid UTF-8; every argument must be UTF-8, file names included\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["xerr"], "no file written")
        // The control: the same name in UTF-8 is written.
        let (written, _) = try run([PinBoxProcess.binary, "render", "--out", dir + "/x\u{FF}.png", "--text", "1"])
        #expect(written == 0 && FileManager.default.fileExists(atPath: dir + "/x\u{FF}.png"))
    }

    /// `render --out` and `render --animate` write where the name says, for this user only: a
    /// symbolic link planted there is refused and its target left as it was; a file there is
    /// replaced by a new file made 0600 (it may show what was typed): whoever had the old one
    /// open keeps reading the old one.
    @Test func outputGoesWhereItsNameSaysForThisUserOnly() throws {
        let dir = NSTemporaryDirectory() + "pinbox-out-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        let victim = dir + "/victim"
        try "secret\n".write(toFile: victim, atomically: false, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: victim)
        for (link, arguments) in [("link.png", ["render", "--text", "1234", "--out"]),
                                  ("link.gif", ["render", "--keys", "1@0 2@0.1", "--animate"])] {
            try fm.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: victim)
            let (status, _) = try run([PinBoxProcess.binary] + arguments + [dir + "/" + link])
            #expect(status == 2, "\(link): exit \(status)")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "secret\n", "\(link) wrote through the link")
        }
        // The control: a plain file there is replaced, and this user's only.
        let existing = dir + "/old.png"
        try "old\n".write(toFile: existing, atomically: false, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: existing)
        // Another user opened it while it was readable; it was truncated and written to before.
        let reader = open(existing, O_RDONLY)
        try #require(reader >= 0)
        defer { close(reader) }
        let (status, _) = try run([PinBoxProcess.binary, "render", "--text", "1234", "--out", existing])
        #expect(status == 0)
        let attributes = try fm.attributesOfItem(atPath: existing)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: existing)).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        var seen = [UInt8](repeating: 0, count: 16)
        let count = read(reader, &seen, seen.count)
        #expect(Array(seen.prefix(max(0, count))) == Array("old\n".utf8), "the other reader's file is the old one")
    }

    @Test func noDisplayIsExitThree() throws {
        let r = try pinbox([], display: "")
        #expect(r.status == 3)
        #expect(r.err == "pinbox: cannot open the X display: $DISPLAY is not set (try --display :0)\n")
        let s = try pinbox(["--display", ":4095"])
        #expect(s.status == 3 && s.err == "pinbox: cannot open the X display ':4095'\n")
        // A name with a terminal's escape in it is repeated with the escape written out.
        let hostile = try pinbox(["--display", "\u{1b}]0;PWNED\u{7}:5"])
        #expect(hostile.status == 3 && hostile.err == "pinbox: cannot open the X display '\\u{1b}]0;PWNED\\u{7}:5'\n")
        // A name of any length is cut short, not repeated whole.
        let long = try pinbox(["--display", String(repeating: "x", count: 5000) + ":5"])
        #expect(long.status == 3 && long.err == "pinbox: cannot open the X display '\(String(repeating: "x", count: 64))…'\n",
                "\(long.err.prefix(200))")
        // ssh's askpass takes every argument as its prompt: no option to suggest.
        let link = dir + "/pinbox-askpass"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PinBoxProcess.binary)
        // With no terminal to ask on either (AskpassTerminalTests has the one it asks on).
        let askpass = try Child([link, "Password:"], environment: ["DISPLAY": ""], capture: true)
        #expect(askpass.wait() == 3)
        #expect(String(decoding: askpass.read().err, as: UTF8.self)
            == "pinbox: cannot open the X display: $DISPLAY is not set\n"
            + "pinbox: no terminal to ask on either (/dev/tty: No such device or address)\n")
    }

    /// A display that takes the connection and never answers: Xlib would wait for the server's
    /// answer for ever, and the askpass's caller with it. The askpass gives it 10 s
    /// (`XDisplay.connectSeconds`), then says so and ends with exit 3.
    @Test func aDisplayThatNeverAnswersIsExitThree() throws {
        // A display number no server uses: its socket listened on, and never answered.
        let number = try #require((600..<700).first {
            access("/tmp/.X11-unix/X\($0)", F_OK) != 0 && access("/tmp/.X\($0)-lock", F_OK) != 0
        })
        let silent = try SilentSocket(path: "/tmp/.X11-unix/X\(number)")
        let deadline = 10.0
        let start = Date()
        let askpass = try Child([PinBoxProcess.binary, "askpass", "--", "Password: "], environment: ["DISPLAY": ":\(number)"],
                                capture: true)
        #expect(askpass.wait(within: deadline + 10) == 3)
        #expect(Date().timeIntervalSince(start) >= deadline - 0.5)
        #expect(String(decoding: askpass.read().err, as: UTF8.self)
            == "pinbox: the X display ':\(number)' did not answer within 10 s\n")
        withExtendedLifetime(silent) {}
    }

    /// Xlib takes a negative screen number and every role then crashed on its first use of the
    /// screen; now each says it cannot open that display. The same server's screen 0 is the control.
    @Test func aNegativeScreenIsExitThreeForEveryRole() throws {
        let xvfb = try Xvfb()
        let bad = xvfb.display + ".-1"
        let message = "pinbox: cannot open the X display '\(bad)': it has no such screen\n"
        let demo = try pinbox(["--display", bad])
        #expect(demo.status == 3 && demo.err == message, "\(demo)")
        let askpass = try pinbox(["askpass", "Password:"], display: bad)
        #expect(askpass.status == 3 && askpass.err
            == message + "pinbox: no terminal to ask on either (/dev/tty: No such device or address)\n", "\(askpass)")
        // The agent names the display; with no terminal to fall back to, GETPIN is refused.
        let pinentry = try run(["setsid", "-w", PinBoxProcess.binary, "pinentry"], environment: ["DISPLAY": ""],
                               input: Array("OPTION display=\(bad)\nGETPIN\nBYE\n".utf8))
        #expect(pinentry.status == 0 && pinentry.output.contains("\nERR 83918950 "), "\(pinentry)")
        let control = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display + ".0")
        _ = try windowSize(of: control.pid, display: xvfb.display)
        kill(control.pid, SIGTERM)
        #expect(try control.waitExit() == 1)
    }

    /// `--version` stands wherever `--help` does, in every command that takes `--help`: after
    /// another option it was an unknown option (exit 2). Nothing else is done: no window, no file.
    @Test(arguments: [["--quiet", "--version"], ["--style", "strip", "--version"], ["render", "--version"],
                      ["render", "--out", "/nonexistent/x.png", "--version"], ["pay", "--version"],
                      ["pay", "--amount", "1", "--version"], ["askpass", "--version"],
                      ["askpass", "--timeout", "5", "--version", "--", "Password:"],
                      ["pinentry", "-d", "--version"]])
    func versionIsPrintedWhereverHelpIs(_ args: [String]) throws {
        let r = try pinbox(args)
        let name = args.first == "pinentry" ? "pinentry-pinbox" : "pinbox"
        #expect(r.status == 0 && r.out == "\(name) \(DesktopTests.sourceVersion)\n" && r.err.isEmpty, "\(args): \(r)")
    }

    /// After `--` the askpass's words are its prompt, `--version` too: no version is printed.
    @Test func anAskpassPromptAfterDoubleDashIsNoVersion() throws {
        let r = try pinbox(["askpass", "--", "--version"])
        #expect(r.status == 3 && r.out.isEmpty, "no display here: the prompt was to be asked")
    }

    /// An option's value is the value, `--version` and `--help` too: a caller's prompt or
    /// payee that happens to be one is drawn, not taken for a request (it printed the version
    /// and wrote no picture, with exit 0).
    @Test func aVersionOrHelpThatIsAnOptionsValueIsTheValue() throws {
        for word in ["--version", "--help"] {
            let out = dir + "/value\(word).png"
            let r = try pinbox(["render", "--dialog", "passphrase", "--prompt", word, "--out", out])
            #expect(r.status == 0 && r.out.isEmpty, "\(word): \(r)")
            #expect(FileManager.default.fileExists(atPath: out), "\(word): the dialog is drawn")
        }
        let typed = try pinbox(["render", "--out", dir + "/text.png", "--text", "--version", "--accept", "printable"])
        #expect(typed.status == 2 && typed.err.contains("--text"), "the typed text is read as one: \(typed)")
    }

    @Test func helpIsPrintedAndSucceeds() throws {
        let r = try pinbox(["--help"])
        #expect(r.status == 0 && r.out.contains("--geometry") && r.out.contains("--paste deny|digits"))
        #expect(r.out.contains("Window options:\n") && r.out.contains("\n\nField options:\n") && r.out.contains("Exit status: 0"))
        let s = try pinbox(["render", "--help"])
        #expect(s.status == 0 && s.out.contains("--at SECONDS") && s.out.contains("--state normal|error|success"))
        for option in ["--focused", "--accept digits|printable", "--[STATE-]PROPERTY", "background-image FILE.png",
                       "--frame-radius", "--gap POINTS", "--secure"] {
            #expect(s.out.contains(option), "render --help mentions \(option)")
        }
        #expect(r.out.contains("--[STATE-]PROPERTY") && r.out.contains("tfgrid"))
    }
}
