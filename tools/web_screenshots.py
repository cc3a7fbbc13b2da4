"""The browser client's screenshots for the docs: a game against the computer a few turns
in, at 1280×720 (docs/web-table.png) and on a phone, 390×844 (docs/web-phone.png).

    .venv/bin/python tools/web_screenshots.py [--out docs] [--seed 4] [--turns 3]

It starts a server on loopback (``smashup.server.live.LiveServer``, a throwaway database),
creates a seeded game of Ann against an easy computer, and plays Ann's turns by clicking the
options on the page: a minion on the base where she has least, an action on one of the
computer's minions or on a base, then end the turn. In her turn ``--turns + 1``, once she has
played two cards, it takes both pictures of that position. It needs Debian's Chromium (no
browser is downloaded).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from smashup.server.live import LiveServer

ROOT = Path(__file__).resolve().parent.parent
FACTIONS = [["aliens", "ninjas"], ["robots", "zombies"]]
WAIT_S = 15.0


def chromium() -> str:
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    sys.exit("Chromium not found (apt-get install chromium)")


class Seat:
    """A page at the table and the views its WebSocket received (for the ``seq``)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.views: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "view":
            self.views.append(message)
        elif message.get("type") == "error":
            sys.exit(f"the server refused a decision: {message}")

    def until(self, ready: Any, what: str) -> None:
        deadline = time.monotonic() + WAIT_S
        while not ready():
            if time.monotonic() > deadline:
                sys.exit(f"timed out waiting for {what}")
            self.page.wait_for_timeout(20)

    def options(self) -> list[str]:
        """The options once Ann decides, and the view they came in."""
        enabled = self.page.locator("#options button.option:not([disabled])")
        enabled.first.wait_for(timeout=WAIT_S * 1000)
        shown: list[str] = []

        def caught_up() -> bool:
            shown[:] = enabled.evaluate_all("els => els.map(e => e.dataset.text)")
            return bool(self.views) and shown == [o["text"] for o in self.views[-1]["options"]]

        self.until(caught_up, "the options' view")
        return shown

    def choose(self, text: str) -> None:
        seq = self.views[-1]["seq"]
        self.page.locator(f"#options button.option[data-text={json.dumps(text)}]").click()
        self.until(lambda: self.views[-1]["seq"] > seq, f"the server to take {text!r}")

    def observation(self) -> dict[str, Any]:
        obs: dict[str, Any] = self.views[-1]["observation"]
        return obs


def ann_plays(options: list[str], obs: dict[str, Any]) -> str:
    """Ann's choice: a minion where she has least, then an action on one of the computer's
    minions or on a base, then end the turn; elsewhere pass, or take the first option."""
    if "choice:keep" in options:
        return "choice:keep"
    if "end" not in options:  # not Play Cards: pass a Me First! window, else the first option
        return "pass" if "pass" in options else options[0]
    mine = {b["id"]: sum(1 for m in b["minions"] if m.get("controller") == 0)
            for b in obs["bases"]}
    theirs = {m["id"] for b in obs["bases"] for m in b["minions"] if m.get("controller") != 0}
    plays = [t for t in options if t.startswith("play ")]
    minion_plays = sorted((t for t in plays if " @ base:" in t and is_minion(t.split()[1])),
                          key=lambda t: mine.get(t.split(" @ ")[1], 0))
    on_theirs = [t for t in plays if " on " in t and t.split(" on ")[1] in theirs]
    on_base = [t for t in plays if " @ base:" in t and not is_minion(t.split()[1])]
    for text in minion_plays + on_theirs + on_base:
        return text
    return "end"


CATALOG: dict[str, Any] = {}


def is_minion(card: str) -> bool:
    entry = CATALOG.get(card.split("#")[0], {})
    return bool(entry.get("type") == "minion")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--turns", type=int, default=3, help="Ann's turns played before")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, LiveServer(Path(tmp) / "games.db") as server, \
            sync_playwright() as pw:
        game = server.create({"seats": [{"kind": "human", "name": "Ann"},
                                        {"kind": "easy", "name": "Robo"}],
                              "factions": FACTIONS, "seed": args.seed})
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
        seat = Seat(page)
        with urllib.request.urlopen(server.url + "/api/catalog", timeout=10) as answer:
            CATALOG.update(json.loads(answer.read())["cards"])
        page.goto(server.url + game["links"][0])
        page.locator("#connection[data-state='connected']").wait_for()
        # Ann's turns: the pictures are taken in turn `--turns + 1`, once she has played two
        # cards there (or has nothing more to play)
        turns, last_turn, played = 0, None, 0
        for _ in range(300):
            options = seat.options()
            obs = seat.observation()
            if obs["decision"]["kind"] == "main" and obs["turn"] != last_turn:
                last_turn, turns, played = obs["turn"], turns + 1, 0  # a turn of hers begins
            plays = [t for t in options if t.startswith("play ")]
            if turns > args.turns and obs["decision"]["kind"] == "main" and (
                    played >= 2 or not plays):
                break
            choice = ann_plays(options, obs)
            played += choice.startswith("play ") and obs["decision"]["kind"] == "main"
            seat.choose(choice)
        else:
            sys.exit("the game did not get far enough")
        page.locator("#log .log-line").last.wait_for()
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.screenshot(path=str(args.out / "web-table.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)  # let the narrow layout settle before the picture
        page.screenshot(path=str(args.out / "web-phone.png"))
        browser.close()
    print(f"wrote {args.out / 'web-table.png'} and {args.out / 'web-phone.png'}")


if __name__ == "__main__":
    main()
