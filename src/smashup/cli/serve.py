"""``smashup serve``: the browser game's web server (see docs/web-protocol.md, and
docs/deployment.md for hosting it)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..engine.api.setup import SetupError


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..server.app import create_app, parse_origins
        from ..server.guard import default_hosts
        from ..server.limits import Limits
        from ..server.logs import log_config
        from ..server.store import SQLiteStore, backup
    except ImportError as err:  # the web extra is missing
        raise SetupError(f"smashup serve needs the web extra (pip install 'smashup[web]'; "
                         f"make installs it): {err}") from None
    if args.backup:
        try:
            games = backup(args.db, args.backup)
        except (ValueError, OSError) as err:
            raise SetupError(f"--backup: {err}") from None
        print(f"smashup serve: {args.db} backed up to {args.backup} ({games} "
              f"game{'' if games == 1 else 's'})", file=sys.stderr)
        return 0
    if args.pace < 0:
        raise SetupError("--pace: seconds, 0 or more")
    for flag in ("games_per_minute", "max_open_games", "max_spectators"):
        if getattr(args, flag) < 0:
            raise SetupError(f"--{flag.replace('_', '-')}: 0 (no limit) or more")
    if args.think_seconds <= 0:
        raise SetupError("--think-seconds: more than 0")
    hosts = [h.strip() for arg in args.allowed_hosts for h in arg.split(",") if h.strip()]
    try:
        hosts = hosts or default_hosts(args.host)
        parse_origins(args.allow_origin)
    except ValueError as err:
        raise SetupError(str(err)) from None
    limits = Limits(games_per_minute=args.games_per_minute, open_games=args.max_open_games,
                    spectators=args.max_spectators, think_seconds=args.think_seconds)
    store = SQLiteStore(args.db)
    app = create_app(store, tuple(args.allow_origin), pace=args.pace,
                     chosen_seeds=args.chosen_seeds, limits=limits, allowed_hosts=hosts)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"smashup serve: open http://{host}:{args.port}/ in your browser (games are kept "
          f"in {args.db}; answering to {', '.join(hosts)})", file=sys.stderr, flush=True)
    # a message bigger than this closes the socket; the server answers smaller ones that are
    # over its own limit (4 KiB) with an error instead
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=65_536,
                log_config=log_config(args.log_level), log_level=args.log_level,
                ws_ping_interval=20, ws_ping_timeout=20, proxy_headers=True,
                forwarded_allow_ips=args.forwarded_allow_ips,
                access_log=False)  # nothing secret is in a request line; less to keep
    store.close()
    return 0


def add_serve_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the browser game (lobby, online seats, hotseat)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="smashup-games.db",
                   help="SQLite file the games are kept in (default smashup-games.db)")
    p.add_argument("--pace", type=float, default=0.8,
                   help="seconds a computer seat waits before each decision, so people can "
                        "follow its turn step by step; a player may skip ahead (default 0.8)")
    p.add_argument("--allowed-hosts", action="append", default=[], metavar="HOST[,HOST]",
                   help="host names the server answers to, as browsers address it (default: "
                        "the --host address, and localhost for a loopback one; "
                        "*.example.org for any name under it; * for any)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="another page origin allowed to use the API and open game sockets")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS",
                   help="addresses of reverse proxies whose X-Forwarded-For/-Proto are "
                        "believed (default 127.0.0.1)")
    limits = p.add_argument_group("limits (0 turns a count off)")
    limits.add_argument("--games-per-minute", type=int, default=10, metavar="N",
                        help="games one client address may create in a minute (default 10)")
    limits.add_argument("--max-open-games", type=int, default=500, metavar="N",
                        help="games not yet over held at once (default 500)")
    limits.add_argument("--max-spectators", type=int, default=100, metavar="N",
                        help="spectators of one game at once (default 100)")
    limits.add_argument("--think-seconds", type=float, default=10.0, metavar="S",
                        help="longest a computer seat's decision may take, past which it "
                             "plays at random that once (default 10)")
    p.add_argument("--chosen-seeds", action="store_true",
                   help="let a game's creator give its seed (for tests: whoever knows the seed "
                        "can work out every deal)")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug", "trace"])
    p.add_argument("--backup", metavar="FILE",
                   help="copy --db to FILE with SQLite's online backup (safe while a server "
                        "runs on it) and exit")
    p.set_defaults(run=cmd_serve)
