#if Spec
  import Foundation

  /// The keys the shipped JSON Schema allows and requires in each kind of object, read from the
  /// schema resource so that the checker and the schema cannot disagree.
  struct SpecSchema: Sendable {
    struct Object: Sendable {
      var allowed: [String]
      var required: [String]
    }

    let machine: Object
    let feature: Object
    let transition: Object
    let caseObject: Object
    let parts: Object

    /// The schema shipped with the module.
    static let shipped: SpecSchema = {
      guard let url = Bundle.module.url(forResource: "finita-spec.schema", withExtension: "json"),
        let data = try? Data(contentsOf: url)
      else {
        preconditionFailure("Internal inconsistency: the spec schema resource is missing")
      }
      return SpecSchema(data: data)
    }()

    /// The schema's text, as shipped.
    static var text: String {
      guard let url = Bundle.module.url(forResource: "finita-spec.schema", withExtension: "json"),
        let text = try? String(contentsOf: url, encoding: .utf8)
      else {
        preconditionFailure("Internal inconsistency: the spec schema resource is missing")
      }
      return text
    }

    init(data: Data) {
      guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let defs = root["$defs"] as? [String: Any]
      else {
        preconditionFailure("Internal inconsistency: the spec schema is not a JSON object")
      }
      func object(_ value: Any?) -> Object {
        guard let value = value as? [String: Any],
          let properties = value["properties"] as? [String: Any]
        else {
          preconditionFailure("Internal inconsistency: a spec schema object has no properties")
        }
        return Object(
          allowed: properties.keys.sorted(), required: value["required"] as? [String] ?? [])
      }
      machine = object(defs["machine"])
      feature = object(defs["feature"])
      transition = object(defs["transition"])
      let caseVariants = (defs["case"] as? [String: Any])?["oneOf"] as? [Any]
      caseObject = object(caseVariants?.last)
      let featureProperties = (defs["feature"] as? [String: Any])?["properties"] as? [String: Any]
      parts = object(featureProperties?["parts"])
    }
  }
#endif  // Spec
