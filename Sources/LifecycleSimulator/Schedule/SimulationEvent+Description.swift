extension SimulationEvent: CustomStringConvertible {
    /// A compact form for traces and timelines, such as `background(1)`.
    public var description: String {
        switch self {
        case .launch(let kind): "launch(\(kind))"
        case let .connectScene(scene, foreground, restoration):
            "connect(\(scene)\(foreground ? "" : ", background")\(restoration.map { ", \($0)" } ?? ""))"
        case let .connectSceneWithLink(scene, link, asActivity): "connect(\(scene), \(asActivity ? "activity" : "url") #\(link))"
        case .disconnectScene(let scene): "disconnect(\(scene))"
        case .discardSession(let scene): "discard(\(scene))"
        case .activate(let scene): "activate(\(scene))"
        case .resignActive(let scene): "resign(\(scene))"
        case .enterBackground(let scene): "background(\(scene))"
        case .enterForeground(let scene): "foreground(\(scene))"
        case let .openLink(scene, link): "openLink(\(scene), #\(link))"
        case let .userAction(name, scene, seed): "\(name)(\(scene), seed \(seed))"
        case .suspend: "suspend"
        case .kill: "kill"
        case let .powerLoss(policy, seed): "powerLoss(\(policy.rawValue), seed \(seed))"
        case let .crashDuringNextStep(operation, death): "crashDuringNextStep(op \(operation), \(death))"
        case .terminate: "terminate"
        case .memoryWarning: "memoryWarning"
        case .grantBackgroundTask(let identifier): "grantBackgroundTask(\(identifier))"
        case .expireBackgroundTask(let identifier): "expireBackgroundTask(\(identifier))"
        case .expireExtraTime: "expireExtraTime"
        case .silentPush: "silentPush"
        case .advance(let milliseconds): "advance(\(milliseconds)ms)"
        case .clockJump(let hours): "clockJump(\(hours)h)"
        case .corruptFile(let seed): "corruptFile(seed \(seed))"
        case let .serviceDown(service, outage): "serviceDown(\(service), \(outage))"
        case .serviceUp(let service): "serviceUp(\(service))"
        case .diskFull: "diskFull"
        case .diskFreed: "diskFreed"
        case .lock: "lock"
        case .unlock: "unlock"
        case .reboot: "reboot"
        case .prewarm: "prewarm"
        case .updateApp: "updateApp"
        }
    }

    /// The event as Swift source, for the replay snippet of a report.
    public var swiftLiteral: String {
        switch self {
        case .launch(let kind): ".launch(\(kind.swiftLiteral))"
        case let .connectScene(scene, foreground, restoration):
            ".connectScene(scene: \(scene), foreground: \(foreground), restoration: \(restoration?.swiftLiteral ?? "nil"))"
        case let .connectSceneWithLink(scene, link, asActivity):
            ".connectSceneWithLink(scene: \(scene), link: \(link), asActivity: \(asActivity))"
        case .disconnectScene(let scene): ".disconnectScene(scene: \(scene))"
        case .discardSession(let scene): ".discardSession(scene: \(scene))"
        case .activate(let scene): ".activate(scene: \(scene))"
        case .resignActive(let scene): ".resignActive(scene: \(scene))"
        case .enterBackground(let scene): ".enterBackground(scene: \(scene))"
        case .enterForeground(let scene): ".enterForeground(scene: \(scene))"
        case let .openLink(scene, link): ".openLink(scene: \(scene), link: \(link))"
        case let .userAction(name, scene, seed): ".userAction(name: \(Self.quoted(name)), scene: \(scene), seed: \(seed))"
        case .suspend: ".suspend"
        case .kill: ".kill"
        case let .powerLoss(policy, seed): ".powerLoss(policy: .\(policy.rawValue), seed: \(seed))"
        case let .crashDuringNextStep(operation, death):
            ".crashDuringNextStep(atOperation: \(operation), death: \(death.swiftLiteral))"
        case .terminate: ".terminate"
        case .memoryWarning: ".memoryWarning"
        case .grantBackgroundTask(let identifier): ".grantBackgroundTask(identifier: \(Self.quoted(identifier)))"
        case .expireBackgroundTask(let identifier): ".expireBackgroundTask(identifier: \(Self.quoted(identifier)))"
        case .expireExtraTime: ".expireExtraTime"
        case .silentPush: ".silentPush"
        case .advance(let milliseconds): ".advance(milliseconds: \(milliseconds))"
        case .clockJump(let hours): ".clockJump(hours: \(hours))"
        case .corruptFile(let seed): ".corruptFile(seed: \(seed))"
        case let .serviceDown(service, outage): ".serviceDown(service: \(Self.quoted(service)), failing: .\(outage.rawValue))"
        case .serviceUp(let service): ".serviceUp(service: \(Self.quoted(service)))"
        case .diskFull: ".diskFull"
        case .diskFreed: ".diskFreed"
        case .lock: ".lock"
        case .unlock: ".unlock"
        case .reboot: ".reboot"
        case .prewarm: ".prewarm"
        case .updateApp: ".updateApp"
        }
    }

    static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}

extension LaunchKind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .user: "user"
        case .link(let index): "link #\(index)"
        case .notification: "notification"
        }
    }

    var swiftLiteral: String {
        switch self {
        case .user: ".user"
        case .link(let index): ".link(\(index))"
        case .notification: ".notification"
        }
    }
}

extension RestorationMutation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let keep): "truncated to \(keep)B"
        case let .randomBytes(_, count): "\(count) random bytes"
        case .flippedByte(let index): "byte \(index) flipped"
        case .empty: "empty payload"
        case .app(let index, _): "app mutation #\(index)"
        }
    }

    var swiftLiteral: String {
        switch self {
        case .truncated(let keep): ".truncated(keep: \(keep))"
        case let .randomBytes(seed, count): ".randomBytes(seed: \(seed), count: \(count))"
        case .flippedByte(let index): ".flippedByte(index: \(index))"
        case .empty: ".empty"
        case let .app(index, seed): ".app(index: \(index), seed: \(seed))"
        }
    }
}

extension ProcessDeath: CustomStringConvertible {
    public var description: String {
        switch self {
        case .kill: "kill"
        case let .powerLoss(policy, _): "powerLoss(\(policy.rawValue))"
        }
    }

    var swiftLiteral: String {
        switch self {
        case .kill: ".kill"
        case let .powerLoss(policy, seed): ".powerLoss(policy: .\(policy.rawValue), seed: \(seed))"
        }
    }
}
