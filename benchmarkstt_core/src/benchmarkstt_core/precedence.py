"""Who answers to a component name when several plugins register it.

Every plugin's registrations of one kind are gathered first (:class:`Claim`), then each name
is decided on its own, by rules that never look at the order in which plugins were loaded:

1. The same class registered twice counts once.
2. A component of a **standard** plugin (a distribution that says so in its metadata, see
   :data:`~benchmarkstt_core.plugins.STANDARD_GROUP`) keeps its name, unless exactly
   one other plugin registers that name with ``override=True``: then that plugin's answers.
   A registration without ``override=True`` is ignored, with a warning naming both plugins.
3. Two or more other plugins claiming one name (two plain ones where there is no standard
   component, or two overrides of one standard component): neither is used, a warning names
   them all, and using the name is an error saying which plugin to disable.

The outcome goes to the records of the plugins concerned (``overrides``, ``ignored``,
``clashes``), which ``benchmarkstt-tools plugins`` shows.

:example:
    >>> from benchmarkstt_core.registry import LazyComponentSpec
    >>> from benchmarkstt_core.plugins import PluginRecord
    >>> std = PluginRecord("std", "benchmarkstt-std", "2.0", "std", standard=True)
    >>> mine = PluginRecord("mine", "my-metrics", "0.1", "mine")
    >>> claims = [Claim(LazyComponentSpec("metrics", "a:WER", "wer", "mine"), mine, False),
    ...           Claim(LazyComponentSpec("metrics", "b:WER", "wer", "std"), std, False)]
    >>> messages = []
    >>> [spec.where for spec in resolve("metrics", claims, messages.append)]
    ['b:WER']
    >>> mine.ignored
    ["metric 'wer': the standard plugin 'std' provides it"]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, NamedTuple

from .docblock import Docblock
from .errors import UsageError
from .registry import ComponentSpec

if TYPE_CHECKING:  # pragma: no cover
    from .plugins import PluginRecord

ENV_DISABLE = "BENCHMARKSTT_DISABLE_PLUGINS"


class Claim(NamedTuple):
    """One plugin's registration of one component."""

    spec: ComponentSpec
    plugin: PluginRecord
    override: bool


class ClashSpec(ComponentSpec):
    """What a name claimed by several plugins resolves to: it shows in listings and help,
    and any use of it is a :class:`UsageError` naming the plugins."""

    def __init__(self, kind: str, name: str, message: str):
        super().__init__(kind, None, name, [], Docblock(message, {}, []), False, None, None)
        self.message = message

    def check_args(self, args: object) -> None:
        """Refuse: which plugin answers is for the user to decide."""
        raise UsageError(self.message)

    def create(self, *args: object, **kwargs: object) -> None:
        """Refuse, as :meth:`check_args` does."""
        raise UsageError(self.message)

    @property
    def cls(self) -> type:
        """None of the plugins' classes: refused, as :meth:`check_args` is."""
        raise UsageError(self.message)


def _named(claim: Claim) -> str:
    record = claim.plugin
    return f"{record.name!r}" + (
        f" ({record.distribution} {record.version})" if record.version not in ("-", "?") else ""
    )


def _distinct(claims: Iterable[Claim]) -> list:
    seen: dict[str | int, Claim] = {}
    for claim in claims:
        seen.setdefault(claim.spec.where or id(claim.spec), claim)
    return list(seen.values())


def resolve(kind: str, claims: Iterable[Claim], warn: Callable[[str], None]) -> list:
    """The specs that answer to each name claimed in ``claims`` (a :class:`ClashSpec` where
    the plugins clash); ``warn`` receives a message for every registration left out."""
    by_name: dict[str, list[Claim]] = {}
    for claim in claims:
        by_name.setdefault(claim.spec.name.lower(), []).append(claim)
    what = kind[:-1].replace("_", " ")
    chosen = []
    for group in by_name.values():
        group = _distinct(group)
        name = group[0].spec.name
        standard = [c for c in group if c.plugin.standard]
        others = [c for c in group if not c.plugin.standard]
        if standard:
            for extra in standard[1:]:  # two of the project's own plugins: a bug of the project
                warn(
                    f"{what} {name!r} from plugin {_named(extra)} ignored: standard plugin "
                    f"{_named(standard[0])} registers it too"
                )
            for claim in others:
                if not claim.override:
                    claim.plugin.ignored.append(
                        f"{what} {name!r}: the standard plugin {standard[0].plugin.name!r} provides it"
                    )
                    warn(
                        f"{what} {name!r} from plugin {_named(claim)} ignored: the standard plugin "
                        f"{_named(standard[0])} provides it (a plugin replaces a standard component "
                        f"only by registering it with override=True)"
                    )
            others = [c for c in others if c.override]
            if not others:
                chosen.append(standard[0].spec)
                continue
            if len(others) == 1:
                others[0].plugin.overrides.append(f"{what} {name!r} of {standard[0].plugin.name!r}")
                chosen.append(others[0].spec)
                continue
        elif len(others) == 1:
            chosen.append(others[0].spec)
            continue
        chosen.append(_clash(kind, name, others, warn))
    return chosen


def _clash(kind: str, name: str, claims: list, warn: Callable[[str], None]) -> ClashSpec:
    claims = sorted(claims, key=lambda c: c.plugin.name)
    what = kind[:-1].replace("_", " ")
    names = " and ".join(_named(c) for c in claims)
    dropped = [c.plugin.name for c in claims[:-1]]
    installed = [n for n in dropped if not n.startswith("--load ")]
    loaded = [n[len("--load ") :] for n in dropped if n.startswith("--load ")]
    ways = ([f"{ENV_DISABLE}={','.join(installed)}"] if installed else []) + (
        [f"without --load {' '.join(loaded)}"] if loaded else []
    )
    message = (
        f"{what} {name!r} is registered by plugins {names}, so none of them is used: "
        f"keep one, e.g. {' and '.join(ways)}"
    )
    warn(message)
    for claim in claims:
        others = ", ".join(repr(c.plugin.name) for c in claims if c is not claim)
        claim.plugin.clashes.append(f"{what} {name!r} (also registered by {others}): not used")
    return ClashSpec(kind, name, message)
