# PYTHON_ARGCOMPLETE_OK
"""The ``benchmarkstt`` command: input, normalization, segmentation, metrics, output.

``--version`` is answered before anything else is imported.
"""

from .entry import start


def run(argv=None) -> None:
    """Console-script entry point of ``benchmarkstt``."""
    start("benchmarkstt", main, argv)


def main(argv: list) -> int:
    """Run ``benchmarkstt`` with ``argv``; return the exit status."""
    from .benchmark import MainCommand
    from .common import ArgumentParser, add_common_options, autocomplete, guarded, load_host, setup_logging

    def body(pre) -> int:
        host = load_host(pre)
        command = MainCommand()
        parser = ArgumentParser(prog="benchmarkstt", description=MainCommand.__doc__, plugin_failures=host.failures())
        command.add_arguments(parser, host)
        parser.add_argument("--version", action="store_true", help="Output benchmarkstt version number")
        add_common_options(parser)
        autocomplete(parser, host.registries)
        args = parser.parse_args(argv)
        setup_logging(args.log_level)
        return command.run(args, host)

    return guarded("benchmarkstt", argv, body)


if __name__ == "__main__":
    run()
