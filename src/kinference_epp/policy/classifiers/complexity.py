"""Prompt complexity (easy / medium / hard) from what is asked, with length as one weak
signal among several.

    score = clamp(0.30·length + 0.35·code + 0.25·math + 0.40·task + 0.40·domain
                  + 0.20·constraints + 0.25·technical_task + 0.15·turns - 0.30·easy_task)

each feature in [0, 1]:

- length: estimated prompt tokens / 4000 (characters / 4);
- code: (2·code fences + code keywords) / 12; math: (math symbols + math words) / 12;
- task: what is asked of the model that takes reasoning — prove, derive, design, optimise,
  debug, fix, plan, compare trade-offs, "step by step", "show that" ... — / 1.5;
- domain: terms of fields where answers take expertise (lock-free, consensus, posterior,
  asymptotic, zero-downtime, eigenvalue, ...) / 2;
- constraints: requirements and limits the answer must respect (without, must, guarantee,
  worst-case, "at most", "edge cases", ...) / 2;
- technical_task: 1 when a reasoning task meets a domain term, code, maths or a constraint
  ("derive the posterior", "fix this lock-free queue"), or three domain terms meet: a
  short hard question is hard;
- easy_task: 1 when the prompt asks to look up, translate, convert, spell, define,
  summarise or rephrase (or is small talk), names no domain term, and its easy signals
  are at least as many as its reasoning ones ("fix the typos");
- turns: (user turns - 1) / 6.

``score >= hardAt`` is hard, ``>= mediumAt`` medium. Below that a prompt is easy only on
positive evidence — an easy task asked (look up, translate, convert, spell, define,
summarise, rewrite) or small talk — and medium otherwise: a question the vocabulary cannot
judge goes to the middle model, never to the smallest one by default.

Why no regex and only a window: Python's ``re`` tries every keyword of an alternation at
every character, too slow for a long prompt on the request path. Words are found with
``translate`` + ``split``, the vocabulary's words kept by a C-level ``filter`` and counted
by a ``Counter``, instead of several set lookups per word in Python.
Marks are counted with ``str.count`` (in C), and only when one of their
characters — found with a memchr-fast ``in`` — occurs at all. The instruction that makes a
prompt hard is near its start or its end (a question after pasted context), so words are
counted in the first and last ``WINDOW`` characters, while length and code fences use the
whole text. ``tests/unit/policy`` holds this to the straightforward per-word loop.
"""

from __future__ import annotations

from collections import Counter

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.model import Complexity, ComplexitySettings

WINDOW = 2000

_CODE_WORDS = frozenset(
    [
        "def",
        "class",
        "import",
        "return",
        "function",
        "const",
        "let",
        "var",
        "void",
        "public",
        "static",
        "struct",
        "impl",
        "fn",
        "lambda",
        "async",
        "await",
        "select",
        "from",
        "where",
        "#include",
        "println",
        "printf",
        "console.log",
    ]
)
_CODE_MARKS = ("=>", "->", "::", "()", "!=", "==", "{\n", "}\n", ";\n")
_MATH_WORDS = frozenset(
    [
        "integral",
        "derivative",
        "equation",
        "equations",
        "theorem",
        "lemma",
        "matrix",
        "eigenvalue",
        "eigenvalues",
        "eigenvector",
        "eigenvectors",
        "probability",
        "polynomial",
        "modulo",
        "logarithm",
        "proof",
    ]
)
_MATH_MARKS = ("\\frac", "\\sum", "\\int", "^")
_MATH_CHARS = "∑∫√≤≥≠±∞∂π"
_REASON_WORDS = frozenset(
    [
        "prove",
        "analyze",
        "analyse",
        "compare",
        "contrast",
        "trade-off",
        "trade-offs",
        "tradeoff",
        "tradeoffs",
        "design",
        "architecture",
        "architectural",
        "optimize",
        "optimise",
        "debug",
        "derive",
        "justify",
        "evaluate",
        "critique",
        "refactor",
        "step-by-step",
        "fix",
        "plan",
        "implement",
        "formalize",
        "formalise",
        "diagnose",
        "migrate",
        "architect",
        "minimize",
        "minimise",
        "maximize",
        "maximise",
        "parallelize",
        "parallelise",
        "troubleshoot",
        "solve",
        "estimate",
        "simulate",
        "characterize",
        "characterise",
        "construct",
        "determine",
        "bound",
        "assess",
        "propose",
        "harden",
        "benchmark",
        "reconcile",
        "audit",
        "investigate",
        "quantify",
        "prioritize",
        "prioritise",
        "forecast",
        "restructure",
    ]
)
_REASON_PHRASES = ("step by step", "explain why", "reason about", "in depth", "pros and cons",
                   "root cause", "show that", "why does", "why do ", "how would you",
                   "what would happen")  # fmt: skip
