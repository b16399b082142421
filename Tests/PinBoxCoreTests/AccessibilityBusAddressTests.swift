// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// The address any client of the display may write on the root window (`AT_SPI_BUS`) is taken
/// only when it is one local socket: anything else could run a program, reach the network or
/// start a daemon as the user.
@Suite("The accessibility bus address taken from the root window")
struct AccessibilityBusAddressTests {
    /// The session bus is asked only in a Wayland session: on X11 the display says it.
    @Test func onlyAWaylandSessionAsksTheSessionBus() {
        #expect(AccessibilityBusAddress.isAskedOfTheSessionBus(waylandDisplay: "wayland-0", sessionType: nil))
        #expect(AccessibilityBusAddress.isAskedOfTheSessionBus(waylandDisplay: nil, sessionType: "wayland"))
        #expect(!AccessibilityBusAddress.isAskedOfTheSessionBus(waylandDisplay: nil, sessionType: "x11"))
        #expect(!AccessibilityBusAddress.isAskedOfTheSessionBus(waylandDisplay: "", sessionType: nil))
        #expect(!AccessibilityBusAddress.isAskedOfTheSessionBus(waylandDisplay: nil, sessionType: nil))
    }

    /// What at-spi-bus-launcher writes (its dbus-daemon's address), old and new.
    @Test(arguments: ["unix:path=/run/user/1000/at-spi/bus_0,guid=5a0d6c3e6ad1b1e2b6d4b54a65f1a2b3",
                      "unix:path=/tmp/pinbox-a11y-1/run/at-spi/bus_1",
                      "unix:abstract=/tmp/dbus-Xk3bQ2ZmPj,guid=9c6b2b3a0e1c4d5f8a7b6c5d4e3f2a1b",
                      "unix:path=/home/al%20ice/.cache/at-spi/bus"])
    func theLaunchersOwnAddressIsTaken(_ address: String) {
        #expect(AccessibilityBusAddress.isLocalSocket(address))
    }

    @Test(arguments: [
        // Runs a program as the user.
        "unixexec:path=/bin/sh,argv1=-c,argv2=touch%20/tmp/owned",
        // Off the machine, or to whoever listens on the port.
        "tcp:host=203.0.113.9,port=4444", "nonce-tcp:host=localhost,port=4444,noncefile=/tmp/n",
        // Start daemons, or look elsewhere for an address.
        "autolaunch:", "autolaunch:scope=*user", "launchd:env=DBUS_LAUNCHD_SESSION_BUS_SOCKET", "systemd:",
        // Listening addresses: a server's, never a client's.
        "unix:dir=/tmp", "unix:tmpdir=/tmp", "unix:runtime=yes",
        // A list: the second is tried when the first fails.
        "unix:path=/run/user/1000/bus;unixexec:path=/bin/sh", "unix:path=/run/user/1000/bus;",
        // Not one socket, or keys unix: does not have.
        "unix:", "unix:guid=5a0d6c3e", "unix:path=/a,abstract=/b", "unix:path=/a,path=/b",
        "unix:path=/a,argv1=-c", "unix:path=", "unix:path=/a,guid=", "unix:path=/a,", "unix:path",
        // Values not in D-Bus's escaped form: a bare space, a broken or NUL escape, a newline.
        "unix:path=/tmp/a b", "unix:path=/tmp/a%2", "unix:path=/tmp/a%zz", "unix:path=/tmp/a%00b", "unix:path=/tmp/a\n",
        "UNIX:path=/tmp/a", " unix:path=/tmp/a", "", "path=/tmp/a",
    ])
    func anythingElseIsRefused(_ address: String) {
        #expect(!AccessibilityBusAddress.isLocalSocket(address))
    }
}
