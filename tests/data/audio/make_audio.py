"""Make the test recordings of tests/data/audio and their reference texts in reference/ (run from this folder).

Speech synthesised with espeak-ng (Debian), converted with sox and PyAV; re-running gives
files that may differ byte for byte between versions of the tools, so the files are kept:

    python3 make_audio.py    # espeak-ng -v en-us -s 150 -w NAME.wav -f reference/NAME.txt, then:
                             # sox NAME.wav -r 16000 -b 16 NAME.wav (two rates) and .flac; .mp3 and .mp4 via PyAV
    python3 make_audio.py --srt  # reference-srt/NAME.srt from the files kept (see subtitles())
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


if __name__ == "__main__":
    sys.exit(main())
