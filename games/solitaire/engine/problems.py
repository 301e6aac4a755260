"""What the engine refuses, said in English and typed (docs/site.md#languages).

A ``Problem`` is a ``str`` (the English words, for logs, tests, the admin and the
command line) that also carries its ``kind`` and its ``params``, so the web layer can
say the same in the player's language (games/solitaire/problems.py); the engine stays
without Django.
"""

from __future__ import annotations


class Problem(str):
    kind: str
    params: dict[str, object]

    def __new__(cls, kind: str, english: str, **params: object) -> Problem:
        problem = super().__new__(cls, english.format(**params))
        problem.kind = kind
        problem.params = params
        return problem


class EngineError(ValueError):
    """A refusal whose ``problem`` says what is wrong; ``str(error)`` is its English."""

    def __init__(self, problem: Problem | str) -> None:
        super().__init__(problem)
        self.problem = problem if isinstance(problem, Problem) else Problem("", problem)
