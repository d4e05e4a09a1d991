// The generated DOT model both benchmark programs import.

/// A Mealy machine as AALpy writes a learned model to DOT: `s0 [label="s0"];` for each state,
/// `s0 -> s1  [label="input/output"];` for each transition and a `__start0` marker. Inputs and
/// outputs look like those of the learned TCP and MQTT models. The same seed gives the same file.
public func learnedMealyDOT(states: Int, seed: UInt64) -> String {
  let inputs = [
    "ACK+PSH(V,V,1)", "ACK+RST(V,V,0)", "ACK(V,V,0)", "FIN+ACK(V,V,0)", "SYN+ACK(V,V,0)",
    "SYN(V,V,0)", "RST(V,V,0)", "CLOSECONNECTION", "ACCEPT", "LISTEN", "RCV", "SEND",
  ]
  let outputs = [
    "ACK+RST(NEXT,CURRENT,0)", "ACK+SYN(FRESH,NEXT,0)", "ACK(NEXT,CURRENT,0)", "TIMEOUT",
    "ACK+FIN(NEXT,CURRENT,0)", "RST(ZERO,ZERO,0)", "ACK+PSH(NEXT,CURRENT,1)",
    "CONNACK__Pub(c0,my_topic,hello)", "SUBACK__Pub(c0,my_topic,bye)", "EMPTY__c0_ConnectionClosed",
  ]
  var random = seed | 1
  func next(_ bound: Int) -> Int {
    // xorshift64*: small, deterministic, good enough to spread targets.
    random ^= random >> 12
    random ^= random << 25
    random ^= random >> 27
    return Int((random &* 2_685_821_657_736_338_717) >> 33) % bound
  }
  var text = "digraph learnedModel {\n"
  for state in 0..<states {
    text += "s\(state) [label=\"s\(state)\"];\n"
  }
  for state in 0..<states {
    for input in inputs {
      let output = outputs[next(outputs.count)]
      text += "s\(state) -> s\(next(states))  [label=\"\(input)/\(output)\"];\n"
    }
  }
  text += "__start0 [label=\"\", shape=none];\n__start0 -> s0  [label=\"\"];\n}\n"
  return text
}

/// The 600 KB model of issue 18: 500 states, 6,000 transitions.
public let learnedMealy600KB = learnedMealyDOT(states: 500, seed: 18)
