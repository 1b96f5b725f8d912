"""Every transcript reader reads in linear time whatever it is given (issue 30): each input type
the plugins register has adversarial inputs of growing size (long runs of the characters its
patterns and loops key on: ``<``, ``{``, ``-->``, ``:``, digits, quotes, spaces, deep nesting,
many tiny cues, one huge line), and the time at 4n is compared with the time at n
(tests/growth.py). Recognising a file's type (the sniffers, on content of any kind) is
checked the same way, and plain text (which is looked at for JSON and XML). The quick cases
run on every test run; the same cases about 30 times larger are the slow run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from growth import FLOORS, LIMIT, growth

from benchmarkstt_core.errors import BenchmarkSTTError

sys.path.insert(0, str(Path(__file__).parent))  # the STL builder

TTML = '<tt xmlns="http://www.w3.org/ns/ttml"><body><div>{}</div></body></tt>'


def _srt(body: str) -> str:
    return f"1\n00:00:01,000 --> 00:00:02,000\n{body}\n"


def _vtt(body: str) -> str:
    return f"WEBVTT\n\n00:01.000 --> 00:02.000\n{body}\n"


def _ttml_p(body: str) -> str:
    return TTML.format(f'<p begin="1s" end="2s">{body}</p>')


def _scc(rows: str) -> str:
    return f"Scenarist_SCC V1.0\n\n{rows}"


def _stl(subtitles: int, row: bytes = b"Hello world") -> bytes:
    from stl_builder import gsi, tti

    times = [(k // 3600 % 24, k // 60 % 60, k % 60) for k in range(subtitles)]
    return gsi(subtitles, subtitles) + b"".join(
        tti(k % 65536, (*at, 0), (*at, 20), [row]) for k, at in enumerate(times)
    )


def _json(value) -> str:
    return json.dumps(value)


def _words(n: int, **extra) -> list:
    return [dict({"word": "a", "start": k, "end": k + 1}, **extra) for k in range(n)]


# (type, what, make(n), the first n): the text (bytes for EBU STL) of size about n
CASES = [
    ("srt", "one cue of '<v '", lambda n: _srt("<v " * n), 2000),
    ("srt", "one cue of '<' and '{\\\\'", lambda n: _srt("< {\\" * n), 2000),
    ("srt", "one cue of '-->'", lambda n: _srt("a --> b " * n), 2000),
    ("srt", "one cue of glued tags 'a<b>'", lambda n: _srt("a<b>" * n), 2000),
    ("srt", "one cue of sound label brackets '[ ('", lambda n: _srt("[ (a" * n), 2000),
    ("srt", "many tiny cues", lambda n: "".join(f"{k}\n00:00:01,000 --> 00:00:02,000\na\n\n" for k in range(n)), 500),
    ("srt", "a timing line of digits", lambda n: f"1\n{'0' * n}:00:01,000 --> 00:00:02,000\na\n", 2000),
    ("srt", "a timestamp's fraction of digits", lambda n: f"1\n00:00:01,{'0' * n} --> 00:00:02,000\na\n", 2000),
    ("srt", "a timing line of spaces", lambda n: f"1\n00:00:01,000{' ' * n}--> 00:00:02,000\na\n", 2000),
    ("vtt", "one cue of '<v '", lambda n: _vtt("<v " * n), 2000),
    ("vtt", "one cue of '<rt>' and '<ruby>'", lambda n: _vtt("<ruby>a<rt>b" * n), 2000),
    ("vtt", "voices glued in one word", lambda n: _vtt("<v A>a<v B>b" * n), 2000),
    ("vtt", "character references", lambda n: _vtt("&amp;&#163;&" * n), 2000),
    ("vtt", "many tiny cues", lambda n: "WEBVTT\n\n" + "00:01.000 --> 00:02.000\na\n\n" * n, 500),
    ("vtt", "many lines of '-->'", lambda n: "WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n" + "-->\n" * n, 2000),
    ("vtt", "a timestamp of digits", lambda n: f"WEBVTT\n\n{'1' * n}:00:00.000 --> 00:02.000\na\n", 2000),
    ("vtt", "a timing line of colons", lambda n: f"WEBVTT\n\n00:01.000 --> {':' * n}\na\n", 2000),
    ("ttml", "spans nested deep", lambda n: _ttml_p("<span>" * n + "a" + "</span>" * n), 200),
    ("ttml", "divs nested deep", lambda n: TTML.format("<div>" * n + "<p>a</p>" + "</div>" * n), 200),
    (
        "ttml",
        "many paragraphs in a seq container",
        lambda n: TTML.replace("<div>", '<div timeContainer="seq">').format('<p dur="1s">a</p>' * n),
        500,
    ),
    (
        "ttml",
        "one untimed paragraph of timed spans",
        lambda n: TTML.format("<p>" + '<span begin="1s" end="2s">a</span>' * n + "</p>"),
        500,
    ),
    ("ttml", "a time of digits", lambda n: TTML.format(f'<p begin="{"1" * n}" end="2s">a</p>'), 2000),
    (
        "ttml",
        "a clock time's sub-frames of digits",
        lambda n: TTML.format(f'<p begin="00:00:01:01.{"1" * n}" end="00:00:02:00">a</p>'),
        2000,
    ),
    ("ttml", "many line breaks", lambda n: _ttml_p("a<br/>" * n), 1000),
    (
        "scc",
        "many captions",
        lambda n: _scc(
            "".join(
                f"00:00:{k // 30 % 60:02d}:{k % 30:02d}\t9420 9420 94ae 94ae 9440 9440 c8e9 942f 942f\n\n"
                for k in range(n)
            )
        ),
        50,
    ),
    ("scc", "one long line of byte pairs", lambda n: _scc("00:00:00:00\t9420 9420 " + "c8e9 " * n + "\n"), 500),
    ("scc", "one long line of hex digits", lambda n: _scc("00:00:00:00\t" + "c8e9" * n + "x\n"), 2000),
    ("stl", "many subtitles", lambda n: _stl(n), 50),
    ("stl", "subtitles of control codes", lambda n: _stl(n, b"\x0b\x0b\x8a" * 30), 50),
    ("ctm", "many words", lambda n: "".join(f"f 1 {k}.0 0.1 a\n" for k in range(n)), 500),
    ("ctm", "many recordings", lambda n: "".join(f"f{k} 1 0 0.1 a\n" for k in range(n)), 500),
    (
        "ctm",
        "one long alternation block",
        lambda n: "f 1 * * <ALT_BEGIN>\n" + "f 1 0 0.1 a\nf 1 * * <ALT>\n" * n + "f 1 * * <ALT_END>\n",
        500,
    ),
    ("ctm", "a number of digits", lambda n: f"f 1 {'1' * n}.5 0.1 a\n", 2000),
    ("stm", "many segments", lambda n: "".join(f"f 1 A {k} {k + 1} a b\n" for k in range(n)), 500),
    ("stm", "alternations nested deep", lambda n: "f 1 A 0 1 " + "{ a / " * n + "b" + " }" * n + "\n", 200),
    ("stm", "many alternations", lambda n: "f 1 A 0 1 " + "{ a / b } (c) " * n + "\n", 500),
    ("stm", "an unclosed '{' and many '}'", lambda n: "f 1 A 0 1 " + "{ " + "} " * n + "{\n", 2000),
    ("trn", "one line of spaces", lambda n: "a" + " " * n + "b (u1)\n", 2000),
    ("trn", "one line of '(a)'", lambda n: "(a) " * n + "b (u1)\n", 2000),
    ("trn", "alternations nested deep", lambda n: "{ " * n + "a" + " }" * n + " (u1)\n", 200),
    ("trn", "alternations of alternations", lambda n: "{ " + "{ a / b } " * n + "/ c } (u1)\n", 200),
    ("trn", "many utterances", lambda n: "".join(f"a b (u{k})\n" for k in range(n)), 500),
    (
        "aws",
        "punctuation after one word",
        lambda n: _json(
            {
                "results": {
                    "transcripts": [],
                    "items": [
                        {
                            "type": "pronunciation",
                            "start_time": "0",
                            "end_time": "1",
                            "alternatives": [{"content": "a"}],
                        }
                    ]
                    + [{"type": "punctuation", "alternatives": [{"content": "!"}]}] * n,
                }
            }
        ),
        20000,
    ),  # from 20,000 items:
    # below, the JSON (300 KB at 4,000) still fits a processor cache and 4n does not (up to 13x under load)
    (
        "aws",
        "many speakers' turns",
        lambda n: _json(
            {
                "results": {
                    "transcripts": [],
                    "speaker_labels": {
                        "segments": [
                            {"items": [{"start_time": str(k), "speaker_label": f"s{k % 2}"} for k in range(n)]}
                        ]
                    },
                    "items": [
                        {
                            "type": "pronunciation",
                            "start_time": str(k),
                            "end_time": str(k + 1),
                            "alternatives": [{"content": "a"}],
                        }
                        for k in range(n)
                    ],
                }
            }
        ),
        500,
    ),
    (
        "google",
        "many results",
        lambda n: _json(
            {
                "results": [
                    {
                        "alternatives": [
                            {
                                "transcript": "a",
                                "words": [{"word": "a", "startTime": "1s", "endTime": "2s", "speakerTag": 1}],
                            }
                        ]
                    }
                    for _ in range(n)
                ]
            }
        ),
        500,
    ),
    (
        "google",
        "a diarization result of every word",
        lambda n: _json(
            {
                "results": [{"alternatives": [{"transcript": "a"}]} for _ in range(n)]
                + [
                    {
                        "alternatives": [
                            {"words": [{"word": "a", "startTime": "1s", "endTime": "2s", "speakerTag": 1}] * n}
                        ]
                    }
                ]
            }
        ),
        500,
    ),
    (
        "google",
        "a time of digits",
        lambda n: _json(
            {"results": [{"alternatives": [{"transcript": "a", "words": [{"word": "a", "startTime": "1" * n + "s"}]}]}]}
        ),
        2000,
    ),
    (
        "azure",
        "many phrases",
        lambda n: _json(
            {
                "recognizedPhrases": [
                    {
                        "offsetInTicks": k,
                        "durationInTicks": 5,
                        "speaker": k % 3,
                        "nBest": [
                            {"display": "a b", "words": [{"word": "a", "offsetInTicks": k, "durationInTicks": 1}]}
                        ],
                    }
                    for k in range(n)
                ]
            }
        ),
        500,
    ),
    (
        "azure",
        "an ISO duration of digits",
        lambda n: _json(
            {"recognizedPhrases": [{"offset": "PT" + "1" * n + "S", "duration": "PT1S", "nBest": [{"display": "a"}]}]}
        ),
        2000,
    ),
    (
        "speechmatics",
        "punctuation attached to the next word",
        lambda n: _json(
            {
                "format": "2.9",
                "results": [
                    {
                        "type": "punctuation",
                        "start_time": 0,
                        "end_time": 0,
                        "attaches_to": "next",
                        "alternatives": [{"content": "!"}],
                    }
                ]
                * n,
            }
        ),
        500,
    ),
    (
        "speechmatics",
        "punctuation after one word",
        lambda n: _json(
            {
                "format": "2.9",
                "results": [{"type": "word", "start_time": 0, "end_time": 1, "alternatives": [{"content": "a"}]}]
                + [{"type": "punctuation", "start_time": 0, "end_time": 0, "alternatives": [{"content": "!"}]}] * n,
            }
        ),
        500,
    ),
    (
        "speechmatics",
        "words joined by punctuation attached both ways",
        lambda n: _json(
            {
                "format": "2.9",
                "results": [
                    {"type": "word", "start_time": 0, "end_time": 1, "alternatives": [{"content": "a"}]},
                    {
                        "type": "punctuation",
                        "start_time": 0,
                        "end_time": 0,
                        "attaches_to": "both",
                        "alternatives": [{"content": "-"}],
                    },
                ]
                * n,
            }
        ),
        500,
    ),
    (
        "deepgram",
        "many words and paragraphs",
        lambda n: _json(
            {
                "results": {
                    "channels": [
                        {
                            "alternatives": [
                                {
                                    "transcript": "a " * n,
                                    "words": _words(n, speaker=1),
                                    "paragraphs": {
                                        "paragraphs": [
                                            {
                                                "sentences": [{"text": "a", "start": k, "end": k + 1}],
                                                "start": k,
                                                "end": k + 1,
                                                "speaker": k % 2,
                                            }
                                            for k in range(n)
                                        ]
                                    },
                                }
                            ]
                        }
                    ]
                }
            }
        ),
        500,
    ),
    (
        "assemblyai",
        "many words and utterances",
        lambda n: _json(
            {
                "text": "a " * n,
                "words": [{"text": "a", "start": k, "end": k + 1, "speaker": "AB"[k % 2]} for k in range(n)],
                "utterances": [
                    {
                        "text": "a",
                        "start": k,
                        "end": k + 1,
                        "speaker": "A",
                        "words": [{"text": "a", "start": k, "end": k + 1}],
                    }
                    for k in range(n)
                ],
            }
        ),
        500,
    ),
    (
        "whisper",
        "many segments",
        lambda n: _json(
            {
                "text": "a " * n,
                "segments": [
                    {
                        "id": k,
                        "start": k,
                        "end": k + 1,
                        "text": " a",
                        "words": [{"word": " a", "start": k, "end": k + 1}],
                    }
                    for k in range(n)
                ],
            }
        ),
        500,
    ),
    ("kaldi", "many words", lambda n: _json({"text": "a " * n, "words": _words(n)}), 500),
    (
        "ssa",
        "many events",
        lambda n: (
            "[Script Info]\n\n[Events]\n"
            + "".join(
                f"Dialogue: 0,0:00:{k % 60:02d}.00,0:00:{k % 60:02d}.50,Default,,0,0,0,,a{{\\i1}}b\\Nc\n"
                for k in range(n)
            )
        ),
        500,
    ),
    (
        "ssa",
        "one event of '{' and '{\\p1'",
        lambda n: "[Script Info]\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,," + "{\\p1}a{" * n + "\n",
        2000,
    ),
    (
        "sbv",
        "many captions and loose blocks",
        lambda n: "".join(
            f"0:00:{k % 60:02d}.000,0:00:{k % 60:02d}.500\na b\n\n" + ("c\n\n" if k % 2 else "") for k in range(n)
        ),
        500,
    ),
    (
        "sami",
        "many captions",
        lambda n: (
            "<SAMI><BODY>"
            + "".join(f"<SYNC Start={k * 10}><P Class={'AB'[k % 2]}>a<br>b" for k in range(n))
            + "</BODY></SAMI>"
        ),
        500,
    ),
    ("sami", "one caption of '<'", lambda n: "<SAMI><BODY><SYNC Start=1><P>" + "< a" * n + "</SAMI>", 2000),
    ("spruce", "many subtitles", lambda n: "$TapeType = EBU\n" + "00:00:01:00 , 00:00:02:00 , a|b ^Ic^I\n" * n, 500),
    ("spruce", "a subtitle of commas", lambda n: "00:00:01:00 , 00:00:02:00 , " + ", " * n + "\n", 2000),
    (
        "revai",
        "many elements",
        lambda n: _json(
            {
                "monologues": [
                    {
                        "speaker": k % 2,
                        "elements": [
                            {"type": "text", "value": "a", "ts": k, "end_ts": k + 1},
                            {"type": "punct", "value": "."},
                            {"type": "punct", "value": " "},
                        ],
                    }
                    for k in range(n)
                ]
            }
        ),
        500,
    ),
    (
        "nemo",
        "many manifest lines",
        lambda n: "\n".join(
            _json({"audio_filepath": f"{k}.wav", "duration": 1, "text": "a b", "pred_text": "a"}) for k in range(n)
        ),
        500,
    ),
    (
        "nemo",
        "many timed words and segments",
        lambda n: _json(
            {
                "text": "a " * n,
                "timestamp": {
                    "word": [{"word": "a", "start": k, "end": k + 1} for k in range(n)],
                    "segment": [{"segment": "a", "start": k, "end": k + 1} for k in range(n)],
                },
            }
        ),
        500,
    ),
    (
        "nemo_text",
        "many manifest lines",
        lambda n: "\n".join(
            _json({"audio_filepath": f"{k}.wav", "duration": 1, "text": "a b", "pred_text": "a"}) for k in range(n)
        ),
        500,
    ),
    (
        "elevenlabs",
        "many words and speakers",
        lambda n: _json(
            {
                "text": "a " * n,
                "words": [
                    {
                        "text": "a" if k % 2 else " ",
                        "start": k,
                        "end": k + 1,
                        "type": "word" if k % 2 else "spacing",
                        "speaker_id": f"s{k % 3}",
                        "logprob": -0.1,
                    }
                    for k in range(n)
                ],
            }
        ),
        500,
    ),
    (
        "gentle",
        "many lines and words",
        lambda n: _json(
            {
                "transcript": "a\n" * n,
                "words": [
                    {
                        "case": "success",
                        "word": "a",
                        "start": k,
                        "end": k + 1,
                        "startOffset": 2 * k,
                        "endOffset": 2 * k + 1,
                    }
                    for k in range(n)
                ],
            }
        ),
        500,
    ),
    (
        "pocketsphinx",
        "many utterances",
        lambda n: "\n".join(
            _json(
                {
                    "b": k,
                    "d": 1,
                    "p": 1,
                    "t": "a",
                    "w": [{"b": k, "d": 1, "p": 1, "t": "<sil>"}, {"b": k, "d": 1, "p": 1, "t": "a(2)"}],
                }
            )
            for k in range(n)
        ),
        500,
    ),
    (
        "seglst",
        "many sessions and speakers",
        lambda n: _json(
            [
                {"session_id": f"s{k}", "speaker": f"A{k}", "start_time": k, "end_time": k + 1, "words": "a b"}
                for k in range(n)
            ]
        ),
        500,
    ),
]

# content of unknown type (a .txt file, standard input): every sniffer looks at it
UNKNOWN = [
    ("digits", lambda n: "1" * n),
    ("digits and spaces", lambda n: "1 " * n),
    ("'(1'", lambda n: "(1" * n),
    ("colons", lambda n: ":" * n),
    ("'-->' lines", lambda n: "1\n00:00:01,000 -->\n" * n),
    ("JSON nested deep", lambda n: "[" * n + "]" * n),
    ("unclosed JSON", lambda n: '{"a": ' * n),
    ("JSON lines", lambda n: '{"message": "x"}\n' * n),
    ("JSON of NaN", lambda n: "[" + "NaN," * n + "1]"),
    ("XML nested deep", lambda n: "<a>" * n),
    ("an XML declaration of '?'", lambda n: "<?xml" + "?" * n),
]


# plain text (the formats plugin): a file that looks like JSON or XML is looked at for the warning
PLAIN = [
    ("JSON nested deep", lambda n: "[" * n + "]" * n),
    ("unclosed JSON", lambda n: '{"a": ' * n),
    ("'<' runs", lambda n: "<" * n + ">"),
]


def _plain(text: str) -> None:
    from benchmarkstt_core.context import Context
    from benchmarkstt_formats.inputs import warn_if_structured

    warn_if_structured(text, "a.txt", Context(None))


def _reader(kind: str):
    from benchmarkstt_transcripts.reading import parse_data

    def run(content):
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        try:
            parse_data(kind, data, f"a.{kind}")
        except BenchmarkSTTError:  # a clear error is an answer too: it must come as fast
            pass

    return run


def _recogniser(run_as: str):
    from benchmarkstt_transcripts.readers import candidates
    from benchmarkstt_transcripts.reading import recognise

    kinds = candidates(run_as)

    def run(content):
        try:
            recognise(f"a{run_as}", content, kinds, run_as)
        except BenchmarkSTTError:
            pass

    return run


def test_every_registered_transcript_type_has_growth_cases(host):
    registered = set(host.registries.inputs.names())
    from benchmarkstt_transcripts.readers import available

    assert set(available()) <= registered
    assert {kind for kind, *_ in CASES} == set(available())


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("kind, what, make, n", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_reading_takes_linear_time(kind, what, make, n, floor):
    assert growth(_reader(kind), make, n, floor) < LIMIT


@pytest.mark.parametrize("what, make", UNKNOWN, ids=[c[0] for c in UNKNOWN])
def test_recognising_a_file_of_unknown_type_takes_linear_time(what, make):
    # the bytes made before the clock starts: recognising the digits is so quick now (no reader
    # is imported to sniff them) that encoding a 16 MB string was most of what was timed
    assert growth(_recogniser(".txt"), lambda n: make(n).encode("utf-8"), 2000) < LIMIT


@pytest.mark.parametrize("what, make", PLAIN, ids=[c[0] for c in PLAIN])
def test_reading_plain_text_takes_linear_time(what, make):
    assert growth(_plain, make, 2000) < LIMIT
