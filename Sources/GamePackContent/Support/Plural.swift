/// English plural helper: "1 error", "2 errors".
package func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}
