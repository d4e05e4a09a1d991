import FinitaAutomaton

/// The binary-gap automaton of the Mercari Atte talk: reading the bits of N from the most
/// significant one, it signals each zero of a run and the closing of a gap by a one.
enum BinaryGapState: Hashable, CaseIterable, Sendable {
  case started
  case zero
  case one
}

enum Bit: AutomatonEvent, CaseIterable {
  case zero
  case one
}

enum GapSignal: Hashable, Sendable {
  case zeroCounted
  case gapClosed
}

enum BinaryGap {
  static let automaton = Automaton<BinaryGapState, Bit, GapSignal> {
    Initial(.started)
    Transition(within: .started, by: .zero)
    Transition(from: .started, to: .one, by: .one)
    Transition(from: .one, to: .one, by: .one)
    Transition(from: .one, to: .zero, by: .zero).output(.zeroCounted)
    Transition(from: .zero, to: .zero, by: .zero).output(.zeroCounted)
    Transition(from: .zero, to: .one, by: .one).output(.gapClosed)
  }

  /// The bits of `n`, most significant first.
  static func bits(of n: Int) -> [Bit] {
    String(n, radix: 2).map { $0 == "1" ? .one : .zero }
  }

  /// The longest run of zeros surrounded by ones in the binary form of `n`, computed by
  /// folding the machine's outputs.
  static func longestGap(_ n: Int) throws -> Int {
    var machine = try AutomatonMachine(automaton, undefinedEvents: .throw)
    var run = 0
    var longest = 0
    for bit in bits(of: n) {
      switch try machine.step(bit).output {
      case .zeroCounted: run += 1
      case .gapClosed:
        longest = max(longest, run)
        run = 0
      case nil: break
      }
    }
    return longest
  }
}
