print("campus-library: not built yet")
