"""Make the test recordings of tests/data/audio and their reference texts in reference/ (run from this folder).

Speech synthesised with espeak-ng (Debian), converted with sox and PyAV; re-running gives
files that may differ byte for byte between versions of the tools, so the files are kept:

    python3 make_audio.py    # espeak-ng -v en-us -s 150 -w NAME.wav -f reference/NAME.txt, then:
                             # sox NAME.wav -r 16000 -b 16 NAME.wav (two rates) and .flac; .mp3 and .mp4 via PyAV
"""

import subprocess
import sys

import av

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


def main() -> None:
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