_DOMAIN_WORDS = frozenset(
    [
        "lock-free",
        "wait-free",
        "concurrency",
        "concurrent",
        "race",
        "deadlock",
        "livelock",
        "aba",
        "atomic",
        "atomics",
        "mutex",
        "linearizable",
        "linearizability",
        "consensus",
        "raft",
        "paxos",
        "byzantine",
        "distributed",
        "replication",
        "replicas",
        "sharding",
        "partitioning",
        "zero-downtime",
        "migration",
        "failover",
        "idempotent",
        "exactly-once",
        "serializable",
        "isolation",
        "transaction",
        "transactions",
        "backpressure",
        "throughput",
        "latency",
        "scalability",
        "cache-coherence",
        "memory-model",
        "posterior",
        "bayesian",
        "likelihood",
        "conjugate",
        "markov",
        "stochastic",
        "martingale",
        "asymptotic",
        "np-hard",
        "np-complete",
        "polynomial-time",
        "reduction",
        "induction",
        "infinitely",
        "primes",
        "prime",
        "irrational",
        "convergence",
        "converges",
        "invariant",
        "invariants",
        "topology",
        "manifold",
        "hilbert",
        "banach",
        "lagrangian",
        "hamiltonian",
        "quantum",
        "entropy",
        "thermodynamics",
        "relativity",
        "gradient",
        "backpropagation",
        "cryptographic",
        "cryptography",
        "side-channel",
        "compiler",
        "compilers",
        "kernel",
        "scheduler",
        "amortized",
        "recurrence",
        "dynamic-programming",
        "red-black",
        "b-tree",
        "heuristic",
        "differential",
        "pde",
        "ode",
        "numerical",
        "regression",
        "causal",
        "confounding",
        "econometric",
        "variance",
        "estimator",
        "unbiased",
        "gaussian",
        "bernoulli",
        "poisson",
        "eigen",
        "spectral",
        "fourier",
        "laplace",
        "tensor",
        "algorithm",
        "algorithms",
        "complexity",
        "postgres",
        "postgresql",
        "kafka",
        "kubernetes",
        "terraform",
        "microservices",
        "multi-region",
        "consistency",
        "quorum",
        "vector-clock",
        "crdt",
        "garbage-collector",
        "jit",
        "simd",
        "vectorization",
        "cuda",
        "gpu",
        "allocator",
        "fragmentation",
        "limiter",
        "multi-region",
        "cross-region",
        "overshoot",
        "locking",
        "volatile",
        "happens-before",
        "memory-ordering",
        "lock-based",
        "cache-invalidation",
        "eventual",
        "linearizability",
        "sharded",
        "lemma",
        "corollary",
        "conjecture",
        "bijection",
        "isomorphism",
        "homomorphism",
        "modular",
        "congruence",
        "diophantine",
        "combinatorial",
        "combinatorics",
        "permutations",
        "pigeonhole",
        "bipartite",
        "planar",
        "chromatic",
        "eulerian",
        "spanning",
        "max-flow",
        "min-cut",
        "integral",
        "integrals",
        "continuity",
        "differentiable",
        "compact",
        "lebesgue",
        "expectation",
        "covariance",
        "correlation",
        "hypothesis",
        "p-value",
        "confidence",
        "bootstrap",
        "mle",
        "maximum-likelihood",
        "bias-variance",
        "overfitting",
        "regularization",
        "cross-validation",
        "classifier",
        "embeddings",
        "attention",
        "fine-tuning",
        "finetuning",
        "rlhf",
        "reinforcement",
        "q-learning",
        "policy-gradient",
        "convex",
        "nonconvex",
        "lagrange",
        "duality",
        "kkt",
        "simplex",
        "linear-programming",
        "integer-programming",
        "knapsack",
        "decidable",
        "undecidable",
        "halting",
        "turing",
        "automaton",
        "automata",
        "context-free",
        "p-vs-np",
        "approximation",
        "randomized",
        "amortised",
        "lower-bound",
        "upper-bound",
        "big-o",
        "recursion",
        "memoization",
        "trie",
        "fenwick",
        "suffix",
        "consistent-hashing",
        "bloom",
        "skiplist",
        "lsm",
        "b+tree",
        "planner",
        "deadlocks",
        "mvcc",
        "wal",
        "write-ahead",
        "two-phase",
        "2pc",
        "saga",
        "outbox",
        "cqrs",
        "event-sourcing",
        "idempotency",
        "backoff",
        "bulkhead",
        "rate-limiting",
        "load-balancing",
        "autoscaling",
        "p99",
        "throttling",
        "contention",
        "false-sharing",
        "numa",
        "cache-line",
        "prefetch",
        "misprediction",
        "syscall",
        "epoll",
        "io_uring",
        "coroutine",
        "coroutines",
        "goroutine",
        "goroutines",
        "memory-leak",
        "heap-corruption",
        "use-after-free",
        "undefined-behavior",
        "segfault",
        "sanitizer",
        "valgrind",
        "profiler",
        "flamegraph",
        "flaky",
        "nondeterministic",
        "heisenbug",
        "tls",
        "mtls",
        "oauth",
        "oidc",
        "jwt",
        "csrf",
        "xss",
        "injection",
        "threat-model",
        "zero-trust",
        "encryption",
        "key-rotation",
        "hsm",
        "kms",
        "nonce",
        "elliptic",
        "rsa",
        "enzyme",
        "kinetics",
        "thermodynamic",
        "wavefunction",
        "schrodinger",
        "eigenstates",
        "orbital",
        "orbitals",
        "spectroscopy",
        "relativistic",
        "genome",
        "crispr",
        "phylogenetic",
        "epidemiological",
        "confounders",
        "randomised",
        "meta-analysis",
        "valuation",
        "dcf",
        "npv",
        "irr",
        "arbitrage",
        "hedging",
        "black-scholes",
        "volatility",
        "capm",
        "elasticity",
        "game-theory",
        "nash",
        "monopoly",
        "oligopoly",
        "go-to-market",
        "unit-economics",
        "optimisation",
        "optimization",
    ]
)
_CONSTRAINT_WORDS = frozenset(
    [
        "without",
        "must",
        "guarantee",
        "guarantees",
        "ensure",
        "ensuring",
        "worst-case",
        "bounded",
        "tolerate",
        "tolerates",
        "constraint",
        "constraints",
        "requirement",
        "requirements",
        "budget",
        "deadline",
        "sla",
        "slo",
        "minimal",
        "optimal",
        "correctness",
        "rigorous",
        "rigorously",
        "formally",
    ]
)
_CONSTRAINT_PHRASES = ("at most", "at least", "edge case", "no more than", "o(n", "o(log",
                       "o(1)", "in under", "less than")  # fmt: skip
