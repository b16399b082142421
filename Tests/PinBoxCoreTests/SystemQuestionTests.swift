// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("systemd's password questions: the ask file, and which one is asked when")
struct SystemQuestionTests {
    private let directory = "/run/systemd/ask-password"

    /// An ask file as systemd 252's `systemd-ask-password` writes it.
    private func file(_ message: String = "Please enter passphrase for disk backup (luks-0f3c):",
                      socket: String = "/run/systemd/ask-password/sck.a3580c029d1298f9",
                      extra: String = "") -> [UInt8] {
        Array("""
            [Ask]
            PID=2477
            Socket=\(socket)
            AcceptCached=0
            Echo=0
            NotAfter=47906404339
            Silent=0
            Message=\(message)
            Icon=drive-harddisk
            Id=cryptsetup:/dev/sdb1
            \(extra)
            """.utf8)
    }

    @Test func systemdsAskFileIsReadWhole() throws {
        let question = try SystemQuestion(file: file(), directory: directory)
        #expect(question.message == "Please enter passphrase for disk backup (luks-0f3c):")
        #expect(question.socket == "/run/systemd/ask-password/sck.a3580c029d1298f9")
        #expect(question.pid == 2477 && question.notAfter == 47_906_404_339 && !question.echo)
    }

    /// Keys systemd may add later are passed over; other sections too; blanks round a key or a
    /// value, CR line ends and comments are not part of them.
    @Test func unknownKeysSectionsAndBlanksArePassedOver() throws {
        let text = "# asked by a test\r\n[Other]\nMessage=not this\n[Ask]\r\n Message = Key for web server \r\n"
            + "Socket=/run/systemd/ask-password/sck.1\nKeyname=cryptsetup\nEcho=yes\nNotAfter=0\n; done\n"
        let question = try SystemQuestion(file: Array(text.utf8), directory: directory)
        #expect(question.message == "Key for web server" && question.echo && question.notAfter == nil)
        #expect(question.pid == nil)
    }

