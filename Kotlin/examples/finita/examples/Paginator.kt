// The paginator (seeds 000 and 001) on Finita's Kotlin runtime: the port of
// Sources/FinitaExamples/Paginator, with the same guard, effects, reducer and page catalog.
package finita.examples

import finita.runtime.Cancellable
import finita.runtime.Feature
import finita.runtime.Observable
import finita.runtime.Scheduler

/** One row of the list. */
data class ListItem(val id: Int, val title: String) {
    override fun toString() = "#$id $title"
}

/** One page, and the index of the next one (null after the last). */
data class Page(val items: List<ListItem>, val nextPageIndex: Int?)

/** Why a page did not load. */
data class PageError(val message: String) {
    override fun toString() = message
}

/** The items loaded so far. */
data class PaginationItems(val items: List<ListItem>, val nextPageIndex: Int?) {
    override fun toString() = "${items.size} items, " + (nextPageIndex?.let { "next page $it" } ?: "last page")
}

/** What the screen asks for. */
sealed class PaginationWish {
    /** The first page, or the next one. */
    data class Load(val isNextPage: Boolean) : PaginationWish()

    /** Pull-to-refresh. */
    object Refresh : PaginationWish()
}

/** What the Actor did. */
sealed class PaginationEffect {
    /** A page arrived; every item so far. */
    data class ItemsDidLoad(val items: PaginationItems) : PaginationEffect() {
        override fun toString() =
            "itemsDidLoad([${items.items.joinToString("; ")}], ${items.nextPageIndex?.let { "next page $it" } ?: "last page"})"
    }

    /** A page failed. */
    data class ItemsLoadingDidFail(val error: PageError, val isPaginationError: Boolean) : PaginationEffect() {
        override fun toString() = "itemsLoadingDidFail($error, isPaginationError: $isPaginationError)"
    }

    /** A page started loading. */
    data class ItemsLoadingDidStart(val isNextPage: Boolean) : PaginationEffect() {
        override fun toString() = "itemsLoadingDidStart(isNextPage: $isNextPage)"
    }

    /** The first page reloads with the content on screen. */
    object ItemsRefreshingDidStart : PaginationEffect() {
        override fun toString() = "itemsRefreshingDidStart"
    }
}

/** What happens to content on screen. */
sealed class LoadingOption {
    object Refreshing : LoadingOption() { override fun toString() = "refreshing" }
    object NextPageLoading : LoadingOption() { override fun toString() = "nextPageLoading" }
    data class NextPageLoadingError(val error: PageError) : LoadingOption() {
        override fun toString() = "nextPageLoadingError($error)"
    }
}

/** The stage of the data. */
sealed class PaginationState {
    object Initial : PaginationState() { override fun toString() = "initial" }
    object Loading : PaginationState() { override fun toString() = "loading" }
    data class Content(val items: PaginationItems, val option: LoadingOption?) : PaginationState() {
        override fun toString() = if (option == null) "content($items)" else "content($items, $option)"
    }
    data class Error(val error: PageError) : PaginationState() { override fun toString() = "error($error)" }

    val paginationItems: PaginationItems? get() = (this as? Content)?.items
    val isProcessing: Boolean
        get() = this is Loading || (this is Content && (option == LoadingOption.Refreshing || option == LoadingOption.NextPageLoading))
    val canLoadNextPage: Boolean get() = paginationItems?.nextPageIndex != null
    val loadingError: PageError? get() = (this as? Error)?.error
}

/** Where pages come from: [done] gets the page or the error. */
interface PageSource {
    fun page(index: Int, done: (Page?, PageError?) -> Unit): Cancellable
}

/** A fixed list cut into pages, with the Swift catalog's titles. */
class PageCatalog(val items: List<ListItem>, pageSize: Int) {
    val pageSize = maxOf(1, pageSize)
    val pageCount: Int get() = maxOf(1, (items.size + pageSize - 1) / pageSize)

    fun page(index: Int): Page? {
        if (index < 0 || index >= pageCount) return null
        val start = index * pageSize
        val end = minOf(start + pageSize, items.size)
        return Page(items.subList(start, end), if (index + 1 < pageCount) index + 1 else null)
    }

    companion object {
        /** The same items as Swift's `PageCatalog.seeded`: the same generator, bit for bit. */
        fun seeded(itemCount: Int, pageSize: Int, seed: Long = 2022): PageCatalog {
            val roles = listOf(
                "iOS developer", "Android developer", "QA engineer", "Product designer",
                "Backend developer", "Data analyst", "Engineering manager", "Technical writer"
            )
            val cities = listOf("Moscow", "Kazan", "Novosibirsk", "Yerevan", "Almaty", "Remote")
            var state = seed
            fun next(): Int {
                state = state * 6364136223846793005L + 1442695040888963407L
                return (state ushr 33).toInt()
            }
            val items = (0 until maxOf(0, itemCount)).map { index ->
                val role = roles[next() % roles.size]
                ListItem(index + 1, "$role, ${cities[next() % cities.size]}")
            }
            return PageCatalog(items, pageSize)
        }
    }
}

