// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// What an X resource may do to each role: any client of the display can write them, so a
/// prompt reads its looks and settings that make it stricter, nothing else.
@Suite("Resource policy")
struct ResourcePolicyTests {
    static let prompts: [ResourceRole] = [.askpass, .pinentry, .pinPrompt]

    /// issue 22: each of these changed what a prompt asks, accepts, prints, shows, copies,
    /// captures or when it gives up.
    @Test(arguments: prompts)
    func nothingThatWidensOrChangesAPromptIsRead(_ role: ResourceRole) {
        for setting in ["length", "count", "rows", "columns", "size", "style", "accept", "timeout", "geometry",
                        "title", "plain", "reveal", "screenshot-dir", "record", "exit-on-complete", "askpass",
                        "pin", "passphrase", "digits", "quiet", "background-image", "fill-background-image",
                        "display", "name", "xrm"] {
            #expect(ResourcePolicy.judge(setting, value: "1", role: role) != .take, "\(setting) in \(role)")
            #expect(ResourcePolicy.allowlist(for: role)?.contains { $0.setting == setting } == false)
        }
    }

    @Test(arguments: prompts)
    func theScaleIsALook(_ role: ResourceRole) {
        #expect(ResourcePolicy.judge("scale", value: "2", role: role) == .take)
    }

    /// Light or dark, normal or high contrast, still or animated, are looks, as the scale is:
    /// the dialogs' roles and the payment sheet read them, either way. The PIN box's prompt
    /// keeps the look its options give it, so it does not.
    @Test func theColourSchemeContrastAndAnimationsAreLooksOfTheDialogs() {
        for role in [ResourceRole.askpass, .pinentry, .pay] {
            #expect(ResourcePolicy.judge("color-scheme", value: "dark", role: role) == .take)
            #expect(ResourcePolicy.judge("color-scheme", value: "light", role: role) == .take)
            #expect(ResourcePolicy.judge("contrast", value: "high", role: role) == .take)
            #expect(ResourcePolicy.judge("contrast", value: "normal", role: role) == .take)
            #expect(ResourcePolicy.judge("animations", value: "off", role: role) == .take)
            for setting in ["color-scheme", "contrast", "animations"] {
                #expect(ResourcePolicy.allowlist(for: role)?.contains { $0.setting == setting && !$0.isFlag } == true)
            }
        }
        for role in [ResourceRole.pinPrompt] {
            #expect(ResourcePolicy.judge("color-scheme", value: "dark", role: role) != .take, "\(role)")
            #expect(ResourcePolicy.judge("contrast", value: "high", role: role) != .take, "\(role)")
            #expect(ResourcePolicy.judge("animations", value: "off", role: role) != .take, "\(role)")
        }
    }

    @Test func pasteMayOnlyBeTurnedOff() {
        for role in [ResourceRole.askpass, .pinentry] {
            #expect(ResourcePolicy.judge("paste", value: "off", role: role) == .take)
            #expect(ResourcePolicy.judge("paste", value: "OFF", role: role) == .take)
            #expect(ResourcePolicy.judge("paste", value: "on", role: role)
                == .refuse("a resource may only make a prompt stricter (off)"))
        }
        #expect(ResourcePolicy.judge("paste", value: "deny", role: .pinPrompt) == .take)
        #expect(ResourcePolicy.judge("paste", value: "digits", role: .pinPrompt) != .take)
        #expect(ResourcePolicy.judge("paste", value: "text", role: .pinPrompt) != .take)
    }

    @Test func flagsMayOnlyBeTurnedOnWhereOnIsStricter() {
        #expect(ResourcePolicy.judge("grab", value: "true", role: .askpass) == .take)
        #expect(ResourcePolicy.judge("grab", value: "false", role: .askpass) != .take)
        #expect(ResourcePolicy.judge("grab", value: "Yes", role: .pinPrompt) == .take)
        #expect(ResourcePolicy.judge("grab", value: "off", role: .pinPrompt) != .take)
        #expect(ResourcePolicy.judge("secure", value: "true", role: .pinPrompt) == .take)
        #expect(ResourcePolicy.judge("secure", value: "false", role: .pinPrompt) != .take)
        #expect(ResourcePolicy.judge("clear-on-blur", value: "on", role: .pinPrompt) == .take)
        #expect(ResourcePolicy.judge("grab", value: "true", role: .pinentry) != .take, "the agent decides")
    }

    @Test func theAskpassModeTakesEveryColourWidthAndFont() {
        for setting in ["dot-color", "frame-width", "gap", "border-color", "highlight-border-color", "fill-background",
                        "empty-font", "text-color", "duration", "easing"] {
            #expect(ResourcePolicy.judge(setting, value: "x", role: .pinPrompt) == .take, "\(setting)")
        }
        #expect(ResourcePolicy.judge("dot-color", value: "#f00", role: .askpass) != .take, "the dialog has none")
    }

    @Test func theDemoReadsEverything() {
        #expect(ResourcePolicy.allowlist(for: .demo) == nil)
        for setting in ["count", "plain", "geometry", "timeout", "screenshot-dir", "paste"] {
            #expect(ResourcePolicy.judge(setting, value: "1", role: .demo) == .take)
        }
    }
}
