"""The code a sweep's games were played with, as one short fingerprint.

Every node of a cluster imports ``smashup`` from its own installation; a node on another
commit would play other games under the same keys. The fingerprint hashes the package's
Python sources (not the compiled modules, which are built from them), so two checkouts of
one commit agree, compiled or not, and any change to a rule, a card or an agent differs.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def code_version() -> str:
    """``sha256:`` and the first 16 hex digits of the hash of every ``.py`` under smashup
    (path and content, in path order)."""
    digest = hashlib.sha256()
    for source in sorted(PACKAGE.rglob("*.py")):
        digest.update(source.relative_to(PACKAGE).as_posix().encode())
        digest.update(b"\0")
        digest.update(source.read_bytes())
        digest.update(b"\0")
    return "sha256:" + digest.hexdigest()[:16]
