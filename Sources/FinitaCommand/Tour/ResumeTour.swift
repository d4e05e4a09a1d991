import Finita
import FinitaExamples

/// Seed 001's two ways of opening a resume, side by side: the same states, one more action.
enum ResumeTour {
  static func run(_ output: inout TourOutput) async {
    output.section("Resume (seed 001): two effects from one wish, or the PostProcessor loads")
    let resumes = [Resume(id: 7, title: "iOS developer")]
    output.note("(the Actor sends \"loading started\", then the resume: two effects, one wish)")
    let twoEffects = Feature(
      initialState: ResumeState.closed,
      definition: ResumeOpener(source: InMemoryResumeSource(resumes: resumes)),
      configuration: .init(name: "Resume"),
      trace: tracePrinter(ResumeOpener.self)
    )
    twoEffects.accept(.open(resumeID: 7))
    await twoEffects.idle()
    twoEffects.dispose()
    output.note("(the state becomes loading; the PostProcessor's fetch action makes the request)")
    let postProcessed = Feature(
      initialState: ResumeState.closed,
      definition: ResumeOpenerViaPostProcessor(source: InMemoryResumeSource(resumes: resumes)),
      configuration: .init(name: "Resume"),
      trace: tracePrinter(ResumeOpenerViaPostProcessor.self)
    )
    postProcessed.accept(.open(resumeID: 7))
    await postProcessed.idle()
    postProcessed.dispose()
  }
}
