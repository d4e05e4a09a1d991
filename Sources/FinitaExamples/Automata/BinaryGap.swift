import FinitaAutomaton

/// The binary-gap machine of the Mercari Atte talk: it reads a number's binary digits from the
/// most significant one and tracks the longest run of zeros between ones.
///
/// A Mealy machine with three states: `started` before the first one, `one` after a one and
/// `zero` inside a run of zeros. Each zero after a one is counted (``Signal/zeroCounted``), and
/// a one that ends a run closes the gap (``Signal/gapClosed``); zeros after the last one close
/// nothing, so they are no gap. Folding the outputs gives the longest gap:
///
/// ```swift
/// BinaryGap.longestGap(in: 529)  // 1000010001: gaps of 4 and 3, so 4
/// BinaryGap.longestGap(in: 20)   // 10100: the trailing zeros are no gap, so 1
/// ```
public enum BinaryGap {
  /// Where the machine stands in the digits.
  public enum State: Hashable, CaseIterable, Sendable {
    /// No one read yet.
    case started
    /// Inside a run of zeros that follows a one.
    case zero
    /// Just after a one.
    case one
  }

  /// A binary digit, read from the most significant one.
  public enum Bit: AutomatonEvent, CaseIterable {
    /// The digit 0.
    case zero
    /// The digit 1.
    case one
  }

  /// What a digit tells the reader.
  public enum Signal: Hashable, Sendable {
    /// A zero of a run after a one.
    case zeroCounted
    /// A one that ends a run of zeros: the run was a gap.
    case gapClosed
  }

  /// The transition table.
  public static let automaton = Automaton<State, Bit, Signal> {
    Initial(.started)
    Transition(within: .started, by: .zero)
    Transition(from: .started, to: .one, by: .one)
    Transition(from: .one, to: .one, by: .one)
    Transition(from: .one, to: .zero, by: .zero).output(.zeroCounted)
    Transition(from: .zero, to: .zero, by: .zero).output(.zeroCounted)
    Transition(from: .zero, to: .one, by: .one).output(.gapClosed)
  }

  /// The binary digits of `number`'s magnitude, most significant first.
  ///
  /// - Parameter number: Any integer; its sign is ignored.
  /// - Returns: The digits, such as `[.one, .zero, .zero, .one]` for 9.
  public static func bits(of number: Int) -> [Bit] {
    String(number.magnitude, radix: 2).map { $0 == "1" ? .one : .zero }
  }

  /// The longest run of zeros between two ones in the binary form of `number`, found by
  /// stepping ``automaton`` through its digits and folding the signals.
  ///
  /// - Parameter number: Any integer; its sign is ignored.
  /// - Returns: The length of the longest gap; 0 when there is none.
  public static func longestGap(in number: Int) -> Int {
    var machine = AutomatonMachine(automaton, state: .started)
    var run = 0
    var longest = 0
    for bit in bits(of: number) {
      // Every state has a row for both digits, so a step never fails.
      switch (try? machine.step(bit))?.output {
      case .zeroCounted?:
        run += 1
      case .gapClosed?:
        longest = max(longest, run)
        run = 0
      case nil:
        break
      }
    }
    return longest
  }
}
