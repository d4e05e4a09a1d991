import FinitaStatechart

/// Drives a machine and carries out its scheduled sends on virtual time, so that delayed
/// events are delivered in order without a clock or a sleep.
struct VirtualTime {
  private struct Pending {
    let due: Duration
    let order: Int
    let event: String
    let id: String?
  }

  var machine: StatechartMachine
  private(set) var now = Duration.zero
  private var pending: [Pending] = []
  private var order = 0
  /// Every output the machine emitted, in order.
  private(set) var outputs: [String] = []

  init(_ chart: Statechart) {
    machine = StatechartMachine(chart)
    collect()
  }

  /// Sends `event` now.
  mutating func send(_ event: String) {
    machine.send(event)
    collect()
  }

  /// Moves time forward, delivering the delayed events that fall due on the way.
  mutating func advance(by duration: Duration) {
    let target = now + duration
    while let next = pending.indices.min(by: {
      (pending[$0].due, pending[$0].order) < (pending[$1].due, pending[$1].order)
    }), pending[next].due <= target {
      let due = pending.remove(at: next)
      now = due.due
      send(due.event)
    }
    now = target
  }

  private mutating func collect() {
    for command in machine.commands {
      if let output = command.output {
        outputs.append(output)
      } else if let (event, delay, id) = command.scheduledEvent {
        order += 1
        pending.append(Pending(due: now + delay, order: order, event: event, id: id))
      } else if let id = command.cancelledID {
        pending.removeAll { $0.id == id }
      }
    }
  }
}
