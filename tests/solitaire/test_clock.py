"""A game's time is shown the same way everywhere: by the server and by the page's
running clock."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from games.solitaire.clock import clock_text, whole_seconds

GAME_JS = Path(__file__).resolve().parents[2] / "static" / "solitaire" / "js" / "game.js"
NODE = shutil.which("node")


def test_a_started_second_does_not_count():
    assert whole_seconds(65.99) == 65 and whole_seconds(65.0) == 65


def test_times_show_as_minutes_and_seconds_and_hours_when_there_are_any():
    assert clock_text(None) == "–"
    assert clock_text(5.9) == "0:05"
    assert clock_text(65) == "1:05"
    assert clock_text(600) == "10:00"
    assert clock_text(3723) == "1:02:03"


@pytest.mark.skipif(NODE is None, reason="node is not installed: cannot run game.js")
def test_the_pages_running_clock_shows_what_the_server_shows():
    seconds = [0, 1, 9, 59, 60, 61, 599, 600, 3599, 3600, 3661, 36000, 86399, 123456]
    script = (
        f"const {{ clockText }} = require({json.dumps(str(GAME_JS))});"
        f"console.log(JSON.stringify({json.dumps(seconds)}.map(clockText)));"
    )
    shown = json.loads(
        subprocess.run([NODE, "-e", script], capture_output=True, check=True, text=True).stdout
    )
    assert shown == [clock_text(s) for s in seconds]
