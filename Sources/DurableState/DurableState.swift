// The DurableState module.
