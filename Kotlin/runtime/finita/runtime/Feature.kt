// Finita's Kotlin runtime: MVICore's Feature with Finita's order. Wishes, actions and effects
// that arrive while the feature processes are queued and handled after the current one, never
// recursively; any thread may send: whoever finds the feature idle processes the queue.
package finita.runtime

/** MVICore's Actor: the effects of an action, given the latest state. */
interface Actor<State, Action, Effect> : (State, Action) -> Observable<out Effect>

/** MVICore's Reducer: the state after an effect. Pure and synchronous. */
interface Reducer<State, Effect> : (State, Effect) -> State

/** MVICore's NewsPublisher: the news of an effect, once reduced, or null. */
interface NewsPublisher<Action, Effect, State, News> : (Action, Effect, State) -> News?

/** MVICore's PostProcessor: an action to handle after an effect, or null. It is queued. */
interface PostProcessor<Action, Effect, State> : (Action, Effect, State) -> Action?

/** MVICore's Bootstrapper: actions at start, and over time. */
interface Bootstrapper<Action> : () -> Observable<out Action>

/** A state or news observer's handle: cancelling it stops the deliveries. */
typealias Subscription = Cancellable

/**
 * A running feature, as MVICore's `BaseFeature`: [accept] a wish from any thread, observe its
 * states and news, [dispose] it.
 *
 * The order, the same as Finita's Swift engine: for each effect, reduce, notify the state
 * observers, publish the news, then queue the PostProcessor's action. A wish sent while the
 * feature processes (from an observer, the PostProcessor, the Bootstrapper, another thread) is
 * queued. Effects of asynchronous work are queued too, and reduced against the state current
 * when they arrive. [dispose] cancels the work, drops what is queued and ends the observers.
 */
