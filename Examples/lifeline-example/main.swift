print("lifeline-example")
