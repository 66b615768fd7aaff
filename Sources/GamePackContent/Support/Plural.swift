/// English plural helper: "1 error", "2 errors"; `pluralForm` for a word whose plural is not
/// its singular and an "s" ("1 entry", "2 entries").
package func plural(_ count: Int, _ word: String, _ pluralForm: String? = nil) -> String {
    "\(count) \(count == 1 ? word : pluralForm ?? word + "s")"
}
