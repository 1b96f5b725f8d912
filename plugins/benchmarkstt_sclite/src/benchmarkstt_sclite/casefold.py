"""sclite's case handling: ASCII letters lowercased, every other character kept; with a
language profile (sclite's ``-e utf-8 PROFILE``, the sclite command's ``--case-profile``)
the profile's letters too.

The profiles' letters were measured on sclite 2.4.12 itself: a TRN of every cased letter of
U+0041-U+024F, U+0370-U+052F and U+1E00-U+1EFF, each letter alone against itself and against
another word, scored with each profile (``tests/sclite/test_sclite_case_profiles.py`` makes
that TRN and checks this module against the binary). Each profile folds a set of Unicode's
own case pairs, but ``babel_turkish``, whose I pairs with dotless ı and dotted İ with i.

:example:
    >>> fold("The ÉCOLE")
    'the École'
    >>> fold("IŞIK İSTANBUL", "babel_turkish"), capitals("ışık istanbul", "babel_turkish")
    ('ışık istanbul', 'IŞIK İSTANBUL')
"""

from __future__ import annotations

import string
from functools import cache
from typing import Dict, Tuple

# ukrainian: every capital of the Cyrillic block with a one-letter lowercase, but the palochka Ӏ
_CYRILLIC = "".join(
    chr(c) for c in range(0x400, 0x500) if chr(c) != "\u04c0" and len(chr(c).lower()) == 1 and chr(c).lower() != chr(c)
)

# each profile's capitals (their small letters are Unicode's), then pairs (capital, small) of its own
_PROFILES: Dict[str, Tuple[str, str]] = {
    "generic": ("", ""),
    "babel_turkish": ("ÇÖÜĞŞ", "Iıİi"),
    "babel_vietnamese": ("ÀÁÂÃÈÉÊÌÍÒÓÔÕÙÚÝĂĐĨŨƠƯ" + "".join(chr(c) for c in range(0x1EA0, 0x1EFA, 2)), ""),
    "babel_lithuanian": ("ĄČĖĘĮŠŪŲŽ", ""),
    "babel_kurmanji": ("ÇÊÎÛŞ", ""),
    "babel_cebuano": ("Ñ", ""),
    "babel_kazakh": ("ЁІАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯҒҚҢҮҰҺӘӨ", ""),
    "babel_mongolian": ("ЁАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯҮӨ", ""),
    "babel_guarani": ("ÁÃÉÍÑÓÕÚÝĨŨẼỸ", ""),
    "ukrainian": (_CYRILLIC, ""),
}

PROFILES = tuple(sorted(_PROFILES))


@cache
def tables(profile: str) -> Tuple[dict, dict]:
    """The ``str.translate`` tables that lowercase and capitalize the letters of sclite's
    language ``profile`` (one of ``PROFILES``), made once per profile.

    :example:
        >>> lower, upper = tables("ukrainian"); "ЇЖАК".translate(lower), "ЇЖАК".translate(tables("generic")[0])
        ('їжак', 'ЇЖАК')
    """
    capitals_, pairs = _PROFILES[profile]
    small = "".join(c.lower() for c in capitals_)
    upper = string.ascii_uppercase + capitals_ + pairs[0::2]
    lower = string.ascii_lowercase + small + pairs[1::2]
    return str.maketrans(upper, lower), str.maketrans(lower, upper)


def fold(text: str, profile: str = "generic") -> str:
    """``text`` with its ASCII capitals (and those of the language ``profile``, sclite's
    ``-e utf-8 PROFILE``) lowercased (sclite's default; ``-s`` keeps case)."""
    return text.translate(tables(profile)[0])


def capitals(text: str, profile: str = "generic") -> str:
    """``text`` with its ASCII letters (and those of the language ``profile``) capitalized,
    as sclite writes the errors of its alignment reports (other letters as they are).

    :example:
        >>> capitals("ħat")
        'ħAT'
    """
    return text.translate(tables(profile)[1])
