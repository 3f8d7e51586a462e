// The documentation's snippets, compiled by every `swift build` so that the articles' code keeps
// compiling. Running this executable does nothing but say where the snippets are.
print("Lifeline documentation snippets: see Examples/DocSnippets/*.swift and `make docs`.")
