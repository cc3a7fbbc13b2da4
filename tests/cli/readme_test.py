"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "the README shows a Python example"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
    assert "'winner':" in capsys.readouterr().out


def test_set_up_gives_exactly_two_commands() -> None:
    text = README.read_text()
    setup = text.split("## Set up", 1)[1].split("##", 1)[0]
    commands = re.findall(r"^make \w+", setup, re.M)
    assert commands == ["make play", "make test"]
