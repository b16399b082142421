// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("What a page is told of the keys coming to its window")
struct FocusReportTests {
    @Test func theKeysComingAreToldAtOnce() {
        var report = FocusReport()
        #expect(report.update(hasKeys: false, now: 0) == nil, "nothing to tell: it never had them")
        #expect(report.update(hasKeys: true, now: 1) == true)
        #expect(report.update(hasKeys: true, now: 2) == nil, "told once")
    }

    @Test func theKeysGoingAreToldOnceTheyHaveStayedAway() {
        var report = FocusReport()
        _ = report.update(hasKeys: true, now: 0)
        #expect(report.update(hasKeys: false, now: 1) == nil)
        #expect(report.due == 1 + FocusReport.grace, "the loop wakes then")
        #expect(report.update(hasKeys: false, now: 1 + FocusReport.grace / 2) == nil)
        #expect(report.update(hasKeys: false, now: 1 + FocusReport.grace) == false)
        #expect(report.due == nil && !report.told)
        #expect(report.update(hasKeys: false, now: 5) == nil, "told once")
    }

    /// The focus set on the window the pointer gave the keys to: a FocusOut read in one burst,
    /// its FocusIn in the next.
    @Test func keysBackWithinTheGraceAreNoBlur() {
        var report = FocusReport()
        _ = report.update(hasKeys: true, now: 0)
        #expect(report.update(hasKeys: false, now: 1) == nil)
        #expect(report.update(hasKeys: true, now: 1.004) == nil)
        #expect(report.due == nil, "nothing pending")
        #expect(report.update(hasKeys: false, now: 2) == nil, "a later loss waits its own grace")
        #expect(report.update(hasKeys: false, now: 2 + FocusReport.grace) == false)
    }

    @Test func whatThePageWasToldAnotherWayStands() {
        var report = FocusReport()
        report.assume(true)  // drawn focused from the first frame: the grab gives the keys
        #expect(report.update(hasKeys: true, now: 0) == nil)
        #expect(report.update(hasKeys: false, now: 1) == nil)
        report.assume(false)  // hidden: the page was told, and the pending loss goes
        #expect(report.due == nil)
        #expect(report.update(hasKeys: false, now: 9) == nil)
        #expect(report.update(hasKeys: true, now: 10) == true)
    }
}
