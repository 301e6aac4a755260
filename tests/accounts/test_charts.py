"""The winning-times chart as pure geometry."""

from accounts.charts import HEIGHT, TOP_MARGIN, WIDTH, time_chart


def test_no_wins_draw_no_chart():
    assert time_chart([]) is None


def test_bar_heights_follow_the_times_and_the_fastest_is_marked():
    chart = time_chart([120, 60, 90])
    room = HEIGHT - TOP_MARGIN
    assert [bar.height for bar in chart.bars] == [room, room / 2, room * 3 / 4]
    assert [bar.best for bar in chart.bars] == [False, True, False]
    assert all(bar.y + bar.height == HEIGHT for bar in chart.bars)
    assert (chart.slowest, chart.fastest) == ("2:00", "1:00")


def test_bars_stand_side_by_side_within_the_width():
    chart = time_chart([30.0] * 20)
    lefts = [bar.x for bar in chart.bars]
    assert lefts == sorted(lefts) and lefts[0] >= 0
    assert chart.bars[-1].x + chart.bars[-1].width <= WIDTH


def test_a_zero_time_still_shows_a_bar():
    assert time_chart([0.0]).bars[0].height == 2.0


def test_two_times_the_clock_shows_alike_get_bars_of_one_height():
    chart = time_chart([65.2, 65.9, 130.4])
    first, second, slowest = chart.bars
    assert first.label == second.label == "1:05"
    assert first.height == second.height and first.y == second.y
    assert first.best and second.best  # both are the fastest time shown
    assert slowest.height > first.height
