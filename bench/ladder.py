"""What the bots' benchmarks share: the 95 % interval of a duplicate ladder and the
summary of decision times (``classic_bots.py``, ``sanma_bots.py``)."""

from __future__ import annotations

import math
import statistics

from benchenv import percentile


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def excludes_zero(values: list[float]) -> bool:
    mean, half = interval(values)
    return abs(mean) > half


def decision_times(level: str, seconds: list[float], budget_ms: float | None = None) -> str:
    """One line: decisions, p50, p95, p99 and max in milliseconds (and the p95 budget)."""
    ms = [s * 1000 for s in seconds]
    if not ms:
        return f"{level:>8}: no decisions"
    line = (
        f"{level:>8}: {len(ms):7d} decisions  p50 {percentile(ms, 0.5):6.2f}  "
        f"p95 {percentile(ms, 0.95):6.2f}  p99 {percentile(ms, 0.99):6.2f}  "
        f"max {max(ms):7.2f}"
    )
    if budget_ms is not None:
        met = "met" if percentile(ms, 0.95) <= budget_ms else "MISSED"
        line += f"   (p95 budget {budget_ms:g} ms: {met})"
    return line
