print("durable-kill-probe")