_EASY_WORDS = frozenset(
    [
        "translate",
        "translation",
        "convert",
        "spell",
        "spelling",
        "define",
        "definition",
        "synonym",
        "synonyms",
        "antonym",
        "antonyms",
        "capital",
        "rhyme",
        "rhymes",
        "typo",
        "typos",
        "grammar",
        "rephrase",
        "paraphrase",
        "pronounce",
        "pronunciation",
        "abbreviation",
        "acronym",
        "plural",
        "summarize",
        "summarise",
        "summary",
        "rewrite",
        "list",
        "joke",
        "hello",
        "hi",
        "hey",
        "thanks",
        "thank",
        "recipe",
        "weather",
        "briefly",
        "haiku",
        "limerick",
        "poem",
        "slogan",
        "tagline",
        "greeting",
        "fact",
        "facts",
        "example",
        "examples",
        "capitalize",
        "lowercase",
        "uppercase",
        "alphabetize",
        "alphabetical",
        "reverse",
        "sort",
        "count",
        "add",
        "subtract",
        "multiply",
        "divide",
        "percent",
        "percentage",
        "sum",
        "average",
        "spell-check",
        "proofread",
        "shorten",
        "simplify",
        "eli5",
    ]
)
_EASY_PHRASES = ("what is the", "who is", "who was", "who wrote", "how many", "how do you say",
                 "what does", "when did", "when was", "where is", "what's the", "what's ", "in one sentence", "in one word", "in a few words", "in simple terms", "short answer", "quick question", "give me an example", "how do i ", "how to ", "is it true", "name three", "tell me a", "what time", "what day")  # fmt: skip
