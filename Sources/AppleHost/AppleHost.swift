// The AppleHost module.
