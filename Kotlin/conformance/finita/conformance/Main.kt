// The conformance driver of the Kotlin runtime: runs each scenario file given as an argument
// and prints its trace (steps, effects, states, news), which must equal the Swift engine's line
// for line (Tests/FinitaSpecTests/ConformanceTests.swift prints the Swift one).
package finita.conformance

import finita.examples.CallEvent
import finita.examples.CallTrackerFeature
import finita.examples.InMemoryPageSource
import finita.examples.ListItem
import finita.examples.PageCatalog
import finita.examples.PaginationWish
import finita.examples.PaginatorFeature
import finita.examples.reduceCall
import finita.examples.reducePagination
import finita.runtime.Feature
import finita.runtime.VirtualScheduler
import java.io.File
import kotlin.system.exitProcess

fun main(args: Array<String>) {
    if (args.firstOrNull() == "--threads") {
        val problem = sendFromThreads(threads = 8, perThread = 10_000)
        println(problem?.let { "threads: $it" } ?: "threads: 80000 wishes from 8 threads, handled once each, never concurrently")
        return
    }
    for (path in args) {
        try {
            @Suppress("UNCHECKED_CAST")
            val scenario = readJson(File(path).readText()) as Map<String, Any?>
            println("scenario ${scenario["name"]}")
            for (line in runScenario(scenario)) println(line)
        } catch (error: Exception) {
            System.err.println("error: $path: ${error.message}")
            exitProcess(1)
        }
    }
}

/** A Reducer that writes each effect to [trace] before reducing it. */
fun <S, E> logging(trace: MutableList<String>, reduce: (S, E) -> S): (S, E) -> S =
    { state, effect -> trace.add("effect $effect"); reduce(state, effect) }

@Suppress("UNCHECKED_CAST")
fun runScenario(scenario: Map<String, Any?>): List<String> {
    val trace = ArrayList<String>()
    val scheduler = VirtualScheduler()
    fun long(key: String, default: Long) = (scenario[key] as Long?) ?: default
    return when (val name = scenario["feature"]) {
        "Relay" -> {
            val bootstrap = (scenario["bootstrap"] as List<String>? ?: emptyList()).map { RelayWish.valueOf(it) }
            drive(RelayFeature(scheduler, bootstrap, logging(trace) { s, e -> s + e }),
                { RelayWish.valueOf(it) }, scenario, scheduler, trace) { _, _ -> false }
        }
        "CallTracker" -> drive(
            CallTrackerFeature(scheduler, long("waitingTime", 1000), startsImmediately = false,
                reducer = logging(trace, ::reduceCall)),
            { CallEvent.valueOf(it) }, scenario, scheduler, trace) { _, _ -> false }
        "Paginator" -> {
            val catalog = PageCatalog.seeded(long("items", 12).toInt(), long("pageSize", 5).toInt())
            val source = InMemoryPageSource(catalog, long("latency", 100), scheduler)
            val feature = PaginatorFeature(source, long("prefetchDistance", 0).toInt(),
                startsImmediately = false, reducer = logging(trace, ::reducePagination))
            drive(feature, ::paginationWish, scenario, scheduler, trace) { step, value ->
                when (step) {
                    "failNextLoad" -> source.failNextLoad((value as Long).toInt())
                    "failNextChange" -> repeat((value as Long).toInt()) { source.failNextChange() }
                    else -> return@drive false
                }
                true
            }
        }
        else -> throw IllegalArgumentException("unknown feature '$name'")
    }
}

/**
 * A paginator wish of a scenario: `load`, `loadNext`, `refresh`, `appear 7` (the row at 7 came
 * on screen), `edit 3 New title` (item 3 gets that title), `delete 3`.
 */
fun paginationWish(text: String): PaginationWish {
    val parts = text.split(" ", limit = 3)
    fun number() = parts.getOrNull(1)?.toIntOrNull()
        ?: throw IllegalArgumentException("the wish '$text' needs a number after '${parts[0]}'")
    return when (parts[0]) {
        "load" -> PaginationWish.Load(false)
        "loadNext" -> PaginationWish.Load(true)
        "refresh" -> PaginationWish.Refresh
        "appear" -> PaginationWish.ItemDidAppear(number())
        "delete" -> PaginationWish.Delete(number())
        "edit" -> PaginationWish.Edit(ListItem(number(), parts.getOrNull(2)
            ?: throw IllegalArgumentException("the wish '$text' needs a title after the number")))
        else -> throw IllegalArgumentException("unknown wish '$text'")
    }
}

/** Runs the steps of [scenario] on [feature]; [extra] handles the steps only it knows. */
@Suppress("UNCHECKED_CAST")
fun <W> drive(
    feature: Feature<W, *, *, *, *>,
    parse: (String) -> W,
    scenario: Map<String, Any?>,
    scheduler: VirtualScheduler,
    trace: MutableList<String>,
    extra: (String, Any?) -> Boolean
): List<String> {
    val trigger = scenario["observerSends"] as Map<String, Any?>?
    val typed = feature as Feature<W, Any?, Any?, Any?, Any?>
    typed.observeState { state ->
        trace.add("state $state")
        if (trigger != null && state.toString() == trigger["state"]) {
            trace.add("> observer sends ${trigger["wish"]}")
            typed.accept(parse(trigger["wish"] as String))
        }
    }
    typed.observeNews { news -> trace.add("news $news") }
    trace.add("> start")
    typed.start()
    for (step in scenario["steps"] as List<Map<String, Any?>>) {
        val (kind, value) = step.entries.single()
        trace.add("> $kind" + if (kind == "dispose") "" else " $value")
        when (kind) {
            "wish" -> typed.accept(parse(value as String))
            "advance" -> scheduler.advanceBy(value as Long)
            "dispose" -> typed.dispose()
            else -> if (!extra(kind, value)) throw IllegalArgumentException("unknown step '$kind'")
        }
    }
    return trace
}
