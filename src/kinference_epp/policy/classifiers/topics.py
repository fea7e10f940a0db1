"""Keyword / regex topic sets: a topic is present when at least ``minHits`` terms occur.

Each topic is checked on its own, lazily: a rule that asks for ``finance`` never pays for
``medical``. Keywords are found with ``str.find`` in the lower-cased prompt (shared by all
topics, computed once), then checked for word boundaries: ``find`` runs at memory speed
while a case-insensitive regex alternation costs tens of nanoseconds a character. Patterns
are regexes (case-insensitive) and cost a full scan each; counting stops at ``minHits``.
"""

from __future__ import annotations

import re
from itertools import islice

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.model import TopicSet


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


class TopicClassifier:
    def __init__(self, topic: TopicSet) -> None:
        self.name = topic.name
        self._keywords = tuple(k.lower() for k in topic.keywords if k)
        self._regex = (
            re.compile("|".join(f"(?:{p})" for p in topic.patterns), re.IGNORECASE)
            if topic.patterns
            else None
        )
        self._min_hits = topic.min_hits

    def _keyword_hits(self, lower: str, want: int) -> int:
        hits = 0
        for kw in self._keywords:
            pos = lower.find(kw)
            while pos != -1:
                end = pos + len(kw)
                before = lower[pos - 1] if pos else " "
                after = lower[end] if end < len(lower) else " "
                if not (_is_word(kw[0]) and _is_word(before)) and not (
                    _is_word(kw[-1]) and _is_word(after)
                ):
                    hits += 1
                    if hits >= want:
                        return hits
                pos = lower.find(kw, pos + 1)
        return hits

    def classify(self, prompt: PromptText) -> bool:
        hits = self._keyword_hits(prompt.lower(), self._min_hits) if self._keywords else 0
        if hits < self._min_hits and self._regex is not None:
            more = islice(self._regex.finditer(prompt.require()), self._min_hits - hits)
            hits += sum(1 for _ in more)
        return hits >= self._min_hits
