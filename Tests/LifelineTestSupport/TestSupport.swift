// Shared fakes for the test targets.
