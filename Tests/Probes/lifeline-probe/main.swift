print("lifeline-probe")
