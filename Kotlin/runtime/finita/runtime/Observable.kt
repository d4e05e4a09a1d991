// Finita's Kotlin runtime: MVICore's shapes with Finita's order, on the Kotlin standard library
// and java.util.concurrent only. This file: the small stream type an Actor returns.
package finita.runtime

/** Stops something that runs: a subscription, a timer, a request. */
interface Cancellable {
    /** Stops it; calling it again does nothing. */
    fun cancel()

    companion object {
        /** Nothing to stop: what a stream that finished while subscribing returns. */
        val NONE: Cancellable = object : Cancellable {
            override fun cancel() {}
        }
    }
}

/**
 * What a stream asks of the feature that subscribes to it: to cancel the work marked with an
 * identifier, and to mark work with one (Finita's `Effects.cancel(id:)` and `cancellable(id:)`).
 */
interface WorkHost {
    /** Cancels every running work marked with [id]. */
    fun cancel(id: Any)

    /** Marks [work] with [id] until [work] is cancelled or [unmark] is called. */
    fun mark(id: Any, work: Cancellable)

    /** Forgets the mark of [work] with [id]: the work ended. */
    fun unmark(id: Any, work: Cancellable)
}

/**
 * A stream of values, as MVICore's Actor and Bootstrapper return (an RxJava `Observable` there):
 * values sent while subscribing are synchronous, values sent later come from asynchronous work.
 */
abstract class Observable<T> {
    /**
     * Starts the stream: [onNext] for each value, [onComplete] once at the end. Returns what
     * cancels the rest.
     */
    abstract fun subscribe(host: WorkHost, onNext: (T) -> Unit, onComplete: () -> Unit): Cancellable

    /** Marks the stream's work with [id]; with [cancelInFlight], cancels work marked before. */
    fun cancellable(id: Any, cancelInFlight: Boolean = false): Observable<T> {
        val inner = this
        return create { host, onNext, onComplete ->
            if (cancelInFlight) host.cancel(id)
            val holder = CancellableHolder()
            var ended = false
            val subscription = inner.subscribe(host, onNext) {
                ended = true
                host.unmark(id, holder)
                onComplete()
            }
            holder.set(subscription)
            if (!ended) host.mark(id, holder)
            holder
        }
    }

    companion object {
        /** A stream whose subscription is [body]. */
        fun <T> create(
            body: (WorkHost, (T) -> Unit, () -> Unit) -> Cancellable
        ): Observable<T> = object : Observable<T>() {
            override fun subscribe(
                host: WorkHost, onNext: (T) -> Unit, onComplete: () -> Unit
            ): Cancellable = body(host, onNext, onComplete)
        }

        /** No value: Finita's `Effects.none`. */
        fun <T> empty(): Observable<T> = create { _, _, onComplete ->
            onComplete()
            Cancellable.NONE
        }

        /** These values at once, in order: Finita's `just` and `many`. */
        fun <T> just(vararg values: T): Observable<T> = create { _, onNext, onComplete ->
            for (value in values) onNext(value)
            onComplete()
            Cancellable.NONE
        }

        /** Cancels the work marked with [id], and sends nothing: Finita's `cancel(id:)`. */
        fun <T> cancel(id: Any): Observable<T> = create { host, _, onComplete ->
            host.cancel(id)
            onComplete()
            Cancellable.NONE
        }

        /** [value] after [delayMillis] on [scheduler]: Finita's `delayed(_:by:clock:)`. */
        fun <T> delayed(value: T, delayMillis: Long, scheduler: Scheduler): Observable<T> =
            create { _, onNext, onComplete ->
                scheduler.schedule(delayMillis) {
                    onNext(value)
                    onComplete()
                }
            }

        /** Every part at once, in order; ends when all ended: Finita's `merge`. */
        fun <T> merge(vararg parts: Observable<out T>): Observable<T> =
            create { host, onNext, onComplete ->
                var left = parts.size
                val subscriptions = ArrayList<Cancellable>()
                if (left == 0) onComplete()
                for (part in parts) {
                    @Suppress("UNCHECKED_CAST")
                    val typed = part as Observable<T>
                    subscriptions.add(typed.subscribe(host, onNext) {
                        left -= 1
                        if (left == 0) onComplete()
                    })
                }
                object : Cancellable {
                    override fun cancel() = subscriptions.forEach { it.cancel() }
                }
            }

        /** Each part after the one before ended: Finita's `concatenate`. */
        fun <T> concat(vararg parts: Observable<out T>): Observable<T> =
            create { host, onNext, onComplete ->
                val current = CancellableHolder()
                var active = 0
                fun start(index: Int) {
                    if (index == parts.size) return onComplete()
                    if (current.isCancelled) return
                    @Suppress("UNCHECKED_CAST")
                    val typed = parts[index] as Observable<T>
                    val subscription = typed.subscribe(host, onNext) {
                        active = index + 1
                        start(index + 1)
                    }
                    // A part that ended while subscribing already started the next one.
                    if (active == index) current.set(subscription)
                }
                start(0)
                current
            }
    }
}

/** A cancellable whose target is set after it was made; cancelling it first cancels the target. */
class CancellableHolder : Cancellable {
    private val lock = Any()
    private var target: Cancellable? = null

    /** Whether [cancel] was called. */
    @Volatile
    var isCancelled = false
        private set

    /** Sets what [cancel] stops, and stops it at once when [cancel] came first. */
    fun set(value: Cancellable) {
        val cancelNow = synchronized(lock) {
            target = value
            isCancelled
        }
        if (cancelNow) value.cancel()
    }

    override fun cancel() {
        val current = synchronized(lock) {
            if (isCancelled) return
            isCancelled = true
            target
        }
        current?.cancel()
    }
}
