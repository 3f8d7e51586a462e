import DurableState
import Lifecycle
import Testing

@Suite("Secret")
struct SecretTests {
    let canary = "canary-secret-5c1e"

    @Test func revealsItsValueOnlyThroughRevealed() {
        let secret = Secret(canary)
        #expect(secret.revealed == canary)
        #expect(secret == Secret(canary))
        #expect(secret != Secret("other"))
    }

    @Test func everyTextualFormIsRedacted() {
        let secret = Secret(canary)
        var dumped = ""
        dump(secret, to: &dumped)
        dump(["token": secret], to: &dumped)
        let texts = [
            "\(secret)", String(describing: secret), String(reflecting: secret), dumped,
            "\([secret])", "\(["token": secret])", "\(Optional(secret) as Any)",
            LogMessage("token \(secret, privacy: .public)").description,
        ]
        for text in texts { #expect(!text.contains(canary), "\(text)") }
        #expect("\(secret)" == "<secret>")
    }

    @Test func mirrorHasNoChildren() {
        #expect(Mirror(reflecting: Secret(canary)).children.isEmpty)
    }
}
