import PlannerApp

/// The command line's composition root: what every command's use cases are handed, built once per process from
/// the process's environment variables (the one place they are read) and the settings file they name. Its use
/// cases share one reading of the settings (``Environment/commandLine(variables:)``).
enum CompositionRoot {
    static let environment = Environment.commandLine(variables: ProcessEnvironment.variables)
}
