/// Keeps a value alive until the process exits.
///
/// A command that loads large structures (the two snapshots of `diff`: tens of thousands of
/// items, each a few dictionaries of strings) and exits right after using them spends a
/// noticeable part of its run freeing them object by object, when the operating system takes
/// back the whole address space at exit anyway. Only for values a command holds until its end.
enum KeptUntilExit {
    /// Boxes any value so that one retained reference holds it.
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Holds `value` until the process exits: the box is retained once and never released.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
