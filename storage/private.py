"""Files and folders on disk that hold complaints (the SQLite database, the intake
Maildir, the outbox of .eml notices) are their owner's alone: files 0600, folders 0700.

The mode is set explicitly after creating, not left to the process's umask: a service
started with the common 022 would otherwise leave every complaint readable by every
user of the machine. What exists already is left as it is: a Maildir that a mail server
delivers into may be group-writable on purpose.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import BinaryIO

FILE_MODE, FOLDER_MODE = 0o600, 0o700
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def private_folder(path: Path) -> None:
    """`mkdir -p path`, each folder it creates 0700."""
    missing: list[Path] = []
    while not path.exists():
        missing.append(path)
        if path.parent == path:
            break
        path = path.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            continue  # made meanwhile by another process: theirs
        os.chmod(folder, FOLDER_MODE)


def create_private_file(path: Path) -> bool:
    """Create `path` empty and 0600 unless it exists; whether it was created."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, FILE_MODE)
    except FileExistsError:
        return False
    with contextlib.closing(os.fdopen(fd, "wb")) as f:
        os.fchmod(f.fileno(), FILE_MODE)
    return True


def open_private(path: Path) -> BinaryIO:
    """`path` opened for writing from empty, 0600 whoever made it and however."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)
    except OSError:
        os.close(fd)
        raise
    return os.fdopen(fd, "wb")
