"""The value of a win, through the library."""

from __future__ import annotations

from games.sanma.bots import value


def test_a_wait_on_a_kind_the_hand_holds_four_of_wins_nothing():
    # 1111 2345678 99 of circles "waits" on a fifth 1: no such tile exists.
    held = ("1D", "1D", "1D", "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "9D")
    assert value._points(held, "1D", (), ("E",), 0, 0, 0, False, True) == 0
    # With three of them the same wait is nine gates, a yakuman.
    nine_gates = ("1D", "1D", "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "9D", "9D")
    assert value._points(nine_gates, "1D", (), ("E",), 0, 0, 0, False, True) == 48_000
