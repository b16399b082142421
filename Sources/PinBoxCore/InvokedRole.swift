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
}
