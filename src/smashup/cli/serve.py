"""``smashup serve``: the browser game's web server (see docs/web-protocol.md)."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from ..engine.setup import SetupError


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.store import SQLiteStore
    except ImportError as err:  # the web extra is missing
        raise SetupError(f"smashup serve needs the web extra (pip install 'smashup[web]'; "
                         f"make installs it): {err}") from None
    if args.pace < 0:
        raise SetupError("--pace: seconds, 0 or more")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    store = SQLiteStore(args.db)
    app = create_app(store, tuple(args.allow_origin), pace=args.pace,
                     chosen_seeds=args.chosen_seeds)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"smashup serve: open http://{host}:{args.port}/ in your browser "
          f"(games are kept in {args.db})", file=sys.stderr, flush=True)
    # a message bigger than this closes the socket; the server answers smaller ones that are
    # over its own limit (4 KiB) with an error instead
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=65_536,
                log_level=args.log_level, ws_ping_interval=20, ws_ping_timeout=20,
                access_log=False)  # a seat link's token would be in the access log
    store.close()
    return 0


def add_serve_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the browser game (lobby, online seats, hotseat)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="smashup-games.db",
                   help="SQLite file the games are kept in (default smashup-games.db)")
    p.add_argument("--pace", type=float, default=0.4,
                   help="seconds a computer seat waits before each decision, so people can "
                        "follow (default 0.4)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="another page origin allowed to open game sockets (behind a proxy)")
    p.add_argument("--chosen-seeds", action="store_true",
                   help="let a game's creator give its seed (for tests: whoever knows the seed "
                        "can work out every deal)")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(run=cmd_serve)
