/// PLACEHOLDER — replaced by the CLI work.
public enum ArchivistCommand {
    public static func run(arguments: [String]) -> Int32 { 2 }
}