# Punctuation becomes space so "design," and "(prove" are words; '-', '_', '.', '#' stay
# inside words ("trade-off", "console.log", "#include").
_PUNCTUATION = "!\"$%&'()*+,/:;<=>?@[\\]^`{|}~"
_WORDS = str.maketrans({c: " " for c in _PUNCTUATION})
_WORDS_BYTES = bytes.maketrans(_PUNCTUATION.encode(), b" " * len(_PUNCTUATION))

_WEIGHTS = {
    "length": 0.30,
    "code": 0.35,
    "math": 0.25,
    "task": 0.40,
    "domain": 0.40,
    "constraints": 0.20,
    "technical_task": 0.25,
    "turns": 0.15,
    "easy_task": -0.30,
}

# Which list a word counts for, first match wins: code, math, reasoning, domain, constraint,
# easy; a word with one trailing dot ("design." at the end of a sentence) counts as the word.
_MATH_ONLY = _MATH_WORDS - _CODE_WORDS
_REASON_ONLY = _REASON_WORDS - _CODE_WORDS - _MATH_WORDS
_DOMAIN_ONLY = _DOMAIN_WORDS - _CODE_WORDS - _MATH_WORDS - _REASON_WORDS
_CONSTRAINT_ONLY = _CONSTRAINT_WORDS - _CODE_WORDS - _MATH_WORDS - _REASON_WORDS - _DOMAIN_WORDS
_EASY_ONLY = (
    _EASY_WORDS - _CODE_WORDS - _MATH_WORDS - _REASON_WORDS - _DOMAIN_WORDS - _CONSTRAINT_WORDS
)
_CATEGORIES = (_REASON_ONLY, _DOMAIN_ONLY, _CONSTRAINT_ONLY, _EASY_ONLY)
_DOTTED = tuple(frozenset(w + "." for w in c) - _CODE_WORDS - _MATH_WORDS for c in _CATEGORIES)
_VOCABULARY = _CODE_WORDS | _MATH_WORDS | frozenset().union(*_CATEGORIES, *_DOTTED)


def _guard(mark: str) -> str:
    """The character of ``mark`` least likely in prose: when it is absent, so is the mark."""
    rare = [ch for ch in mark if ch not in " \n-().abcdefghijklmnopqrstuvwxyz"]
    return rare[0] if rare else mark[0]


