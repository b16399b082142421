// SPDX-License-Identifier: MIT
import CX11

extension XDisplay {
    /// The refresh rate of the screen's first active output, in hertz, read through RandR; nil
    /// when the server cannot tell (no RandR, a virtual screen with no timings). Animation
    /// frames then fall back to 60 Hz.
    public var refreshRate: Double? {
        guard hasRandR, let resources = XRRGetScreenResourcesCurrent(handle, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let r = resources.pointee
        for i in 0..<Int(r.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(handle, resources, r.crtcs[i]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let modeID = crtc.pointee.mode
            guard modeID != 0 else { continue }
            for m in 0..<Int(r.nmode) where r.modes[m].id == modeID {
                let mode = r.modes[m]
                var lines = Double(mode.vTotal)
                if mode.modeFlags & UInt(RR_DoubleScan) != 0 { lines *= 2 }
                if mode.modeFlags & UInt(RR_Interlace) != 0 { lines /= 2 }
                let rate = Double(mode.dotClock) / (Double(mode.hTotal) * lines)
                if rate.isFinite && rate >= 20 && rate <= 500 { return rate }
            }
        }
        return nil
    }
}
