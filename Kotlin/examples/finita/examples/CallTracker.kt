// CallTracker (seeds 000 and 002) on Finita's Kotlin runtime: the port of
// Sources/FinitaExamples/CallTracker, with the same table, timer, news and follow-up event.
package finita.examples

import finita.runtime.Feature
import finita.runtime.Observable
import finita.runtime.Scheduler

/** What the tracker reacts to: the app's lifecycle events and its own two events. */
enum class CallEvent { willResignActive, didBecomeActive, didEnterBackground, willEnterForeground, trackOutgoingCall, userDidCancel }

/** Where an outgoing call stands. */
enum class CallState { none, start, systemAlert, waiting, callStarting, callInProgress, callEnded }

/** What the tracker did. */
sealed class CallEffect {
    /** The table moved the tracker. */
    data class Moved(val from: CallState, val to: CallState) : CallEffect() {
        override fun toString() = "moved($from -> $to)"
    }

    /** An event the table does not expect here: start over. */
    data class Reset(val from: CallState) : CallEffect() {
        override fun toString() = "reset(from: $from)"
    }

    /** The waiting time passed. */
    object WaitingTimerFired : CallEffect() {
        override fun toString() = "waitingTimerFired"
    }
}

/** What the tracker tells the app. */
enum class CallNews { callEnded }

/** The tracker's table: (state, event) to (next state, whether it starts the timer). */
object CallTable {
    private class Move(val to: CallState, val startsTimer: Boolean = false)

    private val moves: Map<Pair<CallState, CallEvent>, Move> = mapOf(
        (CallState.none to CallEvent.trackOutgoingCall) to Move(CallState.start),
        (CallState.start to CallEvent.willResignActive) to Move(CallState.systemAlert),
        (CallState.systemAlert to CallEvent.didBecomeActive) to Move(CallState.waiting, true),
        (CallState.waiting to CallEvent.willResignActive) to Move(CallState.callStarting),
        (CallState.waiting to CallEvent.userDidCancel) to Move(CallState.none),
        (CallState.callStarting to CallEvent.didEnterBackground) to Move(CallState.callInProgress),
        (CallState.callInProgress to CallEvent.willEnterForeground) to Move(CallState.callEnded),
        (CallState.callEnded to CallEvent.didBecomeActive) to Move(CallState.none)
    )

    // Without a tracked call the app just comes and goes.
    private val stays = setOf(
        CallEvent.willResignActive, CallEvent.didBecomeActive,
        CallEvent.didEnterBackground, CallEvent.willEnterForeground
    )

    /** The effects of [event] in [state], with the timer on [scheduler]. */
    fun act(state: CallState, event: CallEvent, waitingMillis: Long, scheduler: Scheduler): Observable<CallEffect> {
        val move = moves[state to event]
        if (move == null) {
            if (state == CallState.none && event in stays) return Observable.empty()
            return Observable.merge(
                Observable.cancel<CallEffect>(WaitingTimer),
                Observable.just<CallEffect>(CallEffect.Reset(state))
            )
        }
        val moved = Observable.just<CallEffect>(CallEffect.Moved(state, move.to))
        if (move.startsTimer) {
            return Observable.merge(
                moved,
                Observable.delayed<CallEffect>(CallEffect.WaitingTimerFired, waitingMillis, scheduler)
                    .cancellable(WaitingTimer, cancelInFlight = true)
            )
        }
        if (state == CallState.waiting) {
            return Observable.merge(Observable.cancel<CallEffect>(WaitingTimer), moved)
        }
        return moved
    }

    private object WaitingTimer
}

/** The outgoing-call tracker as a feature: the table, a waiting timer, a news, a follow-up. */
class CallTrackerFeature(
    scheduler: Scheduler,
    waitingMillis: Long = 1000,
    initialState: CallState = CallState.none,
    startsImmediately: Boolean = true,
    reducer: (CallState, CallEffect) -> CallState = ::reduceCall
) : Feature<CallEvent, CallEvent, CallEffect, CallState, CallNews>(
    initialState = initialState,
    wishToAction = { it },
    actor = { state, event -> CallTable.act(state, event, waitingMillis, scheduler) },
    reducer = reducer,
    postProcessor = { _, effect, state ->
        if (effect == CallEffect.WaitingTimerFired && state == CallState.waiting) CallEvent.userDidCancel else null
    },
    newsPublisher = { _, effect, _ ->
        if (effect == CallEffect.Moved(CallState.callEnded, CallState.none)) CallNews.callEnded else null
    },
    startsImmediately = startsImmediately
)

/** The tracker's Reducer. */
fun reduceCall(state: CallState, effect: CallEffect): CallState = when (effect) {
    is CallEffect.Moved -> effect.to
    is CallEffect.Reset -> CallState.none
    CallEffect.WaitingTimerFired -> state
}
