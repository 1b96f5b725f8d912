"""Files that are not transcripts at all, told by their signature: archives, PDF and Office
documents, audio, video and images. A user who gives one gets its name, not a decoding error.

:example:
    >>> document_kind(b"%PDF-1.7 ..."), document_kind(b"RIFF\\x24\\x00\\x00\\x00WAVEfmt ")
    ('a PDF document', 'an audio file (WAV)')
    >>> document_kind(b"PK\\x03\\x04" + b"\\x00" * 26 + b"word/document.xml"), document_kind(b"hello")
    ('a Word document (.docx)', None)
"""

from __future__ import annotations

from typing import Optional

#: (offset, signature, what the file is)
SIGNATURES = (
    (0, b"%PDF-", "a PDF document"),
    (0, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Office document of before 2007 (.doc, .xls or .ppt)"),
    (0, b"{\\rtf", "an RTF document"),
    (0, b"ID3", "an audio file (MP3)"),
    (0, b"\xff\xfb", "an audio file (MP3)"),
    (0, b"\xff\xf3", "an audio file (MP3)"),
    (0, b"\xff\xf1", "an audio file (AAC)"),
    (0, b"fLaC", "an audio file (FLAC)"),
    (0, b"OggS", "an audio or video file (Ogg)"),
    (0, b"\x1a\x45\xdf\xa3", "a video file (Matroska or WebM)"),
    (4, b"ftyp", "an audio or video file (MP4, M4A or MOV)"),
    (0, b"\x89PNG", "an image (PNG)"),
    (0, b"\xff\xd8\xff", "an image (JPEG)"),
    (0, b"\x1f\x8b", "a gzip-compressed file"),
    (0, b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
)
#: the signatures at each offset: a file that starts with none of them is told by one test an offset
OFFSETS = tuple(
    (at, tuple(signature for offset, signature, _ in SIGNATURES if offset == at))
    for at in sorted({at for at, _, _ in SIGNATURES})
)
#: what a ZIP archive is, by the name of a member near its start
ZIP_MEMBERS = (
    (b"word/", "a Word document (.docx)"),
    (b"xl/", "an Excel workbook (.xlsx)"),
    (b"ppt/", "a PowerPoint presentation (.pptx)"),
    (b"application/vnd.oasis.opendocument", "an OpenDocument file (.odt, .ods or .odp)"),
)
RIFF_FORMS = {b"WAVE": "an audio file (WAV)", b"AVI ": "a video file (AVI)"}


def document_kind(data: bytes) -> Optional[str]:
    """What the file that starts with ``data`` is, when it is a document, archive or media file
    that no transcript reader reads; None for anything else."""
    if data.startswith(b"PK\x03\x04"):
        head = data[:4096]
        return next((what for member, what in ZIP_MEMBERS if member in head), "a ZIP archive")
    if data.startswith(b"RIFF"):
        return RIFF_FORMS.get(data[8:12], "a RIFF file (audio or video)")
    for at, signatures in OFFSETS:
        if data.startswith(signatures, at):
            return next(
                what for offset, signature, what in SIGNATURES if offset == at and data.startswith(signature, at)
            )
    return None
