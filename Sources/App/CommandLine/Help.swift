import Files
import Inspector
import Scenes
import Workbench

/// `springlab help [COMMAND]`: the synopsis of every command, or one command in full; with
/// `--man` the same text as a manual page, with `--completion SHELL` the commands and their
/// flags as a shell's completion script.
enum Help {
    /// Every page `springlab help NAME` prints: the commands, and `about`.
    static let commandNames = ["run", "render", "record", "filmstrip", "bench", "neck", "spring", "export", "velocity", "fit",
                               "help", "version", "about"]
    /// The pages that are no command (`springlab about` is not one).
    static let topicsOnly: Set<String> = ["about"]
    /// What can follow `springlab`.
    static var commands: [String] { commandNames.filter { !topicsOnly.contains($0) } }
    /// The shells `--completion` writes for.
    static let shells = ["bash", "zsh", "fish"]

    static let specs: [FlagSpec] = [
        FlagSpec(name: "man", kind: .toggle),
        FlagSpec(name: "completion", kind: .choice(shells)),
    ]

    static let overview = """
    SpringLab \(SpringLabCommand.version) — a playground for interface motion driven by springs.

    usage:
      springlab [run] [options]      the app, Push Alert scene
      springlab render ...           one still of a scene, headless, to PNG
      springlab record ...           a take rendered offline to MP4, GIF, PNGs or one PNG
      springlab filmstrip ...        a contact sheet of a take's frames
      springlab bench ...            frame times of a scene animating, headless
      springlab neck ...             waist, snap gap and reach of a liquid neck
      springlab spring ...           sample a spring in closed form, print CSV
      springlab export ...           a spring, or a preset's springs, as code (SwiftUI, Compose, CSS …)
      springlab velocity FILE|-      release velocities of recorded pointer samples
      springlab fit FILE             which spring moved a recorded element (video or CSV)
      springlab help [COMMAND]       this text, or one command in full ('help about': credits)
      springlab --version            the version and the commit it was built from

    Usage errors exit 2, runtime errors exit 1, each with one line on standard error.

    """

