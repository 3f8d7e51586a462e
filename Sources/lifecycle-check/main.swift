print("lifecycle-check: not built yet")
