// SPDX-License-Identifier: MIT
import Glibc

/// Ends the gpg-agent a test started in `home` and everything it started. A stand-in scdaemon
/// still inside an inquiry held the agent's lock, gpgconf's own `scd killscd` waited on it, and
/// the agent, the stand-in and that gpg-connect-agent outlived the test run: the stand-ins go
/// first, then the agent as gpgconf ends it, then whatever still runs with `home` in its
/// arguments (`processes(containing:)`). The home is the test's own (a fresh UUID), so only
/// what the test started matches.
func endAgent(home: String) {
    for pid in processes(containing: home + "/scdaemon") { kill(pid, SIGKILL) }
    _ = try? run(["gpgconf", "--homedir", home, "--kill", "all"])
    for pid in processes(containing: home) { kill(pid, SIGKILL) }
}
