"""Pure helpers: shared places."""

from leaderboards.ranking import places


def test_equal_times_share_a_place_and_the_next_place_skips():
    assert places([61, 65, 65, 70, 70, 70, 90]) == [1, 2, 2, 4, 4, 4, 7]


def test_places_of_no_times_are_empty():
    assert places([]) == []