open class Feature<Wish, Action, Effect, State, News>(
    initialState: State,
    private val wishToAction: (Wish) -> Action,
    private val actor: (State, Action) -> Observable<out Effect>,
    private val reducer: (State, Effect) -> State,
    private val bootstrapper: (() -> Observable<out Action>)? = null,
    private val postProcessor: ((Action, Effect, State) -> Action?)? = null,
    private val newsPublisher: ((Action, Effect, State) -> News?)? = null,
    startsImmediately: Boolean = true
) {
    private sealed class Item {
        class WishItem(val wish: Any?) : Item()
        class ActionItem(val action: Any?) : Item()
        class EffectItem(val effect: Any?, val action: Any?) : Item()
        class Subscribe(val observer: Observer) : Item()
        object Start : Item()
    }

    private class Observer(val receive: (Any?) -> Unit, val finish: (() -> Unit)?) : Cancellable {
        @Volatile
        var cancelled = false

        override fun cancel() {
            cancelled = true
        }
    }

    private val lock = Any()
    // Under the lock: the queue, the phase, the token, the running work.
    private val queue = java.util.ArrayDeque<Item>()
    private val held = ArrayList<Item>()
    private var started = false
    private var disposed = false
    private var processing = false
    private val work = HashMap<Any, MutableList<Cancellable>>()
    private val running = LinkedHashSet<Cancellable>()

    // The token holder's part.
    private var current: State = initialState
    private var finished = false
    private val stateObservers = ArrayList<Observer>()
    private val newsObservers = java.util.concurrent.CopyOnWriteArrayList<Observer>()

    /** The latest state, readable from any thread. */
    @Volatile
    var state: State = initialState
        private set

    /** Whether [dispose] was called. */
    val isDisposed: Boolean
        get() = synchronized(lock) { disposed }

    private val host = object : WorkHost {
        override fun cancel(id: Any) {
            val marked = synchronized(lock) { work.remove(id) } ?: return
            for (item in marked) item.cancel()
        }

        override fun mark(id: Any, work: Cancellable) {
            val refused = synchronized(lock) {
                if (disposed) true else {
                    this@Feature.work.getOrPut(id) { ArrayList() }.add(work)
                    false
                }
            }
            if (refused) work.cancel()
        }

        override fun unmark(id: Any, work: Cancellable) {
            synchronized(lock) { this@Feature.work[id]?.remove(work) }
        }
    }

    init {
        if (startsImmediately) start()
    }

    /** Sends a wish: handled now when the feature is idle, otherwise queued. Any thread. */
    fun accept(wish: Wish) = submit(Item.WishItem(wish))

    /** Runs the Bootstrapper, then the wishes accepted before; once. */
    fun start() = submit(Item.Start)

    /** Observes the states, starting with the current one; in turn, after the work queued. */
    @Suppress("UNCHECKED_CAST")
    fun observeState(onComplete: (() -> Unit)? = null, observer: (State) -> Unit): Subscription {
        val item = Observer({ observer(it as State) }, onComplete)
        submit(Item.Subscribe(item))
        return item
    }

    /** Observes the news from the next one on. */
    @Suppress("UNCHECKED_CAST")
    fun observeNews(onComplete: (() -> Unit)? = null, observer: (News) -> Unit): Subscription {
        val item = Observer({ observer(it as News) }, onComplete)
        val refused = synchronized(lock) {
            if (!disposed) newsObservers.add(item)
            disposed
        }
        if (refused) onComplete?.invoke()
        return item
    }

    /** Stops for good: cancels the work, drops what is queued, ends the observers. */
    fun dispose() {
        val (cancelled, claimed) = synchronized(lock) {
            if (disposed) return
            disposed = true
            queue.clear()
            held.clear()
            val all = ArrayList<Cancellable>(running)
            for (marked in work.values) all.addAll(marked)
            running.clear()
            work.clear()
            val claimed = !processing
            if (claimed) processing = true
            Pair(all, claimed)
        }
        for (item in cancelled) item.cancel()
        if (claimed) {
            finishObservers()
            synchronized(lock) { processing = false }
        }
    }

    // The machine: who holds the token, what is queued.

    private enum class Next { PROCESS, DRAIN, QUEUED }

    private fun submit(item: Item) {
        val next = synchronized(lock) {
            when {
                disposed -> {
                    (item as? Item.Subscribe)?.observer?.finish?.invoke()
                    Next.QUEUED
                }
                !started && item is Item.Start -> {
                    started = true
                    admit(item, ArrayList(held)).also { held.clear() }
                }
                !started && item !is Item.Subscribe -> Next.QUEUED.also { held.add(item) }
                item is Item.Start -> Next.QUEUED
                else -> admit(item, emptyList())
            }
        }
        when (next) {
            Next.PROCESS -> {
                process(item)
                drain()
            }
            Next.DRAIN -> drain()
            Next.QUEUED -> {}
        }
    }

    /** Under the lock: processes [item] now when nobody is, otherwise queues it. */
    private fun admit(item: Item, following: List<Item>): Next {
        if (!processing && queue.isEmpty()) {
            processing = true
            queue.addAll(following)
            return Next.PROCESS
        }
        queue.add(item)
        queue.addAll(following)
        if (processing) return Next.QUEUED
        processing = true
        return Next.DRAIN
    }

    /** Processes the queue until it is empty, then gives the token back. */
    private fun drain() {
        while (true) {
            var finish = false
            val next = synchronized(lock) {
                val item: Item? = if (disposed) null else queue.poll()
                if (disposed && !finished) finish = true
                else if (item == null) processing = false
                item
            }
            if (finish) {
                // Disposed from elsewhere while this thread processed: it ends the observers.
                finishObservers()
                synchronized(lock) { processing = false }
                return
            }
            if (next == null) return
            process(next)
        }
    }

    private fun finishObservers() {
        if (finished) return
        finished = true
        val all = stateObservers + newsObservers
        stateObservers.clear()
        newsObservers.clear()
        for (observer in all) observer.finish?.invoke()
    }

    // Processing: only the token holder runs these.

    @Suppress("UNCHECKED_CAST")
    private fun process(item: Item) {
        if (isDisposed) return
        when (item) {
            is Item.WishItem -> handle(wishToAction(item.wish as Wish))
            is Item.ActionItem -> handle(item.action as Action)
            is Item.EffectItem -> apply(item.effect as Effect, item.action as Action)
            is Item.Subscribe -> {
                if (item.observer.cancelled) return
                stateObservers.add(item.observer)
                item.observer.receive(current)
            }
            Item.Start -> runBootstrapper()
        }
    }

    private fun handle(action: Action) {
        launch(actor(current, action), { apply(it, action) }, { submit(Item.EffectItem(it, action)) })
    }

    private fun runBootstrapper() {
        val bootstrap = bootstrapper ?: return
        launch(bootstrap(), { handle(it) }, { submit(Item.ActionItem(it)) })
    }

    /**
     * Subscribes to [stream]: what it sends while subscribing, on this thread, goes to [now];
     * what it sends later goes to [later], through the queue.
     */
    private fun <T> launch(stream: Observable<out T>, now: (T) -> Unit, later: (T) -> Unit) {
        val thread = Thread.currentThread()
        var subscribing = true
        var ended = false
        val holder = CancellableHolder()
        @Suppress("UNCHECKED_CAST")
        val typed = stream as Observable<T>
        val subscription = typed.subscribe(host, { value ->
            if (subscribing && Thread.currentThread() === thread) now(value) else later(value)
        }) {
            ended = true
            synchronized(lock) { running.remove(holder) }
        }
        subscribing = false
        holder.set(subscription)
        if (!ended) {
            val refused = synchronized(lock) {
                if (!disposed) running.add(holder)
                disposed
            }
            if (refused) holder.cancel()
        }
    }

    private fun apply(effect: Effect, action: Action) {
        if (isDisposed) return
        current = reducer(current, effect)
        state = current
        stateObservers.removeAll { it.cancelled }
        newsObservers.removeIf { it.cancelled }
        for (observer in stateObservers.toList()) {
            if (isDisposed) return
            if (!observer.cancelled) observer.receive(current)
        }
        newsPublisher?.invoke(action, effect, current)?.let { news ->
            for (observer in newsObservers) {
                if (isDisposed) return
                if (!observer.cancelled) observer.receive(news)
            }
        }
        postProcessor?.invoke(action, effect, current)?.let { next ->
            synchronized(lock) { if (!disposed) queue.add(Item.ActionItem(next)) }
        }
    }
}
