# PYTHON_ARGCOMPLETE_OK
"""The ``benchmarkstt-tools`` command: one subcommand per registered tool command."""

import os

from .entry import start


def run(argv=None) -> None:
    """Console-script entry point of ``benchmarkstt-tools``; ``--version`` is answered
    before anything else is imported, as ``benchmarkstt --version`` is."""
    start("benchmarkstt-tools", main, argv)


def main(argv: list) -> int:
    """Run ``benchmarkstt-tools`` with ``argv``; return the exit status."""
    from .common import ArgumentParser, add_common_options, autocomplete, guarded, load_host, setup_logging

    def body(pre) -> int:
        host = load_host(pre)
        parser = ArgumentParser(
            prog="benchmarkstt-tools",
            add_help=True,
            description="Subcommands of benchmarkstt",
            plugin_failures=host.failures(),
        )
        parser.add_argument("--log-level", type=str.lower, default="warning", help="Set the logging output level")
        parser.add_argument("--version", action="store_true", help="Output benchmarkstt version number")
        sub = parser.add_subparsers(dest="subcommand", metavar="subcommand")
        specs = {spec.name: spec for spec in host.registries.tool_commands}
        parsers = {
            name: sub.add_parser(
                name,
                help=spec.description,
                description=spec.description,
                prog=f"benchmarkstt-tools {name}",
                allow_abbrev=False,
                add_help=False,
                formatter_class=parser.formatter_class,
                plugin_failures=parser.plugin_failures,
            )
            for name, spec in specs.items()
        }
        # a subcommand's module is imported and its arguments added only when it is the one
        # given (argparse finds it among the subcommands without their arguments); completion
        # needs them all
        chosen = list(specs) if "_ARGCOMPLETE" in os.environ else [parser.parse_known_args(argv)[0].subcommand]
        commands = {}
        for name in filter(None, chosen):
            commands[name] = specs[name].create([])
            commands[name].add_arguments(parsers[name], host)
            add_common_options(parsers[name])
        autocomplete(parser, host.registries)
        args = parser.parse_args(argv)
        if not args.subcommand:
            parser.error("expects at least 1 argument: a subcommand (" + ", ".join(specs) + ")")
        setup_logging(args.log_level)
        return commands[args.subcommand].run(args, host)

    return guarded("benchmarkstt-tools", argv, body)


if __name__ == "__main__":
    run()
