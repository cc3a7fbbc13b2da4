"""The server's logging, set up so that no seat token is ever written, at any level.

Tokens never travel in an address (a page sends its seat's token in the socket's first
message), so uvicorn's lines about requests hold none. Two guards remain for what a client
might still send: the WebSocket library's frame dumps (``< TEXT '...'``, at debug level)
are dropped whole, and every other line has whatever follows ``token`` / ``tokens`` (as in
``?token=…`` or ``"token": "…"``) replaced before it is written.

>>> hide_tokens('GET /ws/g1?token=abc-DEF_123&x=1 {"tokens": "a,b"}')
'GET /ws/g1?token=[hidden]&x=1 {"tokens": "[hidden]"}'
"""

from __future__ import annotations

import logging
import re
from typing import Any

TOKEN_VALUE = re.compile(
    r"""(?ix)(tokens?["']?\s*(?:=|%3D|:)\s*(?:%22|["'])?)   # token=, "token": ', token%3D
        [^\s"'&;,)}\]]*(?:,[^\s"'&;,)}\]]+)*                   # the value (a,b for tokens)""")
FRAME_DUMPS = {"< %s", "> %s"}
"""The formats of the websockets library's debug lines showing a frame's payload."""
TRACE = 5  # uvicorn's level below debug


def hide_tokens(text: str) -> str:
    return TOKEN_VALUE.sub(r"\1[hidden]", text)


class KeepSecrets(logging.Filter):
    """On a handler: drops frame dumps and hides token values in every other line (its
    message and any traceback with it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in FRAME_DUMPS:
            return False
        message = record.getMessage()
        hidden = hide_tokens(message)
        if hidden != message:
            record.msg, record.args = hidden, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = hide_tokens(record.exc_text)
        if record.stack_info:
            record.stack_info = hide_tokens(record.stack_info)
        return True


def log_config(level: str) -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of ``smashup serve`` (uvicorn's loggers and ours):
    one handler on standard error, behind ``KeepSecrets``; uvicorn's access log stays off."""
    number = TRACE if level == "trace" else getattr(logging, level.upper())
    logging.addLevelName(TRACE, "TRACE")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"secrets": {"()": KeepSecrets}},
        "formatters": {"plain": {"format": "%(levelname)s %(name)s: %(message)s"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                                "formatter": "plain", "filters": ["secrets"]}},
        "root": {"handlers": ["stderr"], "level": number},
        "loggers": {name: {"handlers": [], "level": number, "propagate": True}
                    for name in ("uvicorn", "uvicorn.error", "uvicorn.asgi", "websockets",
                                 "smashup")}
        | {"uvicorn.access": {"handlers": [], "level": logging.CRITICAL + 1,
                              "propagate": False}},
    }