    static let pages: [String: String] = [
        "spring": """
        usage: springlab spring (--response R --damping Z | --duration D --bounce B |
                                 --stiffness K --friction C [--mass M] | --bounciness B --speed S)
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
        "export": """
        usage: springlab export (--response R --damping Z | --duration D --bounce B |
                                 --stiffness K --friction C [--mass M] | --bounciness B --speed S)
                                [--format FORMAT]
               springlab export --preset FILE [--spring ID] [--format FORMAT]

        Prints a spring as code for the platform it ships on. FORMAT (default swiftui):
        \(ExportCommand.formats.joined(separator: ", ")). Each text is exact in its platform's
        own semantics: Compose, Android, Flutter, UIKit, Motion and react-spring as mass,
        stiffness and damping; SwiftUI as response and damping fraction (and duration and
        bounce); origami as Origami POP's bounciness and speed (Facebook Rebound's
        conversion, inverted exactly; --bounciness B --speed S read it, B in [0, 42.5]);
        css as a `linear()` easing of the step response over its settle time, within 0.005
        of the travel everywhere with as few points as that needs; keyframes as a CSS
        @keyframes rule with a keyframe at each of those points and `animation: spring Ds
        linear;`; waapi as `element.animate(…)` with the duration in ms and that easing;
        json with every form. With --preset, every spring of each scene the preset holds (laid over
        the defaults), one block each headed by its id (pushAlert.gap …; json: one object
        keyed by id), or only the one --spring names. The window's spring groups copy the
        same texts (Code… menu, Ctrl+C) and paste them back (Ctrl+V).

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
        "fit": """
        usage: springlab fit FILE [--region X,Y,W,H] [--at T] [--axis x|y] [--from T] [--to T]
                              [--format FORMAT] [--samples OUT.csv]

        Which spring is that? Fits a spring to a recorded motion. FILE is a CSV (a header
        with t in seconds or t_ms, then x and/or y) or a video ffmpeg reads (.mp4 .mov .mkv
        .webm .gif), timed by its own frame timestamps (variable frame rates are fine).
        In a video the element is the largest region that moves, found in the first frame,
        or the patch --region names (pixels of the first frame, or of the frame at --at T);
        it is tracked to a fraction of a pixel. The axis is the one it travels most along
        unless --axis. The largest move from rest to rest is fitted (--from/--to narrow the
        times; a line on standard error says when there were several) by least squares on
        the spring's exact motion: start time, start and end, initial velocity, response
        and damping ratio, under-, critically or over-damped.
        Prints response, damping (ratio), duration, bounce, stiffness and
        damping_coefficient (mass 1), from, to, axis, start, initial_velocity (units/s),
        samples, rms_error_pct and max_error_pct (of the travel, over the move), and
        verdict: spring when the RMS error is at most 1 %, else not-a-spring (the closest
        spring is still printed). --format prints the spring as code instead (the formats
        of springlab export); --samples writes the fitted samples as t,position,fitted.
        No motion, fewer than 6 samples or an unreadable file exits 1 and writes nothing.
        Positions of a video are the element's centre in the video's pixels; times (start,
        --from, --to, --at) are seconds from the first frame or row. Dropping a video or
        CSV on the window (or the Spring Lab's Fit… row) makes spring B the fit.

        """,
        "run": """
        usage: springlab [run] [--scene \(sceneChoices)] [--renderer gl|software] [--size WxH]
                         [--scale S] [--theme light|dark] [--reduce-motion] [--trace FILE]
                         [--preset FILE] [--replay FILE] [--captures DIR] [--fresh] [--frame-delay MS]
                         [--quit-after S]

        Opens the SpringLab window. OpenGL 3.3 core (GLES 3.0 as a fallback); without
        either, the software renderer, with one line saying so. --scale renders at S
        pixels per point (a HiDPI drawable on any display). --trace writes one JSON object
        a line for every semantic event (layout, presented, dragBegan, armed, disarmed,
        dragEnded with its velocity, projection, decision and reason, dragCancelled,
        dismissed, returned, settled) and a frame-time summary each second.
        --frame-delay sleeps every frame, to reproduce a slow machine.
        Keys (the window's ? / F1 overlay lists the same): \(keyList).
        Presence: T and N emit toggled, next, shown, hidden, valueChanged, settled.
        R starts a take (the scene restarts from its settings) and R again ends it: the
        replay file is written and rendered to MP4 at exactly 60 fps in the background,
        progress shown over the stage. S saves a screenshot at the drawable's resolution.
        Both go to --captures DIR (default ~/Videos/SpringLab), named by date and scene,
        never overwriting. --replay FILE checks the file's frame hashes, then plays it.
        --preset FILE starts with the settings a Save preset wrote (any of pushAlert, pile,
        presence, neck).
        The window remembers its size, scene, theme, --scale, inspector form and every
        scene's settings in $XDG_CONFIG_HOME/springlab/state.json (~/.config/springlab/),
        written after changes (at most every 2 s) and when it closes or is stopped, and
        opens on them next time; a flag wins over a remembered value. A damaged file is set
        aside as state.json.broken with one line. --fresh starts from defaults and neither
        reads nor writes it (--replay neither).

        """,
        "render": """
        usage: springlab render --scene \(sceneChoices) [--progress P | --script NAME
                                [--time T]] [--size WxH] [--scale S]
                                [--theme light|dark] [--renderer gl|software] --out FILE.png

        Draws the stage alone — the scene's page centred horizontally, its top at the
        image's top (default: the page with its margins, 420x300 for the Push Alert) —
        posed at P of the scene's drive (the Push Alert's: 0.08–0.32 arrival, 0.32–0.58 at
        rest, 0.58–0.84 departure), or T seconds into a script (default 0.15), headless
        through SDL's offscreen driver: no X server needed. The PNG is written whole or not
        at all. Scripts: \(scriptList).

        """,
        "bench": """
        usage: springlab bench [--scene \(sceneChoices)] [--frames N] [--size WxH] [--scale S]
                               [--renderer gl|software] [--damage on|off] [--passes on|off]
                               [--ab SHORTCUT] [--repeat N]
               springlab bench --idle SECONDS [--scene NAME] [--size WxH] [--scale S]
               springlab bench --flight HOURS [--flight-bound MB]

        Draws N frames (default 600) of the scene animating at WxH (default 1280x800),
        presented to a hidden window as the app presents them, waiting for the GPU each
        frame, and prints p50/p99/max/mean in ms — after one untimed cycle of the drive,
        whose first and worst frames (llvmpipe compiling shader variants on first use)
        are printed on their own line. Beside them: the budget (8.3 ms at scale 1, 16.7 ms
        at scale 2), the floor (one full-window textured blit, measured in the same run)
        and p99 / floor, the share of the machine's CPU time the hypervisor gave other
        guests over the timed frames (steal_pct, from /proc/stat: a busy host slows every
        figure), the load average, the share of pixels repainted, and memory; and
        cpu_ms_per_frame, the process's CPU time (every thread, llvmpipe's drawing
        included) over the timed frames divided by them — what a browser's frame costs is
        measured the same way. --repeat N measures N times in a row, each with a fresh
        window, and ends with the spread (min/median/max) of each figure. --damage off draws
        every frame whole (to compare). --passes on waits for the GPU after each pass of
        the timed frames and prints each pass's ms a frame (and for the liquid passes the
        pixels shaded and ns a pixel): where the time goes. The waits drain llvmpipe's
        pipeline, so those frames are slower than without. --ab SHORTCUT (liquid-cores,
        tight-blur, single-shape-field, …) turns one of the renderer's shortcuts on for even
        frames and off for odd ones and prints both halves — their times and the process's
        CPU a frame in each (with --passes, each pass's ms and pixels too): a step measured
        on one machine at one moment, where runs apart differ by more than the step.

        --idle SECONDS opens the real window on the scene (X when there is a display),
        waits until it first comes to rest, and reports the frames drawn and the CPU used
        over SECONDS (the goal: no frames, under 1 % of a core).

        --flight HOURS runs the flight recorder over HOURS of a pointer that never rests
        (moving at 60 Hz, dragging across the liquid pile two seconds of every three),
        through the scene as the window runs it, and prints the log's lines and MB, the
        MB an hour, the process's memory, and the size and time of a checkpoint. Past
        --flight-bound MB (default 40) the log drops its oldest lines after a checkpoint.

        """,
        "record": """
        usage: springlab record --scene NAME --script NAME | --replay FILE
                                [--fps 60] [--size WxH] [--scale S] [--theme light|dark]
                                [--duration S] [--time T] [--from T] [--to T] [--transparent]
                                [--save-replay FILE] [--window] [--pointer] [--progress]
                                [--renderer gl|software] --out FILE.mp4|FILE.gif|FILE.png|DIR/

        Renders a take offline: frame i at exactly i / fps, headless, the same bytes every
        run, faster than real time. By the output path: .mp4 (H.264, yuv420p converted with
        the BT.709 matrix and tagged so, through the ffmpeg program), .gif (a palette made from the clip; --fps 50, 33 or 25), DIR/ (a
        folder of PNGs; --transparent for an alpha background), .png (the frame at --time,
        default the end). Outputs are written beside the target and moved into place whole;
        a failure removes them. --size is the stage in points (default: the scene's page).
        Scripts: \(scriptList). A replay's frame hashes are checked before anything is drawn.
        --save-replay writes the take as a replay file with a hash for every frame.
        --window draws the whole window (inspector and bar) instead of the stage;
        --pointer draws the pointer from the take's own events: a cursor, filled while
        pressed, and a ring from each press and release.
        --from and --to render a span: the take lives through everything before it, and
        frame i of the output is frame round(from × fps) + i of the whole render, byte for
        byte. Times count from the take's first rendered frame (a flight recorder's replay
        starts at its span).

        """,
        "filmstrip": """
        usage: springlab filmstrip --scene NAME [--script NAME | --replay FILE] [--frames 32]
                                   [--fps 15] [--columns 8] [--size WxH] [--scale 0.5]
                                   [--theme light|dark] [--renderer gl|software] --out FILE.png

        A contact sheet: N frames of a take every 1/fps s, in columns, each with its time.
        Default take: the scene's first script (the Push Alert's presentation loop).

        """,
        "neck": """
        usage: springlab neck --shape capsule|circle|card --size WxH --gap G [--merge 20]
                              [--count 2] [--kernel quadratic|cubic|pinched]

        Places 2 (or 3) shapes of WxH side by side, G pt apart, merges them as a liquid
        group (smooth union, k = merge / 4) and prints `waist=… snap=… reach=…` in pt:
        the bridge's width at the middle of the first gap (0 once apart), the gap at which
        it snaps, and how far the facing edges moved toward each other.

        """,
        "about": """
        SpringLab \(SpringLabCommand.version) — a playground for interface motion driven by springs.

        The Push Alert's motion design follows syxUI's "Push Alert" banner (syxui.dev):
        a gap that opens ahead of the alert, two springs and their lead.
        Text is set in Inter by Rasmus Andersson and the Inter Project Authors, under the
        SIL Open Font License 1.1 (Assets/Fonts/LICENSE.txt).
        Spring reference values: Flutter's physics tests; conversions: Apple's SwiftUI docs.

        """,
        "help": """
        usage: springlab help [COMMAND]
               springlab help --man
               springlab help --completion bash|zsh|fish

        Prints the overview, or the full text of COMMAND. --man prints all of it as a
        manual page (springlab.1, in roff: `springlab help --man | man -l -`); --completion
        prints a completion script for the shell, made from the same commands, their flags
        and the values they take (scenes, each scene's scripts, formats, files).
        scripts/install installs both.

        """,
        "version": """
        usage: springlab --version
               springlab version

        Prints the version and the commit the binary was built from, as in
        `springlab \(SpringLabCommand.version) (commit 1a2b3c4d5e6f)`: `-dirty` follows the hash when the build
        had uncommitted changes to tracked files, and `commit unknown` stands for a build
        without git or outside a checkout. The build scripts write the commit to
        springlab.commit beside the binary (scripts/install to PREFIX/share/springlab/);
        without that file, or when the binary is newer than it, git names the commit of
        the checkout the binary is in.

        """,
    ]

    static func run(_ arguments: [String], output: inout String) throws(UsageError) {
        let a = try parseArguments(arguments, specs: specs, command: "help", maxPositional: 1)
        if let shell = a.words["completion"] {
            guard !a.toggles.contains("man"), a.positional.isEmpty else {
                throw UsageError("springlab help: --completion takes no COMMAND and no --man")
            }
            output += Completion.script(for: shell)
            return
        }
        if a.toggles.contains("man") {
            guard a.positional.isEmpty else { throw UsageError("springlab help: --man takes no COMMAND") }
            output += ManPage.text
            return
        }
        guard let name = a.positional.first else { output += overview; return }
        guard let page = pages[name] else {
            throw UsageError("springlab help: unknown command \(quoted(name)); commands: \(commandNames.joined(separator: ", "))")
        }
        output += page
    }

    /// `push-alert|presence|…`: the registry's scenes, for the usage lines.
    static var sceneChoices: String { SceneRegistry.names.joined(separator: "|") }
    /// `1 push-alert, 2 presence, …`: the number keys.
    static var sceneKeys: String {
        SceneRegistry.names.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
    }
    /// Every shortcut, from the window's own table (the ? / F1 overlay's).
    static var keyList: String {
        Workbench.shortcuts(sceneNames: SceneRegistry.names).map { "\($0.keys) \($0.does)" }.joined(separator: "; ")
    }
    /// Every scene's scripts: `push-alert present, loop …; presence hide …`.
    static var scriptList: String {
        SceneRegistry.scenes.map { "\($0.name) " + ($0.scripted?.scripts ?? []).map(\.name).joined(separator: ", ") }.joined(separator: "; ")
    }
}
