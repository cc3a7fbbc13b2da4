"""The table screenshot of the docs.

Run ``.venv/bin/python -m smashup.tui.screenshot docs/screenshots/tui-after.svg [WxH]``
(default 160x50; ``80x24`` shows the smallest terminal the table is made for). It plays a
three-player game (seed 12) against two normal computers, where Player 1, the human seat, is
played by the heuristic agent through the screen until their turn 13 begins; then the screen
is saved as SVG.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ..agents import HeuristicAgent, decide
from ..engine.api.game import Game
from .app import SmashUpApp
from .session import Session
from .table import TableScreen

FACTIONS = [["aliens", "dinosaurs"], ["ninjas", "robots"], ["pirates", "wizards"]]


async def take(path: Path, seed: int = 12, turn: int = 13,
               size: tuple[int, int] = (160, 50)) -> None:
    game = Game.new({"factions": FACTIONS, "seed": seed, "first_player": 0})
    helper = HeuristicAgent(seed=3)
    app = SmashUpApp(session=Session(game, ["human", "normal", "normal"]), delay=0)
    async with app.run_test(size=size) as pilot:
        while not (game.state.turn >= turn and game.current_player == 0
                   and game.state.minions_played == 0):
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.my_decision() and screen.entries:
                screen.choose(decide(game, helper))
            await pilot.pause(0.01)
        await pilot.pause(0.3)
        await pilot.press("down", "down")
        await pilot.pause(0.3)
        app.save_screenshot(path.name, str(path.parent))


if __name__ == "__main__":
    width, _, height = (sys.argv[2] if len(sys.argv) > 2 else "160x50").partition("x")
    asyncio.run(take(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshot-table.svg"),
                     size=(int(width), int(height))))
