// SPDX-License-Identifier: MIT
/// The version `pinbox --version` prints, the man page shows and scripts/package stamps on the
/// Debian package (which reads it from this line): change it here only.
let pinboxVersion = "0.9.0"
