"""The browser client's before/after pictures for the docs (issue 31): the lobby and the
table, each at 1280×800 (desktop) and 390×844 (phone), in docs/screenshots/.

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--prefix after] [--seed 4]

It starts a server on loopback (``smashup.server.live.LiveServer``, a throwaway database)
and a Chromium (Debian's; no browser is downloaded). The lobby is shown with four seats, the
draft chosen and a clash of names. The table is a seeded game of Ann against an easy
computer, played by clicking options as ``tools/web_screenshots.py`` does (a minion where
she has least, an action, end the turn), until a base has scored; the pictures are taken at
Ann's next Play Cards decision, once she has played a card there, so the log shows the
scoring. The draft is shown on a phone, with one faction's cards. Files:
``{prefix}-lobby-desktop.png``, ``{prefix}-lobby-phone.png``, ``{prefix}-draft-phone.png``,
``{prefix}-web-desktop.png``, ``{prefix}-web-phone.png``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import urllib.request
from pathlib import Path
from types import ModuleType

from playwright.sync_api import Browser, Page, sync_playwright

from smashup.server.live import LiveServer

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
FACTIONS = [["aliens", "ninjas"], ["robots", "zombies"]]
MAX_DECISIONS = 400


def web_screenshots() -> ModuleType:
    """tools/web_screenshots.py: its way of playing Ann's turns is the one used here."""
    spec = importlib.util.spec_from_file_location(
        "smashup_web_screenshots", Path(__file__).with_name("web_screenshots.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lobby_pictures(browser: Browser, url: str, out: Path, prefix: str) -> list[Path]:
    """The lobby filled in: four seats (two people, two computers), the draft, and a
    second "Ann" so that the name clash shows."""
    written = []
    for tag, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=size, device_scale_factor=1)
        page.goto(url + "/")
        page.locator("#seat-kind-1").wait_for()
        page.select_option("#player-count", "4")
        page.fill("#seat-name-0", "Ann")
        page.select_option("#seat-kind-1", "human")
        page.fill("#seat-name-1", "Ann")
        page.select_option("#seat-kind-2", "easy")
        page.select_option("#mode", "draft")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        path = out / f"{prefix}-lobby-{tag}.png"
        page.screenshot(path=str(path), full_page=True)
        written.append(path)
        page.close()
    return written


def draft_picture(browser: Browser, server: LiveServer, out: Path, prefix: str) -> Path:
    """A phone at the Queensberry draft, on the picker's turn, with the Aliens' cards shown
    (where the page shows a faction's cards before its pick; an older page, whose faction
    buttons pick at once, is left as it is)."""
    game = server.create({"seats": [{"kind": "human", "name": "Ann"},
                                    {"kind": "human", "name": "Bob"}], "mode": "draft"})
    for link in game["links"]:  # a page of its own for each seat (the links differ by #)
        page = browser.new_page(viewport=PHONE, device_scale_factor=1)
        page.goto(server.url + link)
        page.locator("#connection[data-state='connected']").wait_for()
        page.locator("#draft .draft-turn").wait_for()
        if page.locator("#draft .draft-turn").inner_text() == "Your pick.":
            break
        page.close()
    aliens = page.locator("#draft button.faction[data-key='aliens'][aria-pressed]")
    if aliens.count():
        aliens.click()
        page.locator("#draft .faction-preview").wait_for()
        # the last factions' buttons above, the cards and the Pick button below
        page.evaluate("""() => {
            document.querySelector('#draft .faction-preview').scrollIntoView();
            window.scrollBy(0, -260);
        }""")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    path = out / f"{prefix}-draft-phone.png"
    page.screenshot(path=str(path))
    page.close()
    return path


def play_to_a_scoring(page: Page, ws: ModuleType, url: str, link: str) -> None:
    """Ann's turns until the log tells of a base scoring, then her next turn with a card
    played (or nothing left to play)."""
    seat = ws.Seat(page)
    with urllib.request.urlopen(url + "/api/catalog", timeout=10) as answer:
        ws.CATALOG.update(json.loads(answer.read())["cards"])
    page.goto(url + link)
    page.locator("#connection[data-state='connected']").wait_for()
    scored, last_turn, played = False, None, 0
    for _ in range(MAX_DECISIONS):
        options = seat.options()
        obs = seat.observation()
        scored = scored or any(" scores" in line for line in page.locator(
            "#log .log-line").all_inner_texts())
        main = obs["decision"]["kind"] == "main"
        if main and obs["turn"] != last_turn:
            last_turn, played = obs["turn"], 0
        plays = [t for t in options if t.startswith("play ")]
        if scored and main and (played >= 1 or not plays):
            return
        choice = ws.ann_plays(options, obs)
        played += choice.startswith("play ") and main
        seat.choose(choice)
    sys.exit(f"no base scored in {MAX_DECISIONS} of Ann's decisions")


def table_pictures(browser: Browser, server: LiveServer, seed: int, out: Path,
                   prefix: str) -> list[Path]:
    ws = web_screenshots()
    game = server.create({"seats": [{"kind": "human", "name": "Ann"},
                                    {"kind": "easy", "name": "Robo"}],
                          "factions": FACTIONS, "seed": seed})
    page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
    play_to_a_scoring(page, ws, server.url, game["links"][0])
    page.locator("#log .log-line").last.wait_for()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    written = [out / f"{prefix}-web-desktop.png", out / f"{prefix}-web-phone.png"]
    page.screenshot(path=str(written[0]))
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)  # let the narrow layout settle before the picture
    page.screenshot(path=str(written[1]))
    page.close()
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--prefix", default="after", help="file names start with it")
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    ws = web_screenshots()
    with tempfile.TemporaryDirectory() as tmp, \
            LiveServer(Path(tmp) / "games.db", pace=0.0) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ws.chromium(), args=["--no-sandbox"])
        written = lobby_pictures(browser, server.url, args.out, args.prefix)
        written.append(draft_picture(browser, server, args.out, args.prefix))
        written += table_pictures(browser, server, args.seed, args.out, args.prefix)
        browser.close()
    for path in written:
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
