// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

/// INQUIRE QUALITY while GETPIN runs: the line the agent gets and the answers it may give.
@Suite struct QualityTests {
    @Test func roundTrip() {
        let run = converse("""
            SETQUALITYBAR Quality:
            GETPIN
            D 42
            END
            # a comment
            D -150
            D 7
            END
            D 150
            END
            CAN
            BYE

            """, FakeFrontEnd(pins: [.rateThenType([bytes("a b+c%\u{1}"), bytes("xy"), bytes("long passphrase"), bytes("z")])]))
        #expect(run.output == """
            OK Pleased to meet you
            OK
            INQUIRE QUALITY a+b%2Bc%25%01
            INQUIRE QUALITY xy
            INQUIRE QUALITY long+passphrase
            INQUIRE QUALITY z
            D z
            OK
            OK closing connection

            """)
        #expect(run.server.frontEnd.ratings == [42, -100, 100, nil])
    }

    @Test func onlyThe300FirstBytesAreSent() {
        let long = [UInt8](repeating: 0x20, count: 400)
        let run = converse("SETQUALITYBAR\nGETPIN\nD 10\nEND\n", FakeFrontEnd(pins: [.rateThenType([long])]))
        #expect(run.output.contains("\nINQUIRE QUALITY " + String(repeating: "+", count: 300) + "\n"))
    }

    @Test func noQualityBarNoInquiry() {
        let run = converse("GETPIN\nNOP\n", FakeFrontEnd(pins: [.rateThenType([bytes("abc")])]))
        #expect(run.output == "OK Pleased to meet you\nD abc\nOK\nOK\n")
        #expect(run.server.frontEnd.ratings == [nil])
    }

    @Test func theAgentGoingAwayMidInquiryGivesNil() {
        let run = converse("SETQUALITYBAR\nGETPIN\nD 5\n", FakeFrontEnd(pins: [.rateThenType([bytes("abc"), bytes("abcd")])]))
        #expect(run.server.frontEnd.ratings == [nil, nil])
        #expect(run.end == .endOfInput)
    }

    @Test func aLongLineDuringTheInquiryIsSkipped() {
        let input = "SETQUALITYBAR\nGETPIN\n" + String(repeating: "D", count: 1500) + "\nD 33\nEND\nNOP\n"
        let run = converse(input, FakeFrontEnd(pins: [.rateThenType([bytes("abc")])]))
        #expect(run.server.frontEnd.ratings == [33])
        #expect(run.output.hasSuffix("D abc\nOK\nOK\n"))
    }

    @Test func anErrAnswerEndsTheInquiry() {
        let run = converse("SETQUALITYBAR\nGETPIN\nERR 1 no\nNOP\n", FakeFrontEnd(pins: [.rateThenType([bytes("abc")])]))
        #expect(run.server.frontEnd.ratings == [nil])
        #expect(run.output.hasSuffix("D abc\nOK\nOK\n"))
    }
}
