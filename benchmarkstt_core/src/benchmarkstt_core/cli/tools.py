# PYTHON_ARGCOMPLETE_OK
"""The ``benchmarkstt-tools`` command: one subcommand per registered tool command."""

from .entry import start


def run(argv=None) -> None:
    """Console-script entry point of ``benchmarkstt-tools``; ``--version`` is answered
    before anything else is imported, as ``benchmarkstt --version`` is."""
    start("benchmarkstt-tools", main, argv)


def main(argv: list) -> int:
    """Run ``benchmarkstt-tools`` with ``argv``; return the exit status."""
    from .common import (ArgumentParser, add_common_options, autocomplete, guarded, load_host, setup_logging)

    def body(pre) -> int:
        host = load_host(pre)
        parser = ArgumentParser(prog="benchmarkstt-tools", add_help=True,
                                description="Subcommands of benchmarkstt", plugin_failures=host.failures())
        parser.add_argument("--log-level", type=str.lower, default="warning", help="Set the logging output level")
        parser.add_argument("--version", action="store_true", help="Output benchmarkstt version number")
        sub = parser.add_subparsers(dest="subcommand", metavar="subcommand")
        commands = {}
        for spec in host.registries.tool_commands:
            command = spec.create([])
            commands[spec.name] = command
            sp = sub.add_parser(spec.name, help=spec.description, description=spec.description,
                                prog=f"benchmarkstt-tools {spec.name}", allow_abbrev=False,
                                add_help=False, formatter_class=parser.formatter_class,
                                plugin_failures=parser.plugin_failures)
            command.add_arguments(sp, host)
            add_common_options(sp)
        autocomplete(parser, host.registries)
        args = parser.parse_args(argv)
        if not args.subcommand:
            parser.error("expects at least 1 argument: a subcommand (" + ", ".join(commands) + ")")
        setup_logging(args.log_level)
        return commands[args.subcommand].run(args, host)

    return guarded("benchmarkstt-tools", argv, body)


if __name__ == "__main__":
    run()
