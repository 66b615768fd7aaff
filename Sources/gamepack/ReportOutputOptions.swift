import ArgumentParser

/// `--out FILE` (and its old name `--output`) of the commands that write a report: `lint` and
/// `l10n status`.
struct ReportOutputOptions: ParsableArguments {
    @Option(
        name: [.customShort("o"), .customLong("out")],
        help: "Write the report to this file (atomically) instead of standard output.")
    var out: String?

    /// `--output`, the old name of `--out`.
    @Option(name: .customLong("output"), help: .hidden)
    var outputAlias: String?

    /// Where the report goes: `--out` or its old name `--output` (nil: standard output).
    var output: String? { out ?? outputAlias }

    func validate() throws {
        _ = try OptionAlias.merge(out, outputAlias, newName: "--out", oldName: "--output")
    }
}
