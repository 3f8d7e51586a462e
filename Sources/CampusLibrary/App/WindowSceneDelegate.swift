import Foundation
import Lifecycle

/// The callbacks of one window's scene: create and restore its ``WindowModel`` on connect, follow
/// links, flush pending writes when it resigns active, hand back its restoration payload, and
/// forget it on disconnect.
///
/// Created by the scene factory installed by ``AppComposition``; retained by its scene until it
/// disconnects. Lives on the main actor.
@MainActor
final class WindowSceneDelegate: SceneDelegate {
    private unowned let composition: AppComposition
    let window: WindowModel

    init(window: WindowModel, composition: AppComposition) {
        self.composition = composition
        self.window = window
    }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {
        composition.register(window)
        window.restore(from: scene.session.restorationPayload)
        let destinations = composition.services.links.router.routes(for: options)
        for destination in destinations { follow(destination) }
    }

    func sceneWillResignActive(_ scene: LifecycleScene) {
        composition.flushForTransition()
    }

    func sceneDidEnterBackground(_ scene: LifecycleScene) {
        composition.flushForTransition()
    }

    func sceneDidDisconnect(_ scene: LifecycleScene) {
        composition.unregister(scene.id)
    }

    func stateRestorationPayload(for scene: LifecycleScene) -> Data? {
        window.restorationPayload()
    }

    func scene(_ scene: LifecycleScene, openURLs urls: [URL]) {
        for url in urls {
            guard let destination = composition.services.links.router.route(for: url) else { continue }
            open(destination, links: ConnectionOptions(urls: [url]))
        }
    }

    func scene(_ scene: LifecycleScene, continue activity: UserActivity) {
        guard let destination = composition.services.links.router.route(for: activity) else { return }
        open(destination, links: ConnectionOptions(userActivities: [activity]))
    }

    /// A link that arrives while connected: a new-window link asks the system for a window carrying
    /// it (the new scene opens it at connect, in the current window there); others open here.
    private func open(_ destination: AppLinks.Destination, links: ConnectionOptions) {
        composition.services.analytics.track(.followedLink)
        if destination.target == .newWindow {
            composition.environment.runtime.requestSceneActivation(links)
        } else {
            follow(destination)
        }
    }

    private func follow(_ destination: AppLinks.Destination) {
        window.follow(destination.route)
    }
}
