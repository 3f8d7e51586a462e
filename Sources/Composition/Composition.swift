// The Composition module.
