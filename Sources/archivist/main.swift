import ArchivistCLI
import Foundation

exit(ArchivistCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