def _guarded(marks: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((_guard(m), m) for m in marks)


_CODE_MARKS_G = _guarded(_CODE_MARKS)
_MATH_MARKS_G = _guarded(_MATH_MARKS)
_REASON_PHRASES_G = _guarded(_REASON_PHRASES)
_CONSTRAINT_PHRASES_G = _guarded(_CONSTRAINT_PHRASES)
_EASY_PHRASES_G = _guarded(_EASY_PHRASES)


def _count(window: str, marks: tuple[tuple[str, str], ...]) -> int:
    return sum(window.count(m) for g, m in marks if g in window)


def _lower_window(prompt: PromptText, text: str) -> str:
    """``lower`` if the text fits twice ``WINDOW``, else its lower-cased start and end.

    Lower-casing maps each character on its own to one or more characters — except a
    capital sigma, whose form depends on its neighbours — so the first ``WINDOW``
    characters of ``lower()`` are those of the lower-cased first ``WINDOW`` characters, and
    likewise at the end: a long prompt is not lower-cased whole (slow for non-ASCII text)
    unless another classifier needs it or a sigma is in the way.
    """
    n = len(text)
    if n <= 2 * WINDOW:
        return prompt.lower()
    if not prompt.has_lower():
        head, tail = text[:WINDOW], text[-WINDOW:]
        if "\u03a3" not in head and "\u03a3" not in tail:
            return head.lower()[:WINDOW] + "\n" + tail.lower()[-WINDOW:]
    lower = prompt.lower()
    return lower[:WINDOW] + "\n" + lower[-WINDOW:]


def _words(window: str) -> list[str]:
    """``window.translate(_WORDS).split()``, fast for non-ASCII text too.

    ``str.translate`` looks every character of a non-ASCII string up in the table through
    Python objects; in UTF-8 an ASCII byte only ever stands for that ASCII character, so the
    bytes are translated instead and decoded back (``surrogatepass`` keeps lone surrogates).
    """
    if window.isascii():
        return window.translate(_WORDS).split()
    data = window.encode("utf-8", "surrogatepass").translate(_WORDS_BYTES)
    return data.decode("utf-8", "surrogatepass").split()


def _word_counts(window: str) -> tuple[int, int, int, int, int, int]:
    """(code, math, reasoning, domain, constraint, easy) words in the window."""
    words = _words(window)
    several_dots = ".." in window
    # Only vocabulary words are counted (filtered in C: a hash and a set lookup each), unless
    # a word may end in several dots, when every word is counted and stripped below.
    counts = Counter(words if several_dots else filter(_VOCABULARY.__contains__, words))
    keys = counts.keys()
    code = sum(counts[w] for w in keys & _CODE_WORDS)
    math = sum(counts[w] for w in keys & _MATH_ONLY)
    rest = [sum(counts[w] for w in keys & c) for c in _CATEGORIES]
    if several_dots:
        for w, k in counts.items():
            if w[-1] == "." and w not in _CODE_WORDS and w not in _MATH_WORDS:
                bare = w.rstrip(".")
                for i, category in enumerate(_CATEGORIES):
                    if bare in category:
                        rest[i] += k
                        break
    else:  # at most one trailing dot: "design." is a key of its own
        for i, dotted in enumerate(_DOTTED):
            rest[i] += sum(counts[w] for w in keys & dotted)
    return code, math, rest[0], rest[1], rest[2], rest[3]


def _fences(text: str, enough: int) -> int:
    """``text.count("```")``, but at most ``enough``: past it the code feature is 1 anyway.

    A scan of the whole text reads every character (the needle repeats one character, which
    defeats ``str.find``'s skips); long prompts with code reach ``enough`` early.
    """
    if enough <= 0 or "`" not in text:
        return 0
    found = 0
    pos = text.find("```")
    while pos != -1:
        found += 1
        if found >= enough:
            break
        pos = text.find("```", pos + 3)  # non-overlapping, as str.count
    return found


def complexity_score(prompt: PromptText) -> tuple[float, dict[str, float]]:
    """The score in [0, 1] and its features (for explain)."""
    text = prompt.require()
    n = len(text)
    window = _lower_window(prompt, text)
    code, math, reason, domain, constraint, easy = _word_counts(window)
    code += _count(window, _CODE_MARKS_G)
    math += _count(window, _MATH_MARKS_G)
    if not window.isascii():  # every math character is outside ASCII
        math += sum(window.count(ch) for ch in _MATH_CHARS if ch in window)
    reason += _count(window, _REASON_PHRASES_G)
    constraint += _count(window, _CONSTRAINT_PHRASES_G)
    easy += _count(window, _EASY_PHRASES_G)
    fences = _fences(text, (13 - code) // 2)
    technical = reason > 0 and (domain > 0 or code + fences > 0 or math > 0 or constraint > 0)
    technical = technical or domain >= 3
    features = {
        "length": min(1.0, n / 4 / 4000),
        "code": min(1.0, (2 * fences + code) / 12),
        "math": min(1.0, math / 12),
        "task": min(1.0, reason / 1.5),
        "domain": min(1.0, domain / 2),
        "constraints": min(1.0, constraint / 2),
        "technical_task": 1.0 if technical else 0.0,
        "turns": min(1.0, max(0, prompt.turns - 1) / 6),
        "easy_task": 1.0 if easy and not domain and reason <= easy else 0.0,
    }
    score = sum(_WEIGHTS[k] * v for k, v in features.items())
    return min(1.0, max(0.0, score)), features


class ComplexityClassifier:
    """Maps the score to a level with the policy's thresholds."""

    def __init__(self, settings: ComplexitySettings | None = None) -> None:
        settings = settings or ComplexitySettings()
        self._medium = settings.medium_at
        self._hard = settings.hard_at

    def classify(self, prompt: PromptText) -> Complexity:
        score, features = complexity_score(prompt)
        if score >= self._hard:
            return Complexity.HARD
        if score >= self._medium or not features["easy_task"]:
            return Complexity.MEDIUM
        return Complexity.EASY
