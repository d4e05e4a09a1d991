// The paginator (seeds 000 and 001) on Finita's Kotlin runtime: the port of
// Sources/FinitaExamples/Paginator, with the same guard, effects, reducer and page catalog:
// load-ahead while scrolling (never after a next-page error), optimistic edits and deletions
// undone when the source refuses them (with a news), and one request in flight at a time.
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
    /** The first page, or the next one (the retry button after a next-page error). */
    data class Load(val isNextPage: Boolean) : PaginationWish()

    /** Pull-to-refresh. */
    object Refresh : PaginationWish()

    /** A row came on screen: loads the next page ahead near the end, never after an error. */
    data class ItemDidAppear(val index: Int) : PaginationWish()

    /** The user edited an item: shown at once, undone if the source refuses it. */
    data class Edit(val item: ListItem) : PaginationWish()

    /** The user deleted an item: gone at once, back where it was if the source refuses it. */
    data class Delete(val itemId: Int) : PaginationWish()
}

/** A change shown before the source confirms it, with what it takes to undo it. */
sealed class ItemChange {
    /** [item] replaced [previous], which has the same identifier. */
    data class Edited(val item: ListItem, val previous: ListItem) : ItemChange() {
        override fun toString() = "edit #${item.id}"
    }

    /** [item] was removed from position [index]. */
    data class Deleted(val item: ListItem, val index: Int) : ItemChange() {
        override fun toString() = "delete #${item.id} at $index"
    }
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

    /** An edit or a deletion is shown before the source confirms it. */
    data class ItemChangeDidStart(val change: ItemChange) : PaginationEffect() {
        override fun toString() = "itemChangeDidStart($change)"
    }

    /** The source confirmed the change in flight. */
    object ItemChangeDidSucceed : PaginationEffect() {
        override fun toString() = "itemChangeDidSucceed"
    }

    /** The source refused the change in flight: it is undone. */
    data class ItemChangeDidFail(val change: ItemChange, val error: PageError) : PaginationEffect() {
        override fun toString() = "itemChangeDidFail($change, $error)"
    }
}

/** What the paginator tells the screen once. */
sealed class PaginationNews {
    /** The source refused a change; it was undone on screen. */
    data class ItemChangeDidFail(val change: ItemChange, val error: PageError) : PaginationNews() {
        override fun toString() = "itemChangeDidFail($change, $error)"
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
sealed class DataState {
    object Initial : DataState() { override fun toString() = "initial" }
    object Loading : DataState() { override fun toString() = "loading" }
    data class Content(val items: PaginationItems, val option: LoadingOption?) : DataState() {
        override fun toString() = if (option == null) "content($items)" else "content($items, $option)"
    }
    data class Error(val error: PageError) : DataState() { override fun toString() = "error($error)" }
}

/** The paginator's state: the stage of the data, and the change waiting for the source. */
data class PaginationState(val data: DataState = DataState.Initial, val pendingChange: ItemChange? = null) {
    override fun toString() = "$data" + (pendingChange?.let { ", pending $it" } ?: "")

    val paginationItems: PaginationItems? get() = (data as? DataState.Content)?.items

    /** A request in flight: a page, a refresh or a change. One at a time. */
    val isProcessing: Boolean
        get() = pendingChange != null || data is DataState.Loading ||
            (data is DataState.Content &&
                (data.option == LoadingOption.Refreshing || data.option == LoadingOption.NextPageLoading))
    val canLoadNextPage: Boolean get() = paginationItems?.nextPageIndex != null
    val loadingError: PageError? get() = (data as? DataState.Error)?.error

    /** The state with [change] applied to the items on screen; unchanged without items. */
    fun applying(change: ItemChange): PaginationState {
        val content = data as? DataState.Content ?: return this
        val items = content.items.items
        val changed = when (change) {
            is ItemChange.Edited -> {
                val index = items.indexOfFirst { it.id == change.item.id }
                if (index < 0) return this
                items.toMutableList().also { it[index] = change.item }
            }
            is ItemChange.Deleted -> items.filter { it.id != change.item.id }
        }
        return copy(data = content.copy(items = content.items.copy(items = changed)))
    }

