import PlannerApp

/// planner-server's composition root: what every command's use cases are handed, built once per process from
/// the process's environment variables (the one place they are read) and the settings file they name.
enum CompositionRoot {
    static let environment = Environment(variables: ProcessEnvironment.variables)
}
