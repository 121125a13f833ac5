/// Why a command stopped: a message for standard error and the exit status to return.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// Invalid input or an I/O failure.
    public static let failureStatus: Int32 = 1
    /// The command line itself is wrong.
    public static let usageStatus: Int32 = 2

    /// What went wrong, without the `archivist:` prefix.
    public var message: String
    /// The process exit status: ``failureStatus`` or ``usageStatus``.
    public var exitStatus: Int32
    /// For usage errors, the name of the subcommand whose usage should be shown, if any.
    public var subcommand: String?
    /// Whether the usage text follows the message (by default, for usage errors).
    public var showsUsage: Bool

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - exitStatus: The exit status; ``failureStatus`` unless the command line is at fault.
    ///   - subcommand: For usage errors, the subcommand whose usage to print.
    ///   - showsUsage: Whether to print the usage after the message; `nil` (the default) prints it
    ///     for ``usageStatus``.
    public init(_ message: String, exitStatus: Int32 = CommandFailure.failureStatus, subcommand: String? = nil,
                showsUsage: Bool? = nil) {
        self.message = message
        self.exitStatus = exitStatus
        self.subcommand = subcommand
        self.showsUsage = showsUsage ?? (exitStatus == Self.usageStatus)
    }

    /// An exit status with nothing more to say: the command already wrote its result (`diff`
    /// exits 1 after printing the differences).
    ///
    /// - Parameter status: The exit status.
    /// - Returns: A failure with an empty message, which prints nothing.
    public static func silent(status: Int32) -> CommandFailure {
        CommandFailure("", exitStatus: status, showsUsage: false)
    }

    /// A usage error (exit status 2).
    ///
    /// - Parameters:
    ///   - message: What is wrong with the command line.
    ///   - subcommand: The subcommand being parsed, whose usage to print.
    /// - Returns: The failure.
    public static func usage(_ message: String, subcommand: String? = nil) -> CommandFailure {
        CommandFailure(message, exitStatus: usageStatus, subcommand: subcommand)
    }

    public var description: String { message }
}