    /** The state with [change] undone: the old value, or the item back at its place (or last). */
    fun undoing(change: ItemChange): PaginationState {
        val content = data as? DataState.Content ?: return this
        val items = content.items.items
        val changed = when (change) {
            is ItemChange.Edited -> {
                val index = items.indexOfFirst { it.id == change.item.id }
                if (index < 0) return this
                items.toMutableList().also { it[index] = change.previous }
            }
            is ItemChange.Deleted -> {
                if (items.any { it.id == change.item.id }) return this
                items.toMutableList().also { it.add(minOf(change.index, it.size), change.item) }
            }
        }
        return copy(data = content.copy(items = content.items.copy(items = changed)))
    }
}

/** Where pages come from: [done] gets the page or the error, or null when a change is saved. */
interface PageSource {
    fun page(index: Int, done: (Page?, PageError?) -> Unit): Cancellable

    /** Saves an edited item; refuses by default, as a source that cannot change its items. */
    fun save(item: ListItem, done: (PageError?) -> Unit): Cancellable {
        done(PageError("This source cannot edit items"))
        return Cancellable.NONE
    }

    /** Deletes an item; refuses by default. */
    fun delete(itemId: Int, done: (PageError?) -> Unit): Cancellable {
        done(PageError("This source cannot delete items"))
        return Cancellable.NONE
    }
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

/**
 * Pages from a catalog after a latency on a scheduler, with failures injected page by page;
 * edits and deletions change the data served (after the same latency) and can fail too. A
 * deletion leaves the pages cut where they were, one item shorter, as an API with cursors does.
 */
class InMemoryPageSource(
    catalog: PageCatalog,
    private val latencyMillis: Long,
    private val scheduler: Scheduler
) : PageSource {
    private val lock = Any()
    private val failures = HashMap<Int, Int>()
    private var changeFailures = 0
    private val deleted = HashSet<Int>()

    /** The catalog with the edits since creation; deleted items are still in it. */
    var catalog: PageCatalog = catalog
        get() = synchronized(lock) { field }
        private set

    /** The next load of [index] fails, once. */
    fun failNextLoad(index: Int) = synchronized(lock) { failures[index] = (failures[index] ?: 0) + 1 }

    /** The next edit or deletion fails, once. */
    fun failNextChange() = synchronized(lock) { changeFailures += 1 }

    override fun page(index: Int, done: (Page?, PageError?) -> Unit): Cancellable =
        scheduler.schedule(latencyMillis) {
            val (fails, page) = synchronized(lock) {
                val count = failures[index]
                if (count != null) {
                    if (count > 1) failures[index] = count - 1 else failures.remove(index)
                }
                val page = catalog.page(index)
                Pair(count != null, page?.copy(items = page.items.filter { it.id !in deleted }))
            }
            when {
                fails -> done(null, PageError("Page $index is unavailable"))
                page == null -> done(null, PageError("There is no page $index"))
                else -> done(page, null)
            }
        }

    override fun save(item: ListItem, done: (PageError?) -> Unit): Cancellable =
        change(item.id, done) { index ->
            val items = catalog.items.toMutableList().also { it[index] = item }
            catalog = PageCatalog(items, catalog.pageSize)
        }

    override fun delete(itemId: Int, done: (PageError?) -> Unit): Cancellable =
        change(itemId, done) { deleted.add(itemId) }

    private fun change(itemId: Int, done: (PageError?) -> Unit, apply: (Int) -> Unit): Cancellable =
        scheduler.schedule(latencyMillis) {
            val error = synchronized(lock) {
                val index = catalog.items.indexOfFirst { it.id == itemId }
                when {
                    changeFailures > 0 -> {
                        changeFailures -= 1
                        PageError("Item $itemId could not be changed")
                    }
                    itemId in deleted || index < 0 -> PageError("There is no item $itemId")
                    else -> {
                        apply(index)
                        null
                    }
                }
            }
            done(error)
        }
}

/** The paginator's Actor, with the seed's guard and one request in flight at a time. */
class PaginatorActor(private val source: PageSource, prefetchDistance: Int = 0) {
    private val prefetchDistance = maxOf(0, prefetchDistance)

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
        is PaginationWish.ItemDidAppear -> {
            // Scrolling loads ahead only from plain content: after a next-page error it is the
            // retry button's turn.
            val content = state.data as? DataState.Content
            if (content == null || content.option != null || state.pendingChange != null ||
                wish.index < content.items.items.size - 1 - prefetchDistance
            ) {
                Observable.empty()
            } else {
                act(state, PaginationWish.Load(true))
            }
        }
        is PaginationWish.Edit -> {
            val previous = state.paginationItems?.items?.firstOrNull { it.id == wish.item.id }
            if (state.isProcessing || previous == null || previous == wish.item) Observable.empty()
            else change(ItemChange.Edited(wish.item, previous)) { done -> source.save(wish.item, done) }
        }
        is PaginationWish.Delete -> {
            val items = state.paginationItems?.items
            val index = items?.indexOfFirst { it.id == wish.itemId } ?: -1
            if (state.isProcessing || items == null || index < 0) Observable.empty()
            else change(ItemChange.Deleted(items[index], index)) { done -> source.delete(wish.itemId, done) }
        }
    }

