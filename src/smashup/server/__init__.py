"""The browser game: ``smashup serve`` (``app.create_app``), its rooms and its store.

The engine and cards need nothing but the standard library; this package needs the ``web``
extra (Starlette, uvicorn). The wire protocol is in docs/web-protocol.md.
"""
