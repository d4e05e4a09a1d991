/// Entities kept once, by identifier, in an order: the normalized collection that seed 004
/// recommends for a state's shape.
///
/// A state that shows the same user in a list, a detail screen and a chat keeps that user once
/// in an `EntityTable` and refers to it by identifier elsewhere, so an update changes one place.
/// Look-ups by identifier are dictionary look-ups; iteration follows the order of insertion.
///
/// ```swift
/// var users = EntityTable<User>()
/// users.upsert(contentsOf: page)   // new ones appended, known ones updated in place
/// users[id: 42]?.name = "Ann"      // edit one
/// users[id: 7] = nil               // remove one
/// let names = users.map(\.name)    // in order
/// ```
public struct EntityTable<Entity: Identifiable> {
  /// The identifiers, in order.
  public private(set) var ids: [Entity.ID]
  private var entities: [Entity.ID: Entity]

  /// Creates an empty table.
  public init() {
    ids = []
    entities = [:]
  }

  /// Creates a table of the entities, in order; a later entity with a known identifier replaces
  /// the earlier one, in its place.
  ///
  /// - Parameter entities: The entities.
  public init(_ entities: some Sequence<Entity>) {
    self.init()
    upsert(contentsOf: entities)
  }

  /// The entity with the identifier; setting `nil` removes it, setting a value inserts or
  /// updates it (a value whose own identifier differs is stored under its own identifier).
  ///
  /// - Parameter id: The identifier.
  public subscript(id id: Entity.ID) -> Entity? {
    get { entities[id] }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      if newValue.id != id { remove(id: id) }
      upsert(newValue)
    }
  }

  /// Inserts the entity at the end, or updates it in place when its identifier is known.
  ///
  /// - Parameter entity: The entity.
  public mutating func upsert(_ entity: Entity) {
    if entities.updateValue(entity, forKey: entity.id) == nil {
      ids.append(entity.id)
    }
  }

  /// Inserts or updates each entity, in order.
  ///
  /// - Parameter entities: The entities.
  public mutating func upsert(contentsOf entities: some Sequence<Entity>) {
    for entity in entities { upsert(entity) }
  }

  /// Removes the entity with the identifier.
  ///
  /// - Parameter id: The identifier.
  /// - Returns: The removed entity, or `nil` when there was none.
  @discardableResult
  public mutating func remove(id: Entity.ID) -> Entity? {
    guard let removed = entities.removeValue(forKey: id) else { return nil }
    ids.removeAll { $0 == id }
    return removed
  }
}

extension EntityTable: RandomAccessCollection {
  /// The position of the first entity.
  public var startIndex: Int { ids.startIndex }
  /// The position after the last entity.
  public var endIndex: Int { ids.endIndex }

  /// The entity at a position, in order.
  ///
  /// - Parameter position: The position, from `startIndex`.
  public subscript(position: Int) -> Entity {
    guard let entity = entities[ids[position]] else {
      preconditionFailure("EntityTable lost the entity of a known identifier")
    }
    return entity
  }
}

extension EntityTable: Equatable where Entity: Equatable {
  /// Whether both tables hold equal entities in the same order.
  ///
  /// - Parameters:
  ///   - lhs: A table.
  ///   - rhs: Another table.
  /// - Returns: `true` when the identifiers and the entities are equal.
  public static func == (lhs: EntityTable, rhs: EntityTable) -> Bool {
    lhs.ids == rhs.ids && lhs.entities == rhs.entities
  }
}

extension EntityTable: Sendable where Entity: Sendable, Entity.ID: Sendable {}

extension EntityTable: ExpressibleByArrayLiteral {
  /// Creates a table of the listed entities.
  ///
  /// - Parameter elements: The entities, in order.
  public init(arrayLiteral elements: Entity...) {
    self.init(elements)
  }
}

extension EntityTable: Encodable where Entity: Encodable {
  /// Encodes the entities as an array, in order.
  ///
  /// - Parameter encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for id in ids {
      try container.encode(entities[id])
    }
  }
}

extension EntityTable: Decodable where Entity: Decodable {
  /// Decodes an array of entities; a later entity with a known identifier replaces the earlier
  /// one, as ``init(_:)`` does.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not an array of entities.
  public init(from decoder: any Decoder) throws {
    self.init(try [Entity](from: decoder))
  }
}
