"""The sentences that say what the live figures mean, for the command's output and the page.

:example:
    >>> f = {"emission": {"mean": 1.64, "median": 1.65}, "first_display": {"mean": 0.29},
    ...      "flicker_per_100": 74.5, "wer": 0.8378, "stable_share": 0.321}
    >>> print(sentence("ps", f))
    ps: final words 1.64 s after they were spoken (mean; median 1.65 s), first shown after 0.29 s; 74.5 of every 100 words shown were changed or removed (32.1% of the final words never changed); final WER 83.78%.
    >>> print(comparison({"ps": f, "dg": dict(f, emission={"mean": 0.8, "median": 0.7}, flicker_per_100=10.0)}))
    Soonest final words: dg (0.80 s), then ps (1.64 s). Steadiest on screen: dg (10.0 per 100 words shown changed), then ps (74.5).
"""

from __future__ import annotations

from typing import Dict


def sentence(name: str, f: dict) -> str:
    """One engine's pooled figures in words."""
    parts = []
    e, d = f["emission"], f["first_display"]
    if e["mean"] is not None:
        parts.append(
            f"final words {e['mean']:.2f} s after they were spoken (mean; median {e['median']:.2f} s)"
            + (f", first shown after {d['mean']:.2f} s" if d["mean"] is not None else "")
        )
    else:
        parts.append("no reference word with a known end was matched in its final words")
    stable = "" if f["stable_share"] is None else f" ({100 * f['stable_share']:.1f}% of the final words never changed)"
    wer = "" if f["wer"] is None else f"; final WER {100 * f['wer']:.2f}%"
    return (
        f"{name}: {parts[0]}; {f['flicker_per_100']:.1f} of every 100 words shown were changed or removed{stable}{wer}."
    )


def comparison(engines: Dict[str, dict]) -> str:
    """Which engines' final words came soonest and which flickered least (empty for one engine)."""
    if len(engines) < 2:
        return ""
    timed = sorted((f["emission"]["mean"], name) for name, f in engines.items() if f["emission"]["mean"] is not None)
    steady = sorted((f["flicker_per_100"], name) for name, f in engines.items())
    text = []
    if len(timed) > 1:
        text.append("Soonest final words: " + ", then ".join(f"{name} ({mean:.2f} s)" for mean, name in timed) + ".")
    text.append(
        "Steadiest on screen: "
        + ", then ".join(
            f"{name} ({flicker:.1f}{' per 100 words shown changed' if k == 0 else ''})"
            for k, (flicker, name) in enumerate(steady)
        )
        + "."
    )
    return " ".join(text)
