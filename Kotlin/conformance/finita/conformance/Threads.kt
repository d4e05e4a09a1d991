// Any thread may send: several threads accept wishes at once on one feature, whose parts must
// never run concurrently nor re-enter, and whose every wish and follow-up is handled once.
package finita.conformance

import finita.runtime.Feature
import finita.runtime.Observable
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger

/** Sends [perThread] wishes from each of [threads] threads; returns what went wrong, if anything. */
fun sendFromThreads(threads: Int, perThread: Int): String? {
    val inside = AtomicInteger(0)
    val overlaps = AtomicInteger(0)
    fun <T> exclusive(body: () -> T): T {
        if (inside.incrementAndGet() != 1) overlaps.incrementAndGet()
        try {
            return body()
        } finally {
            inside.decrementAndGet()
        }
    }
    // Each wish adds 1; the PostProcessor answers every tenth one with a wish that adds a billion.
    val feature = Feature<Int, Int, Int, Long, Nothing>(
        initialState = 0L,
        wishToAction = { it },
        actor = { _, action -> exclusive { Observable.just(action) } },
        reducer = { state, effect -> exclusive { state + effect } },
        postProcessor = { _, effect, state -> exclusive { if (effect == 1 && state % BILLION % 10 == 0L) BILLION.toInt() else null } }
    )
    val observed = AtomicInteger(0)
    feature.observeState { exclusive { observed.incrementAndGet() } }
    val start = CountDownLatch(1)
    val workers = (1..threads).map {
        Thread {
            start.await()
            repeat(perThread) { feature.accept(1) }
        }.also { it.start() }
    }
    start.countDown()
    workers.forEach { it.join() }
    val wishes = threads.toLong() * perThread
    val state = feature.state
    val ones = state % BILLION
    val followUps = state / BILLION
    return when {
        overlaps.get() != 0 -> "the parts ran concurrently ${overlaps.get()} times"
        ones != wishes -> "$ones wishes handled of $wishes"
        followUps != wishes / 10 -> "$followUps follow-ups handled of ${wishes / 10}"
        observed.get().toLong() != 1 + wishes + followUps ->
            "observed ${observed.get()} states, expected ${1 + wishes + followUps}"
        else -> null
    }
}

private const val BILLION = 1_000_000_000L
