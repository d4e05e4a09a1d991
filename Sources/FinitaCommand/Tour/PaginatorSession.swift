import Finita
import FinitaExamples

/// The paginator's scripted session, the same whatever serves the pages (memory, or HTTP in
/// `finita tour --all`): the first page, a second page that fails once, scrolling that does not
/// retry it, Retry, the last page, scrolling past the end, pull to refresh, and a deletion shown
/// before the source answers (the in-memory source deletes it; the HTTP one refuses, and the
/// item comes back).
enum PaginatorSession {
  /// Runs the session against `source`; `failPageOneOnce` makes the source's next load of page 1
  /// fail.
  static func run(
    _ output: inout TourOutput, source: any PageSource, failPageOneOnce: () -> Void
  ) async {
    let paginator = Feature(
      initialState: PaginationState(),
      definition: Paginator(source: source),
      configuration: .init(name: "Paginator"),
      trace: tracePrinter(Paginator.self)
    )
    paginator.accept(.load(isNextPage: false))
    await paginator.idle()
    output.note("(the next load of page 1 will fail once)")
    failPageOneOnce()
    paginator.accept(.load(isNextPage: true))
    await paginator.idle()
    output.note("(the user scrolls on: only the Retry button loads a failed page again)")
    paginator.accept(.itemDidAppear(at: 4))
    await paginator.idle()
    output.note("(the user taps Retry)")
    paginator.accept(.load(isNextPage: true))
    await paginator.idle()
    paginator.accept(.load(isNextPage: true))
    await paginator.idle()
    output.note("(the last page is loaded: scrolling again starts nothing; then pull to refresh)")
    paginator.accept(.load(isNextPage: true))
    paginator.accept(.refresh)
    await paginator.idle()
    output.note("(the user deletes #1: it leaves at once, then the source answers)")
    paginator.accept(.delete(itemID: 1))
    await paginator.idle()
    paginator.dispose()
  }
}
