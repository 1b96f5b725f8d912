"""Named, versioned normalization profiles, and the ``profile`` normalizer that applies one.

A profile is a list of normalizer calls (the same ``(name, values...)`` calls that the
command line, config files and :class:`~benchmarkstt_core.pipeline.Pipeline` take), a
version, and a description. A profile's steps never change under the same version: a
change of behaviour gets a new version. :func:`profile_info` gives a profile's calls,
version and the sha256 of its steps, for callers that build their own pipelines (the
corpus runner).

:example:
    >>> info = profile_info("ebu-tutorial")
    >>> info.version, info.calls[-1]
    ('1', ('lowercase',))
    >>> Profile("ebu-tutorial").normalize("<b>Hello</b>, World.")
    ' hello   world '
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import Term, UsageError
from benchmarkstt_core.normalization import NormalizationComposite, steps_sha256

if TYPE_CHECKING:
    from benchmarkstt_core.registry import Registries


#: the command line that lists the profiles (:mod:`.options` adds ``--list-profiles``)
LISTING_COMMAND = "benchmarkstt-tools normalization --list-profiles"


class Definition(NamedTuple):
    """A shipped profile: its calls, version and what it does."""

    version: str
    description: str
    calls: tuple


#: the profiles this plugin ships, by name
PROFILES = {
    "whisper-en": Definition(
        "1",
        "OpenAI Whisper's English text normalizer (openai-whisper 20250625), as the Open ASR "
        "Leaderboard and most papers use it: no brackets, fillers or punctuation; contractions "
        "expanded; numbers, currencies and percentages as digits; American spellings",
        (("whisperenglish",),),
    ),
    "whisper-basic": Definition(
        "1",
        "OpenAI Whisper's basic, language-independent text normalizer (openai-whisper 20250625): "
        "no brackets or parentheses, symbols and punctuation as spaces, lower case",
        (("whisperbasic",),),
    ),
    "ebu-tutorial": Definition(
        "1",
        "The rules of benchmarkstt's tutorial config (docs/tutorial/config.conf): XML tags, "
        "commas, full stops and hyphens as spaces, then lower case",
        (("regex", r"</?[?!\[\]a-zA-Z][^>]*>", " "), ("regex", "[,.-]", " "), ("lowercase",)),
    ),
    "lowercase-nopunct": Definition(
        "1",
        "Lower case, and every punctuation mark or symbol as a space except an apostrophe "
        "inside a word (don't stays don't)",
        (("lowercase",), ("regex", r"(?!(?<=\w)'(?=\w))[^\w\s]|_", " ")),
    ),
}


class ProfileInfo(NamedTuple):
    """A profile as a caller that builds its own pipeline needs it."""

    name: str
    version: str
    description: str
    calls: tuple
    sha256: str


def definition(name: str) -> Definition:
    """The shipped profile called ``name`` (any case), or a :class:`UsageError` naming the
    profiles and where each front end says what each does (:class:`~benchmarkstt_core.errors.Term`)."""
    found = PROFILES.get(str(name).strip().lower())
    if found is None:
        raise UsageError.worded(
            f"profile: unknown profile {name!r}; the profiles are {', '.join(sorted(PROFILES))} (",
            Term("listing", "profile", value=LISTING_COMMAND),
            " says what each does)",
        )
    return found


@functools.cache
def plain_registries() -> Registries:
    """The normalizers plugin's normalizers and this plugin's own, as their public
    ``register_normalizers`` hooks register them, made once."""
    from benchmarkstt_core.plugins import make_spec
    from benchmarkstt_core.registry import Registries
    from benchmarkstt_normalizers import plugin as normalizers_plugin

    from . import plugin as own_plugin

    registries = Registries()
    for plugin in (normalizers_plugin, own_plugin):

        def register(
            component: Any,
            name: str | None = None,
            override: bool = False,
            plugin: str = plugin.__name__.partition(".")[0],
        ) -> None:
            registries.normalizers.add_spec(make_spec("normalizers", component, name, plugin))

        plugin.register_normalizers(register=register)
    return registries


def plain_context() -> Context:
    """The context of a profile made in plain Python, without one: it knows the normalizers of
    :func:`plain_registries` and builds no plugin host (each call gives a fresh context)."""
    return Context(plain_registries())


def profile_info(name: str, context: Context | None = None) -> ProfileInfo:
    """The calls, version and steps hash of the profile ``name`` (``context`` as for :class:`Profile`)."""
    profile = Profile(name, context=context)
    record = profile.record()
    return ProfileInfo(
        record["profile"], record["version"], profile.definition.description, profile.definition.calls, record["sha256"]
    )


def listing() -> str:
    """One line per profile: name, version and what it does (``--list-profiles``)."""
    import textwrap

    width = max(len(name) for name in PROFILES)
    lines = []
    for name in sorted(PROFILES):
        found = PROFILES[name]
        head = f"{name:<{width}}  v{found.version}  "
        lines.append(textwrap.fill(found.description, 100, initial_indent=head, subsequent_indent=" " * len(head)))
    return "\n".join(lines) + "\n"


class Profile(NormalizationComposite):
    """Apply a named, versioned normalization profile: whisper-en (OpenAI Whisper's English
    normalizer), whisper-basic (its language-independent one), ebu-tutorial (the tutorial
    config's rules) or lowercase-nopunct. `benchmarkstt-tools normalization --list-profiles`
    says what each does and its version; results in JSON name the profile and version.

    :param name: the profile's name
    :example text: "Don't PANIC: it's 42 (or so)!"
    :example name: "lowercase-nopunct"
    :example return: "don't panic  it's 42  or so  "
    """

    def __init__(self, name: str, *, context: Context | None = None):
        from benchmarkstt_core.pipeline import create, split_call

        self.name = str(name).strip().lower()
        self.definition = definition(self.name)
        context = context or plain_context()
        steps = []
        for call in self.definition.calls:
            step, args = split_call(call)
            steps.append(create(context.registry("normalizers").get(step), args, context))
        self._steps = steps

    @property
    def log_name(self) -> str:
        return f"profile {self.name} v{self.definition.version}"

    def record(self) -> dict:
        """What a result normalized by this profile says about it: name, version, steps hash."""
        return {"profile": self.name, "version": self.definition.version, "sha256": steps_sha256(self)}

    def parts(self) -> Sequence:
        return self._steps
