// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// The layout takes a description's height from its one unwrapped measure when its lines stand
/// whole (`DescriptionWidth`): that holds only if the text engines lay lines out alike with and
/// without a width that holds them, and within a height bound that holds them. gpg-agent's
/// lines in Latin (DejaVu's own layout), Chinese and Japanese (Pango), Hebrew and Arabic
/// (Pango, right to left).
@Suite("A description measured once stands for itself set whole")
struct DescriptionMeasureTests {
    static let texts = [
        "Please enter the passphrase to unlock the OpenPGP secret key:\n\"Alice <alice@example.org>\"\n3072-bit RSA key, ID 0123456789ABCDEF,\ncreated 2026-01-01.",
        "请输入密码以解锁 OpenPGP 私钥：\n“张三 <zhang@example.cn>”\n3072 位 RSA 密钥，ID 0123456789ABCDEF，\n创建于 2026-01-01。",
        "OpenPGP 秘密鍵のロックを解除するためのパスフレーズを入力してください:\n\"山田 <yamada@example.jp>\"",
        "נא להזין את משפט הסיסמה לביטול נעילת המפתח הסודי:\n\"Alice <alice@example.org>\"",
        "الرجاء إدخال عبارة المرور لفتح المفتاح السري:\n\"Alice <alice@example.org>\"",
    ]

    @Test(arguments: texts)
    func theUnwrappedMeasureIsTheHeightSetWhole(_ text: String) {
        withTextLanguage(nil) {
            let m = DialogLayout.Metrics()
            for scale in [1.0, 2.0] {
                let measured = DescriptionWidth(text, style: TextStyle(size: m.textSize * scale), measure: TextLayout.measure)
                let column = measured.column(usual: m.width * scale, widest: m.descriptionWidest * scale)
                // A bound as the dialog's: lines to spare.
                let limit = (10.5 * m.textSize * 1.2 * scale).rounded(.down)
                let set = TextLayout.metrics(text, style: TextStyle(size: m.textSize * scale, maxHeight: limit), width: column)
                #expect(measured.height(width: column, limit: limit) == set.size.height, "at \(scale)×")
                #expect(set.lineCount == text.split(separator: "\n").count && !set.truncated, "at \(scale)×: \(set)")
            }
        }
    }
}