    @Test func aFileThatAsksNothingIsRefusedSayingWhy() {
        #expect(throws: SystemQuestion.Refusal.noAskSection) {
            try SystemQuestion(file: Array("Message=x\nSocket=/run/systemd/ask-password/s".utf8), directory: directory)
        }
        #expect(throws: SystemQuestion.Refusal.noMessage) {
            try SystemQuestion(file: Array("[Ask]\nSocket=/run/systemd/ask-password/s".utf8), directory: directory)
        }
        #expect(throws: SystemQuestion.Refusal.noSocket) {
            try SystemQuestion(file: Array("[Ask]\nMessage=x".utf8), directory: directory)
        }
        #expect(throws: SystemQuestion.Refusal.badNumber(key: "NotAfter")) {
            try SystemQuestion(file: file(extra: "NotAfter=soon"), directory: directory)
        }
        #expect(throws: SystemQuestion.Refusal.badNumber(key: "PID")) {
            try SystemQuestion(file: file(extra: "PID=-1"), directory: directory)
        }
    }

    /// The password goes to a socket in the question's own directory, never to one a file
    /// names elsewhere (an agent running as root would write it to any program's socket).
    @Test(arguments: ["/tmp/sck.1", "/run/systemd/ask-password/../../user/1000/bus", "/run/systemd/ask-password/",
                      "/run/systemd/ask-password/sub/sck.1", "/run/systemd/ask-passwordX/sck.1", "sck.1"])
    func aSocketOutsideTheDirectoryIsRefused(_ socket: String) {
        #expect(throws: SystemQuestion.Refusal.socketElsewhere) {
            try SystemQuestion(file: file(socket: socket), directory: directory)
        }
    }

    @Test func aSocketInTheDirectoryIsTakenWithOrWithoutASlashAfterIt() throws {
        #expect(try SystemQuestion(file: file(), directory: directory + "/").socket.hasSuffix("sck.a3580c029d1298f9"))
    }

    /// Root's files and the agent's user's own are asked; another user's, or one that others
    /// may write, is not.
    @Test func onlyRootsAndTheAgentsOwnFilesAreAsked() {
        #expect(SystemQuestion.fileRefusal(owner: 0, mode: 0o100644, agent: 0) == nil)
        #expect(SystemQuestion.fileRefusal(owner: 1000, mode: 0o100600, agent: 1000) == nil)
        #expect(SystemQuestion.fileRefusal(owner: 0, mode: 0o100644, agent: 1000) == nil)
        #expect(SystemQuestion.fileRefusal(owner: 1000, mode: 0o100644, agent: 0) == .strangeOwner)
        #expect(SystemQuestion.fileRefusal(owner: 0, mode: 0o100664, agent: 0) == .writableByOthers)
        #expect(SystemQuestion.fileRefusal(owner: 0, mode: 0o100646, agent: 0) == .writableByOthers)
    }

    @Test func onlyAskFilesAreQuestions() {
        #expect(SystemQuestion.isQuestionFile("ask.9t0II0"))
        #expect(!SystemQuestion.isQuestionFile("sck.a3580c029d1298f9"))
        #expect(!SystemQuestion.isQuestionFile("ask."))
        #expect(!SystemQuestion.isQuestionFile(".ask.x"))
    }

    /// The dialog: the asker's words without their colon; a passphrase with dots and Show, a
    /// PIN with PIN boxes, a question shown as typed when the asker echoes, never yes or no.
    @Test func theDialogAsksWhatTheMessageAsksFor() throws {
        let disk = try SystemQuestion(file: file(), directory: directory).dialog
        #expect(disk.description == "Please enter passphrase for disk backup (luks-0f3c)")
        #expect(disk.kind == .entry(PromptKind.passphrase.entry) && !disk.showsTyping && disk.reveal != nil)
        let token = SystemQuestion(message: "Please enter security token PIN:", socket: "s").dialog
        #expect(token.kind == .entry(PromptKind.pin(.user).entry))
        var name = SystemQuestion(message: "Username for vpn:", socket: "s")
        name.echo = true
        #expect(name.dialog.showsTyping && name.dialog.reveal == nil)
        var shown = SystemQuestion(message: "Recovery key:", socket: "s")
        shown.echo = true
        #expect(shown.dialog.showsTyping && shown.dialog.reveal == nil)
        let asked = SystemQuestion(message: "Are you sure you want to continue connecting (yes/no)?", socket: "s").dialog
        #expect(asked.kind == .entry(PromptKind.password.entry))
    }

    @Test func notAfterCountsInMicrosecondsOfTheMonotonicClock() {
        let question = SystemQuestion(message: "m", socket: "s", notAfter: 5_000_000)
        #expect(question.isWaiting(at: 4_999_999) && !question.isWaiting(at: 5_000_000))
        #expect(SystemQuestion(message: "m", socket: "s").isWaiting(at: .max))
    }
}

@Suite("The system agent's questions, one dialog at a time")
struct SystemQuestionBoardTests {
    private func found(_ name: String, pid: Int32? = 10, notAfter: UInt64? = nil,
                       message: String? = nil) -> SystemQuestionBoard.Found {
        .init(name: name, question: .success(SystemQuestion(message: message ?? name, socket: "s", pid: pid,
                                                            notAfter: notAfter)))
    }

    private let running: (Int32) -> Bool = { $0 != 99 }

