# PYTHON_ARGCOMPLETE_OK
"""The ``benchmarkstt`` command: input, normalization, segmentation, metrics, output.

``--version`` is answered before anything else is imported.
"""

import sys


def run(argv=None) -> None:
    """Console-script entry point of ``benchmarkstt``."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--version" in argv:
        from ..__meta__ import __version__

        try:
            sys.stdout.write(f"benchmarkstt: {__version__}\n")
            sys.stdout.flush()
        except (AttributeError, OSError):  # standard output closed or broken
            sys.stderr.write("benchmarkstt: error: cannot write to standard output\n")
            sys.exit(1)
        sys.exit(0)
    from .common import finish, pause_gc

    pause_gc()
    finish(main(argv))


def main(argv: list) -> int:
    """Run ``benchmarkstt`` with ``argv``; return the exit status."""
    from .benchmark import MainCommand
    from .common import (ArgumentParser, add_common_options, autocomplete, guarded, load_host, setup_logging,
                         startup_done)

    def body(pre) -> int:
        host = load_host(pre)
        command = MainCommand()
        parser = ArgumentParser(prog="benchmarkstt", description=MainCommand.__doc__)
        command.add_arguments(parser, host)
        parser.add_argument("--version", action="store_true", help="Output benchmarkstt version number")
        add_common_options(parser)
        autocomplete(parser, host.registries)
        args = parser.parse_args(argv)
        setup_logging(args.log_level)
        startup_done()
        return command.run(args, host)

    return guarded("benchmarkstt", argv, body)


if __name__ == "__main__":
    run()
