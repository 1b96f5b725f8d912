"""Make the test recordings of tests/data/audio and their reference texts in reference/ (run from this folder).

Speech synthesised with espeak-ng (Debian), converted with sox and PyAV; re-running gives
files that may differ byte for byte between versions of the tools, so the files are kept:

    python3 make_audio.py    # espeak-ng -v en-us -s 150 -w NAME.wav -f reference/NAME.txt, then:
                             # sox NAME.wav -r 16000 -b 16 NAME.wav (two rates) and .flac; .mp3 and .mp4 via PyAV
    python3 make_audio.py --srt  # reference-srt/NAME.srt from the files kept (see subtitles())

news/: ten news sentences in ten espeak-ng voices (16 kHz FLAC); korean/: one Korean sentence
(espeak-ng -v ko), for vosk's Korean model and CER; batch/: two recordings whose words depended
on the files decoded before them at 48ee56b (issue 37), for the test that decodes a file alone,
tenth in a batch and with --jobs 2: quiet.flac, spoken at a fifteenth of espeak-ng's loudness
(22.05 kHz), which pocketsphinx heard otherwise after news.flac (its noise estimate carried
over), and fast.flac, spoken at 450 words a minute (16 kHz), on which faster-whisper fell back
to sampling at temperature 1 (its random generator's state carried over). sox dithers when it
converts, so a re-made file is not the same file: these were checked on 48ee56b as kept.
"""

import subprocess
import sys

import av
import numpy

TEXTS = {  # stem: (text, format)
    "cat": ("the cat sat on the mat", "wav16k"),
    "weather": ("it will rain in the north tomorrow", "wav22k"),
    "news": ("the minister spoke to reporters this morning", "flac"),
    "sport": ("the home team won the match by two goals", "mp3"),
    "music": ("the concert starts at eight in the evening", "mp4"),
}


NEWS = [  # (voice, text) of news/nNN.flac
    (
        "en-us",
        "the government announced a new plan for the railways today, with more trains on the busiest lines "
        "from next spring.",
    ),
    (
        "en",
        "police are asking for witnesses after a lorry overturned on the motorway near the city centre early "
        "this morning.",
    ),
    (
        "en-gb-x-rp",
        "the central bank kept interest rates unchanged, saying that prices were still rising faster "
        "than it would like.",
    ),
    (
        "en-us+f3",
        "scientists have found a new species of frog in the mountains, and say it may already be at risk "
        "from the loss of its forest.",
    ),
    (
        "en+m3",
        "the football club has appointed a new manager, who promised supporters that the team would play "
        "with more courage.",
    ),
    (
        "en-gb-scotland",
        "heavy snow has closed several schools in the north, and drivers are being told to travel "
        "only if they really must.",
    ),
    (
        "en-us+f2",
        "the museum will open its doors for free this weekend to celebrate one hundred years since it was founded.",
    ),
    (
        "en+m5",
        "farmers say the dry summer has cut their harvest by a third, and that the price of bread is likely to go up.",
    ),
    (
        "en-us+m2",
        "a new hospital wing was opened by the health minister, who said it would treat thousands of "
        "patients every year.",
    ),
    (
        "en-gb-x-gbclan",
        "the festival ended last night with fireworks over the river, watched by a crowd of more "
        "than fifty thousand people.",
    ),
]
KOREAN = ("weather", "오늘 서울은 맑고 오후에는 기온이 크게 오르겠습니다")
BATCH = [  # (stem, espeak-ng options, text, sox options) of batch/STEM.flac
    (
        "quiet",
        ["-a", "15", "-s", "160"],
        "the national weather service says heavy rain will reach the coast by "
        "tuesday evening and flooding is likely in low areas",
        [],
    ),
    (
        "fast",
        ["-s", "450"],
        "the national weather service says heavy rain will reach the coast by tuesday evening",
        ["-r", "16000", "-b", "16"],
    ),
]


def run(*command: str) -> None:
    subprocess.run(command, check=True)