    @Test func questionsAreAskedInTurnEachOnce() {
        var board = SystemQuestionBoard()
        var moves = board.update([found("ask.a"), found("ask.b")], now: 0, isRunning: running)
        #expect(moves.ask == "ask.a" && moves.withdraw == nil)
        moves = board.update([found("ask.a"), found("ask.b")], now: 1, isRunning: running)
        #expect(moves.ask == nil && moves.withdraw == nil)
        board.ended("ask.a")
        // ask.a was answered and its asker has not removed its file yet: not asked again.
        moves = board.update([found("ask.a"), found("ask.b")], now: 2, isRunning: running)
        #expect(moves.ask == "ask.b")
        board.ended("ask.b")
        #expect(board.isIdle)
        #expect(board.update([found("ask.a"), found("ask.b")], now: 3, isRunning: running) == .init())
        // Gone, then a new question by the same name: asked.
        _ = board.update([], now: 4, isRunning: running)
        #expect(board.update([found("ask.a")], now: 5, isRunning: running).ask == "ask.a")
    }

    /// systemd-cryptsetup asks again in the same words after a wrong passphrase, and asks its
    /// first question again when the verification differed: said in red. Not after a decline,
    /// nor when another asker asks the same.
    @Test func aQuestionAskedAgainAfterItsAnswerSaysWhy() {
        let disk = "Please enter passphrase for disk backup:"
        let verification = "Please enter passphrase for disk backup (verification):"
        var board = SystemQuestionBoard()
        #expect(board.update([found("ask.1", message: disk)], now: 0, isRunning: running).askedAgain == nil)
        board.ended("ask.1", answered: true)
        var moves = board.update([found("ask.2", message: disk)], now: 1, isRunning: running)
        #expect(moves.ask == "ask.2" && moves.askedAgain == .refused)
        board.ended("ask.2", answered: true)
        #expect(board.update([found("ask.3", message: verification)], now: 2, isRunning: running).askedAgain == nil)
        board.ended("ask.3", answered: true)
        moves = board.update([found("ask.4", message: disk)], now: 3, isRunning: running)
        #expect(moves.askedAgain == .mismatch)
        board.ended("ask.4")
        // Declined: the next asking is no refusal of an answer.
        #expect(board.update([found("ask.5", message: verification)], now: 4, isRunning: running).askedAgain == nil)
        board.ended("ask.5", answered: true)
        #expect(board.update([found("ask.6", pid: 11, message: verification)], now: 5, isRunning: running).askedAgain == nil)
        #expect(SystemQuestionBoard.AskedAgain.refused.sentence == "That was not accepted: try again")
        #expect(SystemQuestionBoard.AskedAgain.mismatch.sentence == "does not match - try again")
    }

    @Test func aWithdrawnOrExpiredQuestionEndsItsDialog() {
        var board = SystemQuestionBoard()
        #expect(board.update([found("ask.a", notAfter: 100)], now: 0, isRunning: running).ask == "ask.a")
        #expect(board.nextDeadline == 100)
        #expect(board.update([found("ask.a", notAfter: 100)], now: 99, isRunning: running).withdraw == nil)
        #expect(board.update([found("ask.a", notAfter: 100)], now: 100, isRunning: running).withdraw == "ask.a")
        board.ended("ask.a")
        #expect(board.update([found("ask.b")], now: 101, isRunning: running).ask == "ask.b")
        #expect(board.update([], now: 102, isRunning: running).withdraw == "ask.b")
    }

    /// A question whose asker has ended or stopped waiting is passed over for good; a file
    /// that is no question is said once.
    @Test func deadAskersExpiredQuestionsAndBadFilesAreNotAsked() {
        var board = SystemQuestionBoard()
        let bad = SystemQuestionBoard.Found(name: "ask.bad", question: .failure(.noSocket))
        let moves = board.update([found("ask.dead", pid: 99), found("ask.late", notAfter: 5), bad, found("ask.ok")],
                                 now: 10, isRunning: running)
        #expect(moves.ask == "ask.ok")
        #expect(moves.refused.map { $0.name } == ["ask.bad"] && moves.refused.map { $0.refusal } == [.noSocket])
        board.ended("ask.ok")
        #expect(board.update([found("ask.dead", pid: 99), found("ask.late", notAfter: 5), bad], now: 11,
                             isRunning: running) == .init())
    }
}
