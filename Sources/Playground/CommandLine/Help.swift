/// `springlab help [COMMAND]`: the synopsis of every command, or one command in full.
enum Help {
    static let commandNames = ["run", "spring", "velocity", "help"]

    static let overview = """
    SpringLab \(SpringLabCommand.version) — a playground for interface motion driven by springs.

    usage:
      springlab                      the app, Push Alert scene (arrives with the app)
      springlab spring ...           sample a spring in closed form, print CSV
      springlab velocity FILE|-      release velocities of recorded pointer samples
      springlab help [COMMAND]       this text, or one command in full
      springlab --version            the version

    Usage errors exit 2, runtime errors exit 1, each with one line on standard error.

    """

    static let pages: [String: String] = [
        "spring": """
        usage: springlab spring (--response R --damping Z | --duration D --bounce B |
                                 --stiffness K --friction C [--mass M])
                                [--from A] [--to B] [--velocity V | --normalized-velocity U]
                                (--times T1,T2,... | --until T --fps F) [--info]

        Samples one spring motion from A (default 0) to B (default 1) in closed form — the
        same t always gives the same value — and prints `t,position,velocity` then one row
        per time, every number round-trippable. --velocity is in units per second;
        --normalized-velocity is in travels per second (SwiftUI's initialVelocity).
        --until T --fps F samples i/F for i = 0 … ⌊T·F⌋. --info prints key=value lines:
        stiffness, damping, ratio, response, bounce, settle (6 / slowest decay rate).
        Response and duration are clamped to at least 0.05 s.

        """,
        "velocity": """
        usage: springlab velocity [--strategy lsq2|impulse] FILE|-

        Reads CSV rows `t_ms,x,y,kind` (kind: down, move, up; an optional `t_ms,...`
        header, blank lines and # comments are skipped) and prints, for each up row,
        `t_ms,vx,vy` in units per second: the tracker's estimate at that moment from the
        samples so far (the up row's position is not a sample). lsq2 (default) fits a
        degree-2 polynomial to the newest ≤ 20 samples within 100 ms, cut at any gap over
        40 ms; a pointer idle for over 40 ms before release gives 0. impulse estimates
        from kinetic energy. A malformed row exits 1 naming the file and line.

        """,
        "run": """
        usage: springlab [run] [--scene push-alert]

        The app window arrives with the Push Alert scene (issue 3); until then this
        command explains that and exits 1.

        """,
        "help": """
        usage: springlab help [COMMAND]

        Prints the overview, or the full text of COMMAND.

        """,
    ]

    static func run(_ arguments: [String], output: inout String) throws(UsageError) {
        guard let name = arguments.first else { output += overview; return }
        guard arguments.count == 1 else { throw UsageError("springlab help: takes at most one COMMAND") }
        guard let page = pages[name] else {
            throw UsageError("springlab help: unknown command '\(name)'; commands: \(commandNames.joined(separator: ", "))")
        }
        output += page
    }
}