    private fun change(
        change: ItemChange,
        request: ((PageError?) -> Unit) -> Cancellable
    ): Observable<PaginationEffect> = Observable.concat(
        Observable.just<PaginationEffect>(PaginationEffect.ItemChangeDidStart(change)),
        Observable.create { _, onNext, onComplete ->
            request { error ->
                onNext(
                    if (error == null) PaginationEffect.ItemChangeDidSucceed
                    else PaginationEffect.ItemChangeDidFail(change, error)
                )
                onComplete()
            }
        }
    )

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

/** The paginator's Reducer: a next-page error keeps the content; a refused change is undone. */
fun reducePagination(state: PaginationState, effect: PaginationEffect): PaginationState = when (effect) {
    is PaginationEffect.ItemsDidLoad -> state.copy(data = DataState.Content(effect.items, null))
    is PaginationEffect.ItemsLoadingDidFail -> {
        val items = state.paginationItems
        if (effect.isPaginationError && items != null) {
            state.copy(data = DataState.Content(items, LoadingOption.NextPageLoadingError(effect.error)))
        } else {
            state.copy(data = DataState.Error(effect.error))
        }
    }
    is PaginationEffect.ItemsLoadingDidStart -> {
        val items = state.paginationItems
        if (effect.isNextPage && items != null) state.copy(data = DataState.Content(items, LoadingOption.NextPageLoading))
        else state.copy(data = DataState.Loading)
    }
    PaginationEffect.ItemsRefreshingDidStart -> {
        val items = state.paginationItems
        if (items != null) state.copy(data = DataState.Content(items, LoadingOption.Refreshing)) else state
    }
    is PaginationEffect.ItemChangeDidStart -> state.copy(pendingChange = effect.change).applying(effect.change)
    PaginationEffect.ItemChangeDidSucceed -> state.copy(pendingChange = null)
    is PaginationEffect.ItemChangeDidFail -> state.undoing(effect.change).copy(pendingChange = null)
}

/** The paginator's NewsPublisher: a refused change, so the screen can say why. */
fun paginationNews(effect: PaginationEffect): PaginationNews? =
    (effect as? PaginationEffect.ItemChangeDidFail)?.let { PaginationNews.ItemChangeDidFail(it.change, it.error) }

/** The paginator as a feature. */
class PaginatorFeature(
    source: PageSource,
    prefetchDistance: Int = 0,
    startsImmediately: Boolean = true,
    reducer: (PaginationState, PaginationEffect) -> PaginationState = ::reducePagination
) : Feature<PaginationWish, PaginationWish, PaginationEffect, PaginationState, PaginationNews>(
    initialState = PaginationState(),
    wishToAction = { it },
    actor = PaginatorActor(source, prefetchDistance)::act,
    reducer = reducer,
    newsPublisher = { _, effect, _ -> paginationNews(effect) },
    startsImmediately = startsImmediately
)
