// SPDX-License-Identifier: MIT
/// Who asked the askpass what: to tell a question asked again. sudo and ssh ask their askpass
/// the same question a second time only when the answer it gave them was refused (a wrong
/// password, a key's wrong passphrase), and they say so only on their own terminal ("Sorry,
/// try again.", or nothing at all for a key), where a user answering in a window does not look.
/// The caller is the askpass's parent process, known by its process ID and the moment it
/// started (an ID alone is given again to a later process); the question by a hash of its
/// words. Nothing of the answer is kept.
public struct AskpassCall: Equatable, Sendable {
    public var caller: Int32
    /// When the caller started, in clock ticks after boot (`/proc/PID/stat`'s 22nd field).
    public var callerStarted: UInt64
    /// FNV-1a of the question's UTF-8.
    public var question: UInt64

    public init(caller: Int32, callerStarted: UInt64, question: UInt64) {
        self.caller = caller
        self.callerStarted = callerStarted
        self.question = question
    }

    /// The callers that ask again only after refusing the answer: sudo and sudoedit
    /// (`tgetpass`, up to `passwd_tries` times), ssh (a password, a key's passphrase, a PIN)
    /// and ssh-keygen (a new passphrase whose repeat did not match, a security key's PIN). Not
    /// git, which asks once; not a script, which may ask the same words for two hosts; not
    /// ssh-add, whose second question says "Bad passphrase" itself.
    public static let askAgainOnlyAfterRefusal: [String] = ["sudo", "sudoedit", "ssh", "ssh-keygen"]

    /// The most calls of one caller kept: its questions since the one it asks first.
    public static let kept = 8

    /// The call `prompt` makes from the caller whose `/proc/PID/stat` line is `stat`; nil
    /// where the line cannot be read or the caller is not one that asks again only after a
    /// refusal.
    public init?(callerStat stat: String, prompt: String) {
        let bytes = Array(stat.utf8)
        guard let (open, close) = Self.nameBounds(bytes),
              let pid = Int32(String(decoding: bytes[..<open].filter { $0 != UInt8(ascii: " ") }, as: UTF8.self)),
              Self.askAgainOnlyAfterRefusal.contains(String(decoding: bytes[(open + 1)..<close], as: UTF8.self))
        else { return nil }
        // After the name: the state (field 3) … the start time (field 22).
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19, let started = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        self.init(caller: pid, callerStarted: started, question: Self.hash(prompt))
    }

    /// The process name in a `/proc/PID/stat` line (what `/proc/PID/comm` says); nil where
    /// the line has none.
    public static func callerName(inStat stat: String) -> String? {
        let bytes = Array(stat.utf8)
        return nameBounds(bytes).map { String(decoding: bytes[($0.open + 1)..<$0.close], as: UTF8.self) }
    }

    /// "PID (NAME) STATE PPID …": the name may hold spaces and parentheses, so it ends at the
    /// last ')'.
    private static func nameBounds(_ bytes: [UInt8]) -> (open: Int, close: Int)? {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")), open < close else { return nil }
        return (open, close)
    }

    /// The line that keeps this call.
    public var record: String {
        String(caller) + " " + String(callerStarted) + " " + String(question) + "\n"
    }

    /// A call as `record` kept it; nil for anything else.
    public init?(record: String) {
        let parts = record.utf8.split(separator: UInt8(ascii: " "))
        guard parts.count == 3, record.utf8.last == UInt8(ascii: "\n"),
              let caller = Int32(String(decoding: parts[0], as: UTF8.self)),
              let started = UInt64(String(decoding: parts[1], as: UTF8.self)),
              let question = UInt64(String(decoding: parts[2].dropLast(), as: UTF8.self)) else { return nil }
        self.init(caller: caller, callerStarted: started, question: question)
    }

    /// The calls `text` keeps, a `record` a line; a line that is none ends them.
    public static func calls(in text: String) -> [AskpassCall] {
        var calls: [AskpassCall] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n")).prefix(kept) {
            guard let call = AskpassCall(record: String(decoding: line, as: UTF8.self) + "\n") else { break }
            calls.append(call)
        }
        return calls
    }

    /// What to keep once this call is answered, after the `earlier` ones: the caller's
    /// questions up to this one. Asked again, a question starts its caller's round again (the
    /// questions after it will be asked again too); another caller's calls are gone.
    public func kept(after earlier: [AskpassCall]) -> String {
        var calls = earlier.filter { $0.caller == caller && $0.callerStarted == callerStarted }
        if let first = calls.firstIndex(of: self) { calls.removeSubrange(first...) }
        calls.append(self)
        return calls.suffix(Self.kept).map { $0.record }.joined()
    }

    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
