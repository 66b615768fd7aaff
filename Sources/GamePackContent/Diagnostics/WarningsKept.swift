/// An error that stopped a read after the read had warned of other things in the same input.
/// The command that reports the error prints these warnings with it, so that fixing the error
/// does not hide them until the next run (`ImportError.warned`, `DiffError.invalidValues`).
public protocol WarningsKept: Error {
    /// The warnings given before the error, each a line as the command prints it after
    /// `warning:`; empty when there were none.
    var keptWarnings: [String] { get }
}