def encode(wav: str, out: str, codec: str) -> None:
    """``codec`` audio (aac in MP4, mp3) at 16 kHz mono, 32 kbit/s."""
    with av.open(wav) as src, av.open(out, "w") as dst:
        stream = dst.add_stream(codec, rate=16000, layout="mono")
        stream.bit_rate = 32000
        for frame in src.decode(audio=0):
            frame.pts = None
            for packet in stream.encode(frame):
                dst.mux(packet)
        for packet in stream.encode(None):
            dst.mux(packet)


#: the subtitles of each recording as a subtitler would write them (BBC style: 37 characters a line)
SUBTITLES = {
    "cat": ("cat.wav", ["The cat sat on the mat."]),
    "weather": ("weather.wav", ["It will rain in the north tomorrow."]),
    "news": ("news.flac", ["The minister spoke to reporters", "this morning."]),
    "sport": ("sport.mp3", ["The home team won the match", "by two goals."]),
    "music": ("music.mp4", ["The concert starts at eight", "in the evening."]),
}


def clock(ms: int) -> str:
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def subtitles() -> None:
    """reference-srt/NAME.srt: one block shown from the first to the last sample louder than 1%
    of full scale (-40 dBFS), rounded out to 10 ms, holding SUBTITLES' lines."""
    for stem, (audio, lines) in SUBTITLES.items():
        with av.open(audio) as container:
            stream = container.streams.audio[0]
            full = 1.0 if stream.format.name.startswith("flt") else 32768.0
            rate = stream.rate
            samples = numpy.concatenate([f.to_ndarray().astype(float).ravel() for f in container.decode(audio=0)])
        loud = numpy.nonzero(numpy.abs(samples) / full > 0.01)[0]
        start, end = int(loud[0] * 100 // rate) * 10, -int(-loud[-1] * 100 // rate) * 10
        with open(f"reference-srt/{stem}.srt", "w", encoding="utf-8") as f:
            f.write(f"1\n{clock(start)} --> {clock(end)}\n" + "\n".join(lines) + "\n")


def main() -> None:
    if sys.argv[1:] == ["--srt"]:
        subtitles()
        return
    for stem, (text, fmt) in TEXTS.items():
        with open(f"reference/{stem}.txt", "w", encoding="utf-8") as f:
            f.write(text + "\n")
        run("espeak-ng", "-v", "en-us", "-s", "150", "-w", f"{stem}.raw.wav", "-f", f"reference/{stem}.txt")
        if fmt == "wav22k":
            run("sox", f"{stem}.raw.wav", "-b", "16", f"{stem}.wav")
        elif fmt == "wav16k":
            run("sox", f"{stem}.raw.wav", "-r", "16000", "-b", "16", f"{stem}.wav")
        elif fmt == "flac":
            run("sox", f"{stem}.raw.wav", "-r", "16000", f"{stem}.flac")
        else:
            run("sox", f"{stem}.raw.wav", "-r", "16000", f"{stem}.16k.wav")
            encode(f"{stem}.16k.wav", f"{stem}.{fmt}", "aac" if fmt == "mp4" else "mp3")
            run("rm", f"{stem}.16k.wav")
        run("rm", f"{stem}.raw.wav")
    spoken = [(f"news/n{n:02d}", voice, text, 160) for n, (voice, text) in enumerate(NEWS, 1)]
    for stem, voice, text, speed in spoken + [(f"korean/{KOREAN[0]}", "ko", KOREAN[1], 150)]:
        folder, name = stem.split("/")
        with open(f"{folder}/reference/{name}.txt", "w", encoding="utf-8") as f:
            f.write(text + "\n")
        run("espeak-ng", "-v", voice, "-s", str(speed), "-w", f"{stem}.raw.wav", "-f", f"{folder}/reference/{name}.txt")
        run("sox", f"{stem}.raw.wav", "-r", "16000", "-b", "16", f"{stem}.wav")
        run("sox", f"{stem}.wav", f"{stem}.flac")
        run("rm", f"{stem}.raw.wav", f"{stem}.wav")
    for stem, speech, text, conversion in BATCH:
        run("espeak-ng", "-v", "en-us", *speech, "-w", f"batch/{stem}.raw.wav", text)
        run("sox", f"batch/{stem}.raw.wav", *conversion, f"batch/{stem}.flac")
        run("rm", f"batch/{stem}.raw.wav")


if __name__ == "__main__":
    sys.exit(main())
