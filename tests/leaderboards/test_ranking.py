"""Pure helpers: shown times and shared places."""

from leaderboards.ranking import clock, places, whole_seconds


def test_equal_times_share_a_place_and_the_next_place_skips():
    assert places([61, 65, 65, 70, 70, 70, 90]) == [1, 2, 2, 4, 4, 4, 7]


def test_places_of_no_times_are_empty():
    assert places([]) == []


def test_a_started_second_does_not_count():
    assert whole_seconds(65.99) == 65 and whole_seconds(65.0) == 65


def test_clock_shows_times_like_the_game_clock():
    assert clock(None) == "–"
    assert clock(5.9) == "0:05"
    assert clock(65) == "1:05"
    assert clock(3723) == "1:02:03"