/** Pages from a catalog after a latency on a scheduler, with failures injected page by page. */
class InMemoryPageSource(
    val catalog: PageCatalog,
    private val latencyMillis: Long,
    private val scheduler: Scheduler
) : PageSource {
    private val failures = HashMap<Int, Int>()

    /** The next load of [index] fails, once. */
    fun failNextLoad(index: Int) = synchronized(failures) { failures[index] = (failures[index] ?: 0) + 1 }

    override fun page(index: Int, done: (Page?, PageError?) -> Unit): Cancellable =
        scheduler.schedule(latencyMillis) {
            val fails = synchronized(failures) {
                val count = failures[index]
                if (count != null) {
                    if (count > 1) failures[index] = count - 1 else failures.remove(index)
                }
                count != null
            }
            val page = catalog.page(index)
            when {
                fails -> done(null, PageError("Page $index is unavailable"))
                page == null -> done(null, PageError("There is no page $index"))
                else -> done(page, null)
            }
        }
}

/** The paginator's Actor, with the seed's guard. */
class PaginatorActor(private val source: PageSource) {
    fun act(state: PaginationState, wish: PaginationWish): Observable<PaginationEffect> = when (wish) {
        is PaginationWish.Load -> {
            if (state.isProcessing || !(state.canLoadNextPage || !wish.isNextPage) || state.loadingError != null) {
                Observable.empty()
            } else {
                val loaded = if (wish.isNextPage) state.paginationItems?.items ?: emptyList() else emptyList()
                val index = if (wish.isNextPage) state.paginationItems?.nextPageIndex ?: 0 else 0
                Observable.concat(
                    Observable.just<PaginationEffect>(PaginationEffect.ItemsLoadingDidStart(wish.isNextPage)),
                    fetch(index, loaded, wish.isNextPage)
                )
            }
        }
        PaginationWish.Refresh -> {
            if (state.isProcessing) {
                Observable.empty()
            } else {
                val start = if (state.paginationItems == null) PaginationEffect.ItemsLoadingDidStart(false)
                else PaginationEffect.ItemsRefreshingDidStart
                Observable.concat(Observable.just(start), fetch(0, emptyList(), false))
            }
        }
    }

    private fun fetch(index: Int, loaded: List<ListItem>, isNextPage: Boolean): Observable<PaginationEffect> =
        Observable.create { _, onNext, onComplete ->
            source.page(index) { page, error ->
                if (page != null) {
                    onNext(PaginationEffect.ItemsDidLoad(PaginationItems(loaded + page.items, page.nextPageIndex)))
                } else {
                    onNext(PaginationEffect.ItemsLoadingDidFail(error!!, isNextPage))
                }
                onComplete()
            }
        }
}

/** The paginator's Reducer: a next-page error keeps the content. */
fun reducePagination(state: PaginationState, effect: PaginationEffect): PaginationState = when (effect) {
    is PaginationEffect.ItemsDidLoad -> PaginationState.Content(effect.items, null)
    is PaginationEffect.ItemsLoadingDidFail -> {
        val items = state.paginationItems
        if (effect.isPaginationError && items != null) {
            PaginationState.Content(items, LoadingOption.NextPageLoadingError(effect.error))
        } else {
            PaginationState.Error(effect.error)
        }
    }
    is PaginationEffect.ItemsLoadingDidStart -> {
        val items = state.paginationItems
        if (effect.isNextPage && items != null) PaginationState.Content(items, LoadingOption.NextPageLoading)
        else PaginationState.Loading
    }
    PaginationEffect.ItemsRefreshingDidStart -> {
        val items = state.paginationItems
        if (items != null) PaginationState.Content(items, LoadingOption.Refreshing) else state
    }
}

/** The paginator as a feature. */
class PaginatorFeature(
    source: PageSource,
    startsImmediately: Boolean = true,
    reducer: (PaginationState, PaginationEffect) -> PaginationState = ::reducePagination
) : Feature<PaginationWish, PaginationWish, PaginationEffect, PaginationState, Nothing>(
    initialState = PaginationState.Initial,
    wishToAction = { it },
    actor = PaginatorActor(source)::act,
    reducer = reducer,
    startsImmediately = startsImmediately
)
