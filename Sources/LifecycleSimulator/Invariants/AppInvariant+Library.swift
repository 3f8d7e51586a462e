import Lifecycle

/// Ready-made invariants for the rules most apps share, so that an app switches them on instead
/// of writing them: each takes a closure that lists what the rule looks at, and its name (the
/// violation kind `app: <name>`) states the rule.
///
/// ```swift
/// app.invariants = [
///     .oneScenePerScreenModel { app in app.windows.flatMap { $0.screenModels } },
///     .screenEditsReachModel { app in app.windows.compactMap(\.editorEdit) },
///     .noRecordCreatedEmpty { app in app.server.createdRecords },
/// ]
/// ```
///
/// The closures run on the main actor after every step while the process runs; they should only
/// read the app's state.
extension AppInvariant {
    /// *One scene per screen model*: a view model shown in one scene is not also the model of a
    /// screen in another. One model serving two windows makes each show what the other did (a
    /// search, a selection, a scroll position) — a singleton or an application-lifetime
    /// registration where a scene lifetime was meant.
    ///
    /// `models` lists the models of every connected scene's screens (a model may appear twice
    /// within one scene).
    public static func oneScenePerScreenModel(
        _ models: @escaping @MainActor @Sendable (Incarnation) -> [ScreenModel]
    ) -> AppInvariant {
        AppInvariant(name: "one scene per screen model") { incarnation in
            // Pairwise: each model against the earlier ones.
            let models = models(incarnation)
            for index in models.indices {
                let model = models[index]
                for earlier in models[..<index] where earlier.model === model.model && earlier.scene != model.scene {
                    let type = String(describing: type(of: model.model))
                    return "scene \(model.scene.rawValue)'s \(model.role) model is scene \(earlier.scene.rawValue)'s "
                        + "\(earlier.role) model (one \(type) serves both): what one window does shows in the other"
                }
            }
            return nil
        }
    }

    /// *Screen edits reach the model on resign*: once a scene is no longer active, what each of
    /// its screens shows as edited has been handed to the model beneath it (the draft, the
    /// store), which saves it. A screen that keeps typed text to itself until it is closed or
    /// deallocated loses it when the process is killed in the background.
    public static func screenEditsReachModel(
        _ edits: @escaping @MainActor @Sendable (Incarnation) -> [ScreenEdit]
    ) -> AppInvariant {
        AppInvariant(name: "screen edits reach the model on resign") { incarnation in
            for edit in edits(incarnation) where !edit.isSceneActive && edit.shown != edit.model {
                return "scene \(edit.scene.rawValue) is no longer active, its \(edit.field) shows "
                    + "\(HistoryRecorder.show(edit.shown)), but the model beneath holds \(HistoryRecorder.show(edit.model)): "
                    + "the edit lives only in the screen"
            }
            return nil
        }
    }

    /// *No record created empty*: a durable record (a file, a row, a server-side record) is
    /// created only once it holds something — opening the app and browsing leaves nothing behind.
    ///
    /// `records` lists the records the app created in this process, oldest first.
    public static func noRecordCreatedEmpty(
        _ records: @escaping @MainActor @Sendable (Incarnation) -> [CreatedRecord]
    ) -> AppInvariant {
        AppInvariant(name: "no record created empty") { incarnation in
            for record in records(incarnation) where record.isEmpty {
                return "\(record.kind) record \(record.id) was created for an empty value"
            }
            return nil
        }
    }

    /// *Saved means written*: a value whose indicator says saved has nothing left to write.
    public static func savedMeansWritten(
        _ indicators: @escaping @MainActor @Sendable (Incarnation) -> [SaveIndicator]
    ) -> AppInvariant {
        AppInvariant(name: "saved means written") { incarnation in
            for indicator in indicators(incarnation) where indicator.saysSaved && indicator.hasUnwrittenChanges {
                return "\(indicator.name) says saved with an edit not written"
            }
            return nil
        }
    }

    /// *Shown records exist*: what a scene shows by identifier (a restored selection, a screen
    /// on the navigation stack) is a record that exists — restored and linked identifiers are
    /// validated, and a deleted record is taken off every screen.
    ///
    /// `references` lists what scenes show once the app can tell (its catalogue loaded, its
    /// restoration settled).
    public static func shownRecordsExist(
        _ references: @escaping @MainActor @Sendable (Incarnation) -> [ShownReference]
    ) -> AppInvariant {
        AppInvariant(name: "shown records exist") { incarnation in
            for reference in references(incarnation) where !reference.exists {
                return "scene \(reference.scene.rawValue)'s \(reference.field) shows \(reference.id), which does not exist"
            }
            return nil
        }
    }

    /// *Restorable ids survive transient failures*: the app takes an identifier out of a scene's
    /// restorable state (its selection, a screen on its navigation stack) only when the record
    /// is gone — a definite "not found" from its source. A lookup that could not be answered
    /// (offline, a timeout, a server error) says nothing about the record; an app that reads it
    /// as "not found" shortens the window, writes the shorter state into the next payload, and
    /// the window the user left open is gone for good after a short outage at launch
    /// (DurableState's *Durability promises*, `LoadState.notFound` against `.unavailable`).
    ///
    /// `dropped` lists the identifiers the app dropped in this process, oldest first, each with
    /// whether its record exists at the simulated source. (An identifier lost without the app
    /// saying so is the history's to find: a restorable field that changed without an edit.)
    /// Generate the services' outages (``SimulationEvent/serviceDown(service:failing:)``, which
    /// the explorer does for every service reached through
    /// ``SimulationEnvironment/remoteService(_:)``) for the rule to be tested.
    public static func restorableIdsSurviveTransientFailures(
        _ dropped: @escaping @MainActor @Sendable (Incarnation) -> [DroppedIdentifier]
    ) -> AppInvariant {
        AppInvariant(name: "restorable ids survive transient failures") { incarnation in
            for drop in dropped(incarnation) where drop.recordExists {
                let cause = drop.lookupFailure.map { "its lookup failed (\($0)), and the failure was read as “not found”" }
                    ?? "its source never said it is gone"
                return "scene \(drop.scene.rawValue) dropped \(drop.id) from its \(drop.field), but the record exists: \(cause)"
            }
            return nil
        }
    }
}
