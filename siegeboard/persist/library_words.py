"""What a library's refusal means, in our words and with what to do.

zipfile, zlib and Pillow say "File is not a zip file", "Bad CRC-32", "Truncated File
Read": true, but a GM cannot act on them. ``plain_library_error`` turns the ones a damaged
or wrong file raises into what happened to the file and what to try; anything it does not
know is said as "its data cannot be read" with the same advice, never with a class name.
"""

from __future__ import annotations

import re

# (what the library says, lower case; what it means for the file), checked in order.
KNOWN: tuple[tuple[str, str], ...] = (
    ("not a zip file", "it is not a zip archive, as a .siege file is"),
    ("truncated", "it ends too soon (cut short while copying or downloading)"),
    ("bad crc", "part of it is damaged (a checksum does not match)"),
    ("bad magic number", "part of it is damaged (a member does not start as it should)"),
    ("error -3 while decompressing", "part of it is damaged (compressed data that does not "
                                     "unpack)"),
    ("invalid distance", "part of it is damaged (compressed data that does not unpack)"),
    ("invalid stored block", "part of it is damaged (compressed data that does not unpack)"),
    ("unexpected end of data", "it ends too soon (cut short while copying or downloading)"),
    ("corrupt", "part of it is damaged"),
    ("broken data stream", "part of it is damaged"),
    ("encrypted", "it is encrypted (protected by a password), which siegeboard does not read"),
    ("compression method", "it is packed with a compression siegeboard does not read"),
    ("overlapped entries", "it is built to overflow when unpacked (a zip bomb?)"),
    ("no such file", "it is not there any more"),
    ("permission denied", "this account may not read it"),
    ("is a directory", "it is a folder, not a file"),
)
UNKNOWN = "its data cannot be read"


def plain_library_error(error: BaseException) -> str:
    """What ``error`` (raised by zipfile, zlib, Pillow...) means for the file, in words a
    GM can act on; no library wording or class name is passed through."""
    text = str(error)
    said = text.lower()
    # The part of the file it is about ("Bad CRC-32 for file 'plan.png'") is worth keeping.
    named = re.search(r"'([^'\n]{1,200})'", text)
    where = f", in {named.group(0)}" if named else ""
    for clue, meaning in KNOWN:
        if clue in said:
            return meaning + where
    return UNKNOWN + where
