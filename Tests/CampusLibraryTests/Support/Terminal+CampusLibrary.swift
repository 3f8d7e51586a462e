/// What the student does in `campus-library` that several end-to-end tests begin with, pressed in
/// the terminal as a person would.
extension Terminal {
    /// From a window's search screen: opens the profile (Ctrl-P), signs in as the test student
    /// and waits for `confirmation`, then goes back to the search screen.
    func signIn(expecting confirmation: String = "Signed in as Ada") async throws {
        try keys("C-p")
        try await waitFor("Sign in to borrow books.")
        try type("ada", then: "Enter")
        try type("analytical", then: "Enter")
        try await waitFor(confirmation)
        try keys("Escape")
    }

    /// From a window's search screen: finds Moby-Dick, opens its note and types `text`, waiting
    /// until the editor says it is saved.
    func writeNoteOnMobyDick(_ text: String) async throws {
        try type("moby", then: "Enter")
        try await waitFor("subjects: Whaling")
        try keys("n")
        try type(text)
        try await waitFor("✓ saved")
    }
}
