"""bench/solver_peer.py's ratio to the peer and its interval (bench/README.md#solver_peerpy):
a paired bootstrap over the deals, so a deal hard for both weighs on both alike."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from solver_peer import ratio_interval  # noqa: E402  (bench/ on the path)


def test_a_solver_twice_as_slow_on_every_deal_is_2x_with_no_width():
    rng = random.Random(3)
    peer = [rng.lognormvariate(0, 1.5) for _ in range(301)]
    ratio, low, high = ratio_interval([2 * t for t in peer], peer, 0.5)
    assert (round(ratio, 9), round(low, 9), round(high, 9)) == (2, 2, 2)


def test_the_interval_holds_the_ratio_of_the_medians_and_narrows_with_more_deals():
    def interval(n):
        rng = random.Random(n)
        peer = [rng.lognormvariate(0, 1) for _ in range(n)]
        ours = [3 * t * rng.lognormvariate(0, 0.3) for t in peer]
        return ratio_interval(ours, peer, 0.5)

    ratio, low, high = interval(100)
    assert low < ratio < high
    assert low > 2 and high < 4.5
    _, low_many, high_many = interval(2000)
    assert high_many - low_many < (high - low) / 2


def test_p95_ratio_is_of_the_p95s():
    peer = [float(k) for k in range(1, 101)]
    ours = [float(k) for k in range(1, 101)]
    ours[94] = 190.0  # the 95th value: ours' p95 is the next one up, 96
    ratio, _, _ = ratio_interval(sorted(ours), peer, 0.95)
    assert ratio == 96 / 95
