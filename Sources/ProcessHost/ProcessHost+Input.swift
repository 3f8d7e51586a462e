import Lifecycle

/// Keyboard and focus: bytes from standard input are decoded by ``InputParser``; focus reports
/// move the scenes between active and inactive, keys go to ``ProcessHost/onKey`` and
/// ``ProcessHost/onLine`` while the app is in the foreground.
extension ProcessHost {
    func startInput(reading: Bool) {
        guard inputReader == nil else { return }
        let reader = InputReader(
            descriptor: configuration.inputDescriptor,
            onBytes: { [weak self] bytes in self?.receive(bytes) },
            onEnd: { [weak self] in
                self?.logger.info("Standard input ended.")
                self?.onEndOfInput?()
            }
        )
        inputReader = reader
        reader.start()
        if !reading { reader.pause() }
    }

    func receive(_ bytes: [UInt8]) {
        escapeFlush?.cancel()
        escapeFlush = nil
        deliver(parser.feed(bytes))
        if parser.hasPending {
            escapeFlush = clock.schedule(after: configuration.escapeTimeout) { [weak self] in
                guard let self else { return }
                self.escapeFlush = nil
                self.deliver(self.parser.flush())
            }
        }
    }

    private func deliver(_ inputs: [TerminalInput]) {
        for input in inputs {
            switch input {
            case .focusIn: perform(machine.focusChanged(true))
            case .focusOut: perform(machine.focusChanged(false))
            case .key(let key): deliver(key)
            }
        }
    }

    private func deliver(_ key: KeyPress) {
        guard machine.phase == .running, machine.sceneTarget.isForeground else { return }
        onKey?(key)
        switch key {
        case .character(let character): lineBuffer.append(character)
        case .backspace: if !lineBuffer.isEmpty { lineBuffer.removeLast() }
        case .enter:
            let line = lineBuffer
            lineBuffer = ""
            onLine?(line)
        default: break
        }
    }
}
