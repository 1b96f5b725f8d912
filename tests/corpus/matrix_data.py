"""Small corpora of every input family, written as a user's folders: plain text, subtitles,
engines' JSON and the scoring formats, with times and speakers where the format has them.

Each corpus is ``refs/`` and two engines' folders, files paired by name, and the metrics
its inputs support (time metrics where every file has times, speaker metrics where every
file has speakers).
"""

from __future__ import annotations

import json
from pathlib import Path

# (word, start, end, speaker): the reference, and two engines' versions of it
REFERENCE = [
    ("the", 0.1, 0.3, "Ann"),
    ("cat", 0.4, 0.7, "Ann"),
    ("sat", 0.8, 1.0, "Ann"),
    ("on", 1.1, 1.2, "Ann"),
    ("the", 1.3, 1.4, "Ann"),
    ("mat", 1.5, 1.9, "Ann"),
    ("and", 2.6, 2.8, "Bob"),
    ("the", 2.9, 3.0, "Bob"),
    ("dog", 3.1, 3.4, "Bob"),
    ("barked", 3.5, 3.9, "Bob"),
]
ENGINE_A = [
    ("the", 0.1, 0.3, "Ann"),
    ("cat", 0.4, 0.7, "Ann"),
    ("sad", 0.8, 1.0, "Ann"),
    ("on", 1.1, 1.2, "Ann"),
    ("mat", 1.5, 1.9, "Ann"),
    ("and", 2.6, 2.8, "Bob"),
    ("a", 2.9, 3.0, "Bob"),
    ("dog", 3.1, 3.4, "Bob"),
    ("barked", 3.5, 3.9, "Bob"),
    ("today", 4.0, 4.4, "Bob"),
]
ENGINE_B = [
    ("the", 0.2, 0.4, "Ann"),
    ("hat", 0.5, 0.7, "Ann"),
    ("sat", 0.9, 1.1, "Ann"),
    ("on", 1.2, 1.3, "Ann"),
    ("the", 1.4, 1.5, "Ann"),
    ("mat", 1.6, 2.0, "Ann"),
    ("the", 3.0, 3.1, "Bob"),
    ("dog", 3.2, 3.5, "Bob"),
    ("parked", 3.6, 4.0, "Bob"),
]


def cues(words: list) -> list:
    """The words as cues, one per speaker turn: (start, end, speaker, text)."""
    out: list = []
    for word, start, end, speaker in words:
        if out and out[-1][2] == speaker:
            out[-1] = (out[-1][0], end, speaker, out[-1][3] + " " + word)
        else:
            out.append((start, end, speaker, word))
    return out


def clock(seconds: float, comma: bool = False) -> str:
    millis = round(seconds * 1000)
    text = f"{millis // 3600000:02}:{millis // 60000 % 60:02}:{millis // 1000 % 60:02}.{millis % 1000:03}"
    return text.replace(".", ",") if comma else text


def vtt(words: list) -> str:
    return "WEBVTT\n\n" + "".join(f"{clock(s)} --> {clock(e)}\n<v {who}>{text}\n\n" for s, e, who, text in cues(words))


def srt(words: list) -> str:
    return "".join(
        f"{n}\n{clock(s, True)} --> {clock(e, True)}\n{text}\n\n" for n, (s, e, _, text) in enumerate(cues(words), 1)
    )


def ttml(words: list) -> str:
    body = "".join(f'<p begin="{clock(s)}" end="{clock(e)}">{text}</p>' for s, e, _, text in cues(words))
    return f'<tt xmlns="http://www.w3.org/ns/ttml"><body><div>{body}</div></body></tt>'


def aws(words: list) -> str:
    items = [
        {
            "type": "pronunciation",
            "start_time": str(s),
            "end_time": str(e),
            "speaker_label": who,
            "alternatives": [{"confidence": "0.9", "content": w}],
        }
        for w, s, e, who in words
    ]
    segments = [
        {"speaker_label": who, "start_time": str(s), "end_time": str(e), "items": []} for s, e, who, _ in cues(words)
    ]
    return json.dumps(
        {
            "results": {
                "transcripts": [{"transcript": " ".join(w[0] for w in words)}],
                "speaker_labels": {"speakers": len(segments), "segments": segments},
                "items": items,
            }
        }
    )


def kaldi(words: list) -> str:
    return json.dumps(
        {
            "text": " ".join(w[0] for w in words),
            "punct": " ".join(w[0] for w in words),
            "words": [{"start": s, "end": e, "confidence": 0.9, "word": w, "punct": w} for w, s, e, _ in words],
        }
    )


def seglst(words: list) -> str:
    return json.dumps(
        [
            {"session_id": "rec", "speaker": who, "start_time": s, "end_time": e, "words": text}
            for s, e, who, text in cues(words)
        ]
    )


def stm(words: list) -> str:
    return "".join(f"rec 1 {who} {s:.2f} {e:.2f} {text}\n" for s, e, who, text in cues(words))


def ctm(words: list) -> str:
    return "".join(f"rec 1 {s:.2f} {e - s:.2f} {w}\n" for w, s, e, _ in words)


def plain(words: list) -> str:
    return " ".join(w[0] for w in words) + "\n"


# corpus -> (metric flags, {id: (reference file, engine a file, engine b file)}), a file as (extension, writer)
CORPORA = {
    "plain": (
        ["--wer", "levenshtein", "--cer", "--diffcounts"],
        {"one": ((".txt", plain),) * 3, "two": ((".txt", plain),) * 3},
    ),
    "speakers": (
        ["--wer", "levenshtein", "--tcwer", "--cpwer"],
        {
            "subtitles": ((".vtt", vtt), (".vtt", vtt), (".vtt", vtt)),
            "engine": ((".json", aws), (".json", aws), (".json", seglst)),
            "scoring": ((".stm", stm), (".stm", stm), (".json", seglst)),
        },
    ),
    "times": (
        ["--wer", "levenshtein", "--tcwer"],
        {
            "subtitles": ((".ttml", ttml), (".srt", srt), (".vtt", vtt)),
            "engine": ((".json", kaldi), (".json", kaldi), (".json", aws)),
            "scoring": ((".stm", stm), (".ctm", ctm), (".ctm", ctm)),
        },
    ),
}


def build(root: Path, name: str) -> list:
    """Write corpus ``name`` under ``root`` and return the command-line arguments naming it
    (folders and metrics)."""
    metrics, items = CORPORA[name]
    folders = {side: root / name / side for side in ("refs", "a", "b")}
    for folder in folders.values():
        folder.mkdir(parents=True)
    for n, (key, files) in enumerate(items.items()):
        # each file a little different: the engines' last n words are missing
        versions = (REFERENCE, ENGINE_A[: len(ENGINE_A) - n], ENGINE_B[: len(ENGINE_B) - n])
        for folder, (extension, write), words in zip(folders.values(), files, versions):
            (folder / (key + extension)).write_text(write(words), encoding="utf-8")
    return ["-r", str(folders["refs"]), "-h", f"a={folders['a']}", "-h", f"b={folders['b']}", *metrics]
