/// The structured trace digest of events: what a run that keeps no trace text mixes into its
/// trace hash instead of the event's ``SimulationEvent/description`` (the same values, without
/// building a string). Main-actor free; pure functions of the value.
extension SimulationEvent {
    /// Mixes the event's case and every parameter into `hash`.
    func digest(into hash: inout FNV1a64) {
        switch self {
        case .launch(let kind):
            hash.combine(byte: 1)
            kind.digest(into: &hash)
        case let .connectScene(scene, foreground, restoration):
            hash.combine(byte: 2)
            hash.combine(scene)
            hash.combine(byte: foreground ? 1 : 0)
            if let restoration { restoration.digest(into: &hash) } else { hash.combine(byte: 0) }
        case let .connectSceneWithLink(scene, link, asActivity):
            hash.combine(byte: 3)
            hash.combine(scene)
            hash.combine(link)
            hash.combine(byte: asActivity ? 1 : 0)
        case .disconnectScene(let scene): hash.combine(byte: 4); hash.combine(scene)
        case .discardSession(let scene): hash.combine(byte: 5); hash.combine(scene)
        case .activate(let scene): hash.combine(byte: 6); hash.combine(scene)
        case .resignActive(let scene): hash.combine(byte: 7); hash.combine(scene)
        case .enterBackground(let scene): hash.combine(byte: 8); hash.combine(scene)
        case .enterForeground(let scene): hash.combine(byte: 9); hash.combine(scene)
        case let .openLink(scene, link):
            hash.combine(byte: 10)
            hash.combine(scene)
            hash.combine(link)
        case let .userAction(name, scene, seed):
            hash.combine(byte: 11)
            hash.combine(name)
            hash.combine(scene)
            hash.combine(seed)
        case .suspend: hash.combine(byte: 12)
        case .kill: hash.combine(byte: 13)
        case let .powerLoss(policy, seed):
            hash.combine(byte: 14)
            hash.combine(policy.rawValue)
            hash.combine(seed)
        case let .crashDuringNextStep(operation, death):
            hash.combine(byte: 15)
            hash.combine(operation)
            death.digest(into: &hash)
        case .terminate: hash.combine(byte: 16)
        case .memoryWarning: hash.combine(byte: 17)
        case .grantBackgroundTask(let identifier): hash.combine(byte: 18); hash.combine(identifier)
        case .expireBackgroundTask(let identifier): hash.combine(byte: 19); hash.combine(identifier)
        case .expireExtraTime: hash.combine(byte: 20)
        case .silentPush: hash.combine(byte: 21)
        case .advance(let milliseconds): hash.combine(byte: 22); hash.combine(milliseconds)
        case .clockJump(let hours): hash.combine(byte: 23); hash.combine(hours)
        case .corruptFile(let seed): hash.combine(byte: 24); hash.combine(seed)
        case let .serviceDown(service, outage):
            hash.combine(byte: 25)
            hash.combine(service)
            hash.combine(outage.rawValue)
        case .serviceUp(let service): hash.combine(byte: 26); hash.combine(service)
        case .diskFull: hash.combine(byte: 27)
        case .diskFreed: hash.combine(byte: 28)
        case .lock: hash.combine(byte: 29)
        case .unlock: hash.combine(byte: 30)
        case .reboot: hash.combine(byte: 31)
        case .prewarm: hash.combine(byte: 32)
        case .updateApp: hash.combine(byte: 33)
        }
    }
}

extension LaunchKind {
    func digest(into hash: inout FNV1a64) {
        switch self {
        case .user: hash.combine(byte: 1)
        case .link(let index): hash.combine(byte: 2); hash.combine(index)
        case .notification: hash.combine(byte: 3)
        }
    }
}

extension RestorationMutation {
    func digest(into hash: inout FNV1a64) {
        switch self {
        case .truncated(let keep): hash.combine(byte: 1); hash.combine(keep)
        case let .randomBytes(seed, count): hash.combine(byte: 2); hash.combine(seed); hash.combine(count)
        case .flippedByte(let index): hash.combine(byte: 3); hash.combine(index)
        case .empty: hash.combine(byte: 4)
        case let .app(index, seed): hash.combine(byte: 5); hash.combine(index); hash.combine(seed)
        }
    }
}

extension ProcessDeath {
    func digest(into hash: inout FNV1a64) {
        switch self {
        case .kill: hash.combine(byte: 1)
        case let .powerLoss(policy, seed): hash.combine(byte: 2); hash.combine(policy.rawValue); hash.combine(seed)
        }
    }
}
