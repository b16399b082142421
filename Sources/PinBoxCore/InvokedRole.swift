// SPDX-License-Identifier: MIT

/// What the program is when started under a name. Callers start a prompt by the name they know
/// it by and pass only their own arguments, so a name that is a role decides before any
/// argument is read: `pinbox-askpass --version` is a prompt that reads "--version".
public enum InvokedRole: Equatable, Sendable {
    /// gpg-agent's PIN entry, speaking Assuan on stdin and stdout.
    case pinentry
    /// ssh's, sudo's and git's askpass: every argument is the prompt.
    case askpass
    /// `pinbox` with its commands and options.
    case program

    /// `name` is the last part of the path the program was started as. gpg-agent runs its
    /// default pinentry as `pinentry`, and Debian installs pinentries as the `pinentry` and
    /// `pinentry-x11` alternatives; ssh runs `/usr/bin/ssh-askpass`, the `ssh-askpass`
    /// alternative, and the desktops' askpass programs end in `askpass` too.
    public init(name: String) {
        if name.hasPrefix("pinentry") {
            self = .pinentry
        } else if name.hasSuffix("askpass") {
            self = .askpass
        } else {
            self = .program
        }
    }

    /// The link named for this role, whose X resources the role reads after its own name's
    /// however it was started: as `pinbox askpass` or `pinbox pinentry`, under the generic names
    /// Debian's alternatives give every askpass and pinentry (`/usr/bin/ssh-askpass`, `pinentry`,
    /// `pinentry-x11`, which ssh and gpg-agent run), or under a name of the caller's own. So
    /// resources written for `pinbox-askpass` apply whichever way the caller runs it, and
    /// `pinbox-askpass*paste: off` most of all. The program itself has no link.
    public var link: String? {
        switch self {
        case .askpass: "pinbox-askpass"
        case .pinentry: "pinentry-pinbox"
        case .program: nil
        }
    }
}
