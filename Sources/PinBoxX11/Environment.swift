// SPDX-License-Identifier: MIT
import CSystem

/// The environment variable `name`'s text; nil where it is not set.
func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
