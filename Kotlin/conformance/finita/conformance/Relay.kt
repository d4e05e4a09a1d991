// The re-entrancy feature of the conformance suite: the PostProcessor's action, the
// Bootstrapper's actions and observers' wishes are queued, never handled recursively.
package finita.conformance

import finita.runtime.Feature
import finita.runtime.Observable
import finita.runtime.Scheduler

/** Relay's wishes, also its actions. */
enum class RelayWish { first, second, later, stop }

/**
 * `first` gives the effects a and b; the PostProcessor answers a with `second`, which gives c.
 * Queued, the effects are a, b, c; handled recursively they would be a, c, b.
 */
class RelayFeature(
    scheduler: Scheduler,
    bootstrap: List<RelayWish>,
    reducer: (List<String>, String) -> List<String> = { state, effect -> state + effect }
) : Feature<RelayWish, RelayWish, String, List<String>, String>(
    initialState = emptyList(),
    wishToAction = { it },
    actor = { _, action ->
        when (action) {
            RelayWish.first -> Observable.just("a", "b")
            RelayWish.second -> Observable.just("c")
            RelayWish.later -> Observable.delayed("d", 500, scheduler).cancellable("later", cancelInFlight = true)
            RelayWish.stop -> Observable.cancel("later")
        }
    },
    reducer = reducer,
    bootstrapper = { Observable.just(*bootstrap.toTypedArray()) },
    postProcessor = { _, effect, _ -> if (effect == "a") RelayWish.second else null },
    newsPublisher = { _, effect, _ -> if (effect == "a" || effect == "c") "${effect}Done" else null },
    startsImmediately = false
)
