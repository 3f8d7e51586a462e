// The ProcessHost module.
