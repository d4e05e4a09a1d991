// Finita's Kotlin runtime: time, injected, so that tests move it by hand.
package finita.runtime

import java.util.PriorityQueue
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

/** Runs work later: the clock a feature's timers use (Finita's injected `Clock`). */
interface Scheduler {
    /** Runs [task] after [delayMillis]; cancelling the result before then stops it. */
    fun schedule(delayMillis: Long, task: () -> Unit): Cancellable
}

/** Real time, on one thread of a `ScheduledExecutorService`. */
class ExecutorScheduler(
    private val executor: ScheduledExecutorService = Executors.newSingleThreadScheduledExecutor()
) : Scheduler {
    override fun schedule(delayMillis: Long, task: () -> Unit): Cancellable {
        val future = executor.schedule({ task() }, delayMillis, TimeUnit.MILLISECONDS)
        return object : Cancellable {
            override fun cancel() {
                future.cancel(false)
            }
        }
    }
}

/**
 * Time that moves only when a test says so (Finita's `VirtualClock`): [advanceBy] runs the due
 * tasks on the calling thread, earliest first, those due at the same time in the order they were
 * scheduled, each seeing [now] at its own deadline.
 */
class VirtualScheduler : Scheduler {
    private class Entry(val due: Long, val order: Long, val task: () -> Unit) {
        @Volatile
        var cancelled = false
    }

    private val lock = Any()
    private val entries = PriorityQueue<Entry>(
        compareBy<Entry>({ it.due }, { it.order })
    )
    private var nextOrder = 0L

    /** The virtual time, in milliseconds since the scheduler was made. */
    @Volatile
    var now = 0L
        private set

    /** How many tasks wait for their time. */
    val pendingCount: Int
        get() = synchronized(lock) { entries.count { !it.cancelled } }

    override fun schedule(delayMillis: Long, task: () -> Unit): Cancellable {
        val entry = synchronized(lock) {
            Entry(now + maxOf(0L, delayMillis), nextOrder++, task).also { entries.add(it) }
        }
        return object : Cancellable {
            override fun cancel() {
                entry.cancelled = true
                synchronized(lock) { entries.remove(entry) }
            }
        }
    }

    /** Moves time forward by [millis], running every task that falls due meanwhile. */
    fun advanceBy(millis: Long) {
        val target = now + millis
        while (true) {
            val entry = synchronized(lock) {
                val first = entries.peek()
                if (first == null || first.due > target) null else entries.poll()
            } ?: break
            if (entry.cancelled) continue
            if (entry.due > now) now = entry.due
            entry.task()
        }
        now = target
    }
}
