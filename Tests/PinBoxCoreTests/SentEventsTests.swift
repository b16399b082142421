// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Events another client sent (XSendEvent) count only where other clients send them by design.
@Suite("Events another client sent")
struct SentEventsTests {
    @Test func whatTheServerAloneReportsIsNotTakenFromAnotherClient() {
        for kind: SentEvents.Kind in [.focus, .crossing, .map, .unmap, .destroy, .keyboard, .pointerMotion, .exposure,
                                      .selectionRequest, .selectionLost] {
            #expect(!SentEvents.believes(kind, sent: true), "\(kind)")
            #expect(SentEvents.believes(kind, sent: false), "the server's own \(kind)")
        }
    }

    /// The window manager's close button and a paste's answer come from other clients.
    @Test func theWindowManagersMessageAndAPastesAnswerAreTaken() {
        #expect(SentEvents.believes(.windowManagerMessage, sent: true))
        #expect(SentEvents.believes(.selectionAnswer, sent: true))
        #expect(SentEvents.Kind.allCases.filter { SentEvents.believes($0, sent: true) }.count == 2)
    }
}
