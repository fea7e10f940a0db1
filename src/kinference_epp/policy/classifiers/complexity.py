"""Prompt complexity (easy / medium / hard) from what is asked, with length as one weak
signal among several.

    score = clamp(0.30·length + 0.35·code + 0.25·math + 0.40·task + 0.40·domain
                  + 0.20·constraints + 0.25·technical_task + 0.15·turns - 0.30·easy_task
                  + 0.65·hard_ask - 0.30·easy_ask)

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
- turns: (user turns - 1) / 6;
- hard_ask / easy_ask: what the instruction's main verb asks (``ask_features``): a proof,
  a derivation, a specific design or diagnosis, something expert to build, an expert
  object to classify, verify, value or price, a translation that must keep its form, a
  piece of creative writing under two or more formal constraints is hard on its own; a
  short factual question or a mechanical edit of pasted text (one the request confines:
  "nothing else", "don't change the code") is easy, and then the pasted text's own words
  set no task. Three tasks asked in one sentence, one of them an explanation or argument
  (a colon opens a task too; a German infinitive asks last), an argument to build in
  detail, or a piece of work whose parts the request lists (after a colon, in parentheses)
  and asks to be argued (justified, compared, recommended, with a thesis and
  counterarguments, a sensitivity analysis, competing hypotheses), are hard whatever their
  words; a plain question
  (no expert term, code, maths, constraint or reasoning asked), a table or list to make
  of the facts given, a sum of the values given and a rewrite of the sentence given are
  easy — unless another sentence of the request asks a reasoning task the rules cannot
  rate. The request after a colon counts when it opens with a task verb ("Ahab, Gatsby:
  compare ..."), not only the words before it.
- demands (``demands``): what the request asks its answer to show — a justification, the
  alternatives, assumptions, scenarios, expected harm, trade-offs weighed, a sensitivity
  analysis, counterarguments, a derivation or a shown calculation, mitigations and what
  they leave — in the four languages. Two distinct ones make a request hard whatever its
  verb and whatever text (personal data, a case) stands before it; one keeps it off the
  small model. An explicit bound on the answer ("in two sentences", "Two lines.", "in one
  short paragraph") with none makes a question easy whatever its topic or paste.

The expert vocabulary is the list below and ``data/expert_terms.txt`` (algebra, topology,
physics, compilers and verification, finance, law, literary forms).

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

import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources

from kinference_epp.policy.classifiers.appraisal import appraises_argument
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.demands import WEAK, demands
from kinference_epp.policy.classifiers.languages import detect, in_english, task_verb
from kinference_epp.policy.classifiers.text_features import appended_task
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
        "python",
        "perl",
        "java",
        "javascript",
        "typescript",
        "golang",
        "c++",
        "react",
        "printf",
        "console.log",
    ]
)
_ENGLISH_CODE_WORDS = frozenset(
    ["class", "return", "function", "let", "public", "static", "select", "from", "where"]
)
"""Code words that are English words too: alone in a request they are prose."""
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
        "probability",
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
_REQUEST_REASON_PHRASES = ("critical path", "how do i balance", "how should i balance",
                           "build or buy", "build vs buy", "trade off")  # fmt: skip
"""Reasoning asked, counted in the request only (``request_span``)."""
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
        "parser",
        "parsers",
        "interpreter",
        "bytecode",
        "emulator",
        "spinlock",
        "cas",
        "compare-and-swap",
        "memory-ordering",
        "recursion",
        "left-recursion",
        "zero-knowledge",
        "soundness",
        "uncountable",
        "inequality",
        "deployment",
        "blue-green",
        "canary",
        "rollout",
        "rollback",
        "stateful",
        # law
        "indemnification",
        "indemnity",
        "liability",
        "liabilities",
        "jurisdiction",
        "jurisdictions",
        "statute",
        "statutory",
        "precedent",
        "tort",
        "negligence",
        "fiduciary",
        "enforceable",
        "enforceability",
        "arbitration",
        "gdpr",
        "hipaa",
        "covenant",
        "non-compete",
        "injunction",
        "estoppel",
        "plaintiff",
        "defendant",
        "appellate",
        "constitutional",
        "litigation",
        "breach",
        "warranty",
        "warranties",
        "patent",
        "patents",
        "trademark",
        "sublicense",
        "copyleft",
        "antitrust",
        "due-diligence",
        "securities",
        "escrow",
        "probate",
        "severability",
        "force-majeure",
        "lien",
        "easement",
        "tenancy",
        "subrogation",
        "novation",
        # tax, finance, business
        "tax",
        "taxes",
        "taxation",
        "treaty",
        "deduction",
        "deductions",
        "depreciation",
        "amortization",
        "amortisation",
        "capital-gains",
        "withholding",
        "vat",
        "residency",
        "double-taxation",
        "llc",
        "s-corp",
        "c-corp",
        "dividend",
        "dividends",
        "pension",
        "401k",
        "roth",
        "ebitda",
        "cash-flow",
        "wacc",
        "ltv",
        "cac",
        "churn",
        "cohort",
        "runway",
        "dilution",
        "cap-table",
        "convertible",
        "term-sheet",
        "liquidation",
        "sharpe",
        "leverage",
        "derivatives",
        "annuity",
        "actuarial",
        "transfer-pricing",
        "consolidation",
        "accrual",
        "impairment",
        "goodwill",
        "ifrs",
        "gaap",
        "breakeven",
        "break-even",
        "cannibalization",
        "cannibalisation",
        "procurement",
        "supply-chain",
        "forecasting",
        # engineering
        "deflection",
        "load-bearing",
        "beam",
        "cantilever",
        "torque",
        "tensile",
        "buckling",
        "fatigue",
        "thermal",
        "heat-transfer",
        "conduction",
        "convection",
        "impedance",
        "voltage",
        "capacitor",
        "inductor",
        "resonance",
        "pid",
        "transfer-function",
        "kn",
        "mpa",
        "kpa",
        "hvac",
        "tolerances",
        "structural",
        "shear",
        "dielectric",
        "semiconductor",
        "transistor",
        "op-amp",
        "aerodynamic",
        "reynolds",
        "turbulent",
        "laminar",
        "viscosity",
        # medicine and science
        "eigenvalue",
        "eigenvalues",
        "eigenvector",
        "eigenvectors",
        "pricing",
        "competitors",
        "acquiring",
        "acquisition",
        "earn-out",
        "shareholder",
        "shareholders",
        "drag-along",
        "tag-along",
        "equity",
        "vesting",
        "mortgage",
        "inheritance",
        "landlord",
        "tenant",
        "lease",
        "law",
        "legal",
        "dismissal",
        "dismiss",
        "employment",
        "redundancy",
        "severance",
        "villanelle",
        "sestina",
        "refrain",
        "refrains",
        "stanza",
        "stanzas",
        "verse",
        "soliloquy",
        "expected",
        "inscribed",
        "semicircle",
        "tangent",
        "velocity",
        "acceleration",
        "angle",
        "off-target",
        "kinetic",
        "enzymes",
        "receptors",
        "antibodies",
        "mutations",
        "rebalance",
        "schema",
        "multi-tenant",
        "caching",
        "cache",
        "stale",
        "staleness",
        "read-heavy",
        "write-heavy",
        "outage",
        "deduplication",
        "deduplicate",
        "deduplicates",
        "proration",
        "thread",
        "threads",
        "multithreaded",
        "multi-threaded",
        "lock",
        "locks",
        "hashmap",
        "hangs",
        "deadlocked",
        "wrongful",
        "retaliation",
        "settlement",
        "discrimination",
        "harassment",
        "whistleblower",
        "softmax",
        "cross-entropy",
        "logits",
        "pendulum",
        "determinant",
        "orthogonal",
        "monotone",
        "graph",
        "down-round",
        "immune",
        "autoimmune",
        "immunity",
        "re-renders",
        "re-render",
        "upgrade",
        "counterexample",
        "pharmacokinetics",
        "half-life",
        "dosing",
        "contraindication",
        "contraindications",
        "pathophysiology",
        "receptor",
        "antibody",
        "immunology",
        "metabolic",
        "titration",
        "equilibrium",
        "stoichiometry",
        "enthalpy",
        "gibbs",
        "catalyst",
        "redox",
        "electrochemical",
        "mutation",
        "allele",
        "heterozygous",
        "pharmacology",
        # translation and rewriting under hard constraints
        "rhyme",
        "rhymes",
        "rhyming",
        "iambic",
        "pentameter",
        "syllable",
        "syllables",
        "pun",
        "puns",
        "wordplay",
        "alliteration",
        "acrostic",
        "lipogram",
        "double-meaning",
        "legally",
        "verbatim-equivalent",
    ]
) | frozenset(
    line
    for line in resources.files(__package__)
    .joinpath("data/expert_terms.txt")
    .read_text("utf-8")
    .splitlines()
    if line and not line.startswith("#")
)
"""Expert terms: the list above and ``data/expert_terms.txt`` (more fields' vocabularies)."""
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
        "strict",
    ]
)
_CONSTRAINT_PHRASES = ("at most", "at least", "edge case", "no more than", "o(n", "o(log",
                       "o(1)", "in under", "less than")  # fmt: skip
_REQUEST_CONSTRAINT_PHRASES = ("exactly once", "at least once", "even if", "never more than",
                               "under load", "in production", "so that", "such that")  # fmt: skip
"""Constraints counted in the request only (``request_span``): phrases common enough in
pasted prose that scanning the whole window for them would cost more than they tell."""
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
        "one-line",
        "one-liner",
        "one-sentence",
        "one-word",
        "one-paragraph",
    ]
)
_EASY_PHRASES = ("what is the", "who is", "who was", "who wrote", "how many", "how do you say",
                 "what does", "when did", "when was", "where is", "what's the", "what's ", "in one sentence", "in one word", "in a few words", "in simple terms", "short answer", "quick question", "give me an example", "how do i ", "how to ", "is it true", "name three", "tell me a", "what time", "what day", "subject line")  # fmt: skip
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
    "hard_ask": 0.65,
    "easy_ask": -0.30,
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
_BARE_CATEGORIES = (
    _REASON_WORDS,
    _DOMAIN_WORDS - _REASON_WORDS,
    _CONSTRAINT_WORDS - _REASON_WORDS - _DOMAIN_WORDS,
    _EASY_WORDS - _REASON_WORDS - _DOMAIN_WORDS - _CONSTRAINT_WORDS,
)
"""A word with trailing dots counts for the first list its bare form is in ("lemma." is a
domain word, though "lemma" alone is a maths word): only the dotted form is checked against
the code and maths words."""
_DOTTED = tuple(frozenset(w + "." for w in c) - _CODE_WORDS - _MATH_WORDS for c in _BARE_CATEGORIES)
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
_REQUEST_CONSTRAINT_PHRASES_G = _guarded(_REQUEST_CONSTRAINT_PHRASES)
_REQUEST_REASON_PHRASES_G = _guarded(_REQUEST_REASON_PHRASES)
_FORMALISMS = ("integer program", "linear program")
"""A problem stated as a mathematical program ("formulate the rota as an integer program",
"a mixed-integer programme", "linear programming"): an expert term in two words, counted
as one (looked for only where "program" is, one scan in C)."""
_FORMALISMS_G = tuple(("program", m) for m in _FORMALISMS)  # both hold "program"
_RESTATE_ASKS = frozenset(
    ["rephrase", "rewrite", "reword", "reformulate", "convert", "turn", "express", "cast", "put"]
)
"""Asks that restate a text in another form: a rewording, unless the form is a
mathematical program (``_FORMALISMS``), which is a model to build."""
REQUEST_HEAD = 600
REQUEST_TAIL = 300


def request_span(window: str) -> str:
    """Where the request is: the window's first ``REQUEST_HEAD`` and last ``REQUEST_TAIL``
    characters (all of a short one)."""
    if len(window) <= REQUEST_HEAD + REQUEST_TAIL:
        return window
    return window[:REQUEST_HEAD] + "\n" + window[-REQUEST_TAIL:]


_PROOF_PHRASES_G = _guarded(
    ("show that", "prove that", "demonstrate that", "establish that", "rigorous argument",
     "formal argument", "give an argument", "justify the formula")
)  # fmt: skip
"""A proof asked for. A justification asked beside another task ("classify ... and justify")
is one of the ``demands``, as in the other three languages."""
_DIAGNOSIS_PHRASES_G = _guarded(
    ("what's going on", "what is going on", "what could be happening", "what could cause",
     "what's causing", "what is causing", "how come", "what am i missing", "why would",
     "explain and fix", "what's wrong", "what is wrong", "what would you check", "figure out why")
)  # fmt: skip
"""A question about a fault: a diagnosis, hard when it names code or an expert term."""
_DEMANDING_PHRASES_G = _guarded(
    ("keep every", "keeps every", "keeping every", "preserve every",
     "preserving every", "without losing", "into verse", "jeu de mots",
     "jeux de mots", "juego de palabras", "gioco di parole", "giochi di parole")
)  # fmt: skip
_EASY_PHRASES_G = _guarded(_EASY_PHRASES)
_SOLVE_HOW = ("work out how to ", "figure out how to ")
"""A "how to" that a problem to solve asks ("work out how to heat the house cheapest"): no
how-to lookup."""
_SOLVE_HOW_G = _guarded(_SOLVE_HOW)


_DESTINATION = re.compile(
    r"\b(?!(?:upper|lower|tight|sharp|loose|error|a|an|the|this|that|its|best|worst|good|"
    r"strong|weak|our|your|my|same|new|known|simple)\b)[^\W\d]+ bound for\b"
)
""""the train bound for Lyon": a destination, not the bound of a proof ("an upper bound for
the error", "the same bound for n = 3")."""


def _destinations(text: str) -> int:
    """How many times ``text`` says "bound for" a destination (``_DESTINATION``)."""
    return len(_DESTINATION.findall(text)) if " bound for " in text else 0


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
                for i, category in enumerate(_BARE_CATEGORIES):
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


# -- what is asked ---------------------------------------------------------------------

_FILLERS = frozenset(
    ["please", "can", "could", "would", "will", "you", "help", "me", "i", "we", "need", "want", "to", "now", "then", "so", "and", "also", "kindly", "just", "pls", "ok", "okay", "hey", "hi",
     # "then" opening a later clause in the other languages ("..., puis confronte-la")
     "puis", "ensuite", "dann", "danach", "anschließend", "luego", "después",
     # "and" opening a later clause: the verb after it asks ("..., und entwirf einen Prozess")
     "und", "et", "y"]
)  # fmt: skip
_PROOF_ASKS = frozenset(("prove", "derive", "disprove", "formalise", "formalize"))
_PROOF_ARTEFACT_ASKS = frozenset(
    ("give", "write", "sketch", "provide", "outline", "find", "tighten", "check", "verify",
     "complete", "finish", "critique", "review", "correct")
)  # fmt: skip
_HARD_ASKS = frozenset(
    ["propose", "sketch", "design", "architect", "reconstruct", "rebuild", "optimise", "optimize", "debug", "diagnose", "troubleshoot", "analyse", "analyze", "critique", "construct", "refactor", "migrate", "harden", "benchmark", "audit", "investigate", "quantify", "simulate", "parallelise", "parallelize", "estimate", "reverse-engineer"]
)  # fmt: skip
"""Asks that take reasoning whenever the request says what it is about."""
_TECHNICAL_ASKS = frozenset(
    [
        "port",
        "get",
        "obtain",
        "negotiate",
        "structure",
        "split",
        "plan",
        "fix",
        "solve",
        "model",
        "reduce",
        "improve",
        "speed",
        "scale",
        "shard",
        "partition",
        "secure",
        "tune",
        "schedule",
        "allocate",
        "minimise",
        "minimize",
        "maximise",
        "maximize",
        "formulate",
        "propose",
        "sketch",
        "compute",
        "calculate",
        "find",
        "classify",
        "characterise",
        "characterize",
        "verify",
        "value",
        "price",
        "calibrate",
        "forecast",
        "hedge",
        "identify",
    ]
)
"""Asks that take reasoning about a technical object (an expert term, code, a constraint):
"plan a zero-downtime migration", not "plan my weekend"."""
_SOFT_ASKS = frozenset(
    [
        "compare",
        "contrast",
        "evaluate",
        "assess",
        "determine",
        "justify",
        "weigh",
        "reconcile",
        "argue",
        "refute",
        "rebut",
    ]
)
"""Asks that take reasoning when the request is detailed (``_DETAILED`` words or more)."""
_BUILD_ASKS = frozenset(
    ["write", "implement", "build", "create", "develop", "make", "code", "draft", "compose"]
)
"""Asks that are as hard as the thing to build: hard with expert terms in the request."""
_WHY_ASKS = frozenset(("why",))
_WH_ASKS = frozenset(["what", "which", "who", "whom", "when", "where", "whose"])
_HOW_QUANTITY = frozenset(
    ["much", "many", "old", "long", "far", "tall", "big", "fast", "often", "high", "deep",
     "heavy", "hot", "cold", "wide", "large", "small", "soon", "early", "late"]
)  # fmt: skip
_EASY_ASKS = frozenset(
    ["condense", "simplify", "adapt", "localise", "localize", "translate", "convert", "traduci",
     "traduce", "traduis", "traduisez", "traduire", "traducir", "tradurre", "übersetze",
     "übersetzen", "vertaal", "vertalen", "summarise", "summarize", "extract", "rewrite", "rephrase", "paraphrase", "proofread", "reword", "redraft", "shorten", "capitalise", "capitalize", "remove", "change", "rename", "format", "reformat", "turn", "round", "suggest", "recommend", "spell", "define", "list", "name", "give", "tell", "correct", "sort", "alphabetise", "alphabetize", "count", "pronounce", "replace"]
)  # fmt: skip
"""Asks whose answer is a lookup or a mechanical edit of the text given."""
_EDITS = frozenset(
    ["grammar", "typos", "typo", "spelling", "punctuation", "wording", "formatting",
     "indentation", "whitespace", "capitalisation", "capitalization", "docstring"]
)  # fmt: skip
_DEMANDING = frozenset(
    ["rhyme", "rhymes", "rhyming", "iambic", "pentameter", "syllable", "syllables", "pun", "puns", "wordplay", "alliteration", "acrostic", "lipogram", "legally", "enforceable", "enforceability", "jurisdiction", "jurisdictions", "indemnification", "liability", "metre", "meter", "scansion", "double-meaning", "register", "idioms", "idiom", "nuance", "nuances", "connotation", "connotations", "verse", "legal", "accurate", "holding", "holdings", "portmanteau", "portmanteaus", "repetition", "repetitions", "5-7-5", "ambiguity", "ambiguities", "annotate", "assonance", "cadence", "neologism", "neologisms", "archaic", "dialect", "wortspiel", "wortspiele", "reim", "reime", "versmaß", "rime", "rimes", "métrique", "rima", "rimas", "métrica", "metrica", "woordspeling", "rijm", "rijmen"]
)  # fmt: skip
"""What makes a translation or rewrite hard: form to keep (rhyme, metre, puns, wordplay,
repetitions, syllable counts), legal effect to preserve, idiom and register to carry across,
or ambiguities to annotate."""
_TRANSFORM_ASKS = frozenset(
    ["condense", "simplify", "adapt", "localise", "localize", "translate", "convert",
     "rewrite", "rephrase", "paraphrase", "reword", "redraft", "shorten", "turn", "render", "traduci",
     "traduce", "traduis", "traduisez", "traduire", "traducir", "tradurre", "übersetze",
     "übersetzen", "vertaal", "vertalen"]
)  # fmt: skip
"""Easy asks that transform the text given: hard when its form must be kept (``_DEMANDING``);
a lookup ("give me a word that rhymes with ...") stays a lookup."""
_LITERARY_FORMS = frozenset(
    ["story", "stories", "poem", "poems", "play", "scene", "sonnet", "ghazal", "villanelle",
     "sestina", "novella", "monologue", "dialogue", "script", "screenplay", "limerick",
     "haiku", "ballad", "fable", "chapter", "vignette", "narrative"]
)  # fmt: skip
_FORM_CONSTRAINTS = (" every ", " each ", " entirely ", "backwards", " reverse", "second person",
                     " also a ", " no mention", " without ", " whose ", " rules", " only ",
                     " never ", " exactly ", " in which ", " must ")  # fmt: skip
"""What a piece of creative writing is asked to obey; two or more make it a hard piece to
write ("a story told backwards in which each scene ...")."""
_EVERYDAY_FORMS = frozenset(
    ["note", "letter", "email", "e-mail", "mail", "message", "reply", "invitation", "card",
     "paragraph", "post", "caption", "toast", "text", "reminder", "thank-you", "greeting",
     "announcement", "description", "bio", "review", "apology", "excuse", "wish", "wishes"]
)  # fmt: skip
"""Everyday pieces of writing: asked for ("write a short note to my landlord", "draft a
birthday message") without an expert term, a constraint or code, a small model writes them
as well as a large one."""
_NAMINGS = frozenset(
    ["subject", "subject-line", "title", "titles", "headline", "heading", "caption", "objet",
     "titre", "titres", "intitulé", "betreff", "titel", "überschrift", "asunto", "título",
     "títulos", "titular"]
)  # fmt: skip
"""What a reader suggests for a given text without working anything out: its subject
line, title or heading ("propose a subject line for this mail": suggest one). Naming a new
thing (a club, a product) is creative work, not this."""
_EDIT_ASKS = frozenset(["fix", "add", "correct", "tidy", "clean", "insert", "update"])
"""Asks that are a mechanical edit when the request confines them to one (``_EDITS``,
``_MECHANICAL_PHRASES``)."""
_MECHANICAL_PHRASES = ("nothing else", "don't change", "do not change", "leave the rest",
                       "leave everything else", "one line is fine", "rest unverändert",
                       "rest unchanged", "reste inchangé", "resto igual", "resto sin cambios",
                       "den rest so", "le reste tel quel", "el resto como está",
                       # "sans"/"sin"/"ohne" read as "without": "sin cambiar nada más"
                       "sonst nichts", "nichts weiter", "without sonst etwas", "rien d'autre",
                       "without rien changer", "without cambiar nada", "nada más que")  # fmt: skip
"""What confines an ask to a mechanical edit ("fix the indentation, nothing else"), in the
four languages."""
_TONES = ("polite", "friendl", "formal", "informal", "courteous", "warmer", "höflich",
          "freundlich", "förmlich", "formell", "aimable", "courtois", "formel", "chaleureu",
          "educad", "amable", "cortés", "cordial")  # fmt: skip
_TONE_WORDS = frozenset(["poli", "polie", "polis", "polies", "tone", "ton", "tono"])
"""The tone or register of a text, in the four languages: what "make the above more
polite", "mach das höflicher", "rends le ton plus poli", "haz que suene más educado" change."""
_EXPLAIN_ASKS = frozenset(["explain", "describe", "discuss", "outline", "detail"])
"""Asks that are hard when they join two expert terms in a detailed request."""
_NEW = frozenset(
    ["new", "original", "neue", "neuen", "neues", "neuer", "nouveau", "nouvelle", "nouvel",
     "inédit", "inédite", "nuevo", "nueva", "inédito", "inédita"]
)  # fmt: skip
"""What an ask's object is when it is a piece of work still to make ("a new story")."""
_SELF = {
    "en": frozenset(["your", "yours", "you", "yourself"]),
    "de": frozenset(["dein", "deine", "deinen", "deinem", "deiner", "deines", "du", "dich", "dir"]),
    "fr": frozenset(["tu", "tes", "ton", "ta", "te", "vos", "votre", "vous"]),
    "es": frozenset(["tu", "tus", "tú", "has", "te", "usted"]),
}
"""Words by which a request speaks of the model's own choices ("explain your stylistic
choices", "explique comment tu as placé les indices", "qué recursos has imitado")."""
_COMMENTARY_ASKS = frozenset(["explain", "justify", "describe", "comment", "discuss"])
_EXPLANATORY = frozenset(
    [
        "causes",
        "cause",
        "reasons",
        "effects",
        "impact",
        "difference",
        "differences",
        "significance",
        "implications",
        "consequences",
        "works",
        "mechanism",
    ]
)
"""What turns a short "what ..." question into an explanation rather than a lookup."""
_PERFORMANCE = frozenset(
    [
        "fast",
        "faster",
        "quicker",
        "efficient",
        "scalable",
        "thread-safe",
        "lock-free",
        "concurrent",
        "parallel",
        "robust",
    ]
)
"""What "make it ..." asks for when it is an optimisation, not an edit."""
_ARGUMENTS = frozenset(["argument", "justification", "derivation", "bound", "counterexample"])
_LANGUAGES = frozenset(
    ["english", "spanish", "french", "german", "italian", "dutch", "portuguese", "japanese",
     "chinese", "mandarin", "korean", "arabic", "russian", "polish", "swedish", "greek",
     "turkish", "hindi", "latin"]
)  # fmt: skip
_ARRANGEMENTS = frozenset(
    ["table", "order", "list", "bullet", "bullets", "alphabetical", "columns"]
)
_TOTALS = frozenset(["sum", "total", "totals", "average", "mean"])
"""What "calculate the ..." asks for when it is arithmetic on the values given."""
_GIVEN_TEXT = frozenset(
    ["sentence", "sentences", "text", "paragraph", "line", "lines", "passage", "list"]
)
"""The text given, as the object of "write this sentence in the past tense": a rewrite."""
_GIVEN_PRONOUNS = frozenset(
    ["this", "that", "it", "these", "das", "dies", "diese", "es", "ça", "cela", "ceci", "esto",
     "eso"]
)  # fmt: skip
_NOTICES = frozenset(
    ["note", "notice", "sign", "poster", "flyer", "card", "label", "sticker", "post-it",
     "board", "whiteboard", "aushang", "zettel", "schild", "plakat", "karte", "tafel",
     "affiche", "affichette", "pancarte", "panneau", "étiquette", "carte", "cartel", "letrero",
     "aviso", "etiqueta", "tarjeta", "pizarra"]
)  # fmt: skip
"""What a given text is put up on ("write this on a sign for the door", "schreib das auf
einen Aushang", "écris ça sur une affiche", "escribe eso en un cartel"): a layout of the
words given, not a piece to compose ("write a friendly notice asking ..." is one)."""
_PREPOSITIONS = frozenset(["in", "at", "on", "from", "for", "since", "until", "to", "by",
                           "en", "à", "de", "desde", "hasta", "seit", "bis", "von", "aus"])  # fmt: skip
"""What may stand before a question word ("in which year", "desde qué IP")."""
_CLAUSE_SPLIT = re.compile(r",\s+|;\s+|\s(?:and|und|et|y|e|then|puis|dann|luego)\s")
_ASK_SPLIT = re.compile(_CLAUSE_SPLIT.pattern + r"|:\s+")
"""Clauses of a sentence for its asks: a colon also opens one ("... for this processing:
rate the likelihood, propose measures and argue ...")."""
_PHRASAL_EASY = {"pull": "out", "pick": "out", "boil": "down", "strip": "out", "jot": "down"}
"""Phrasal verbs that take items out of, or cut down, the text given: its particle within
the next few words ("boil the text above down to three bullets")."""
_REASONING_ASKS = frozenset(["explain", "justify", "argue", "refute", "rebut"])
_CLAUSES = 8
"""Clauses of one sentence read for its tasks: a request lists a few, a pasted row many."""
_BRIEF = (" briefly ", " brief ", " short ", " quick ", " one sentence", " two sentences",
          " three sentences", " one paragraph", " one line", " in a few ", " simple terms")  # fmt: skip
"""What bounds an explanation to a few lines ("in a short paragraph, explain ...")."""
_CAP_COUNTS = (
    "one|two|three|four|five|a few|a couple of|a single|a|an|[1-5]|"
    "ein|eine|einem|einer|einen|zwei|drei|vier|fünf|wenigen|ein paar|"
    "une|un|deux|trois|quatre|cinq|quelques|una|unas|dos|tres|cuatro|cinco|pocas|pocos"
)
_CAP_UNITS = (
    "sentences?|lines?|words?|bullets?|bullet points|paragraphs?|"
    "satz|sätzen?|zeilen?|wort|worten|wörtern|stichpunkten?|absatz|absätzen|"
    "phrases?|lignes?|mots?|paragraphes?|frases?|oraci(?:ón|ones)|líneas?|palabras?|párrafos?"
)
_OUTPUT_CAP = re.compile(
    r"(?:^|[.?!:;(\n]\s*|\b(?:in|within|en|using|max|maximum|höchstens|maximal|au plus|"
    r"como máximo|con|mit|no more than|at most)\s+)"
    rf"(?:{_CAP_COUNTS})\s+(?:[^\W\d]+\s+)?(?:{_CAP_UNITS})\b"
    r"|\b(?:one|two|three)-(?:line|sentence|paragraph)|\b(?:ein|zwei|drei)(?:zeil|sätzig)"
    r"|(?:^|[.?!:;(\n]\s*)un note\b"
)
_LOOSE_CAP = re.compile(
    rf"(?:,|\u2013|\u2014|\s-)\s*(?:{_CAP_COUNTS})\s+(?:[^\W\d]+\s+)?(?:{_CAP_UNITS})\b"
)
"""A bound after a comma or dash ("affect vs effect - one line"): it bounds the answer to a
request that opens no task; after "Write the ticket comment - three sentences at most" it
sizes the piece asked (``ask_features``)."""
"""An explicit bound on the answer's length, in the four languages: "in two sentences",
"Two lines.", "in one short paragraph", "in drei Sätzen", "en deux lignes", "en un párrafo
breve" — after a preposition or opening a sentence, so that "these two sentences" (the text
given) is no bound; "a two-line message", "eine zweizeilige Nachricht"; the French "Un mot."
(its "mot" read as a note, a piece of writing)."""
_CAP_UNIT_WORDS = frozenset(
    ["sentence", "sentences", "line", "lines", "word", "words", "bullet", "bullets", "points",
     "paragraph", "paragraphs", "satz", "sätze", "sätzen", "zeile", "zeilen", "wort", "worten",
     "wörtern", "stichpunkte", "stichpunkten", "absatz", "absätzen", "phrase", "phrases",
     "ligne", "lignes", "mot", "mots", "paragraphe", "paragraphes", "frase", "frases",
     "oración", "oraciones", "línea", "líneas", "palabra", "palabras", "párrafo", "párrafos",
     "note"]
)  # fmt: skip
_CAP_COMPOUNDS = ("-line", "-sentence", "-paragraph", "zeil", "sätzig")
_CAP_PHRASES = ("keep it short", "keep it brief", "be brief", "short answer", "in a nutshell",
                "fass dich briefly", "briefly und knapp", "halte es briefly", "sois bref",
                "sois brève", "soyez bref", "fais short", "en deux mots", "sé brief",
                "sea brief", "en pocas palabras")  # fmt: skip
"""Bounds without a number, as the language front end leaves them ("Fass dich kurz." reads
"fass dich briefly", "Sé breve." "sé brief")."""
"""What ``_OUTPUT_CAP`` can match: without one of these it is not searched."""
_TARGET_FORMAT = re.compile(
    r"\b(?P<to>in|into|as|to|en|como|a|al|als|zu|auf|con|daraus|sous forme d[e']|"
    r"en forma de|in form of|in the form of)\s+(?:(?:a|an|the|ein|eine|einen|un|une|una|le|la|"
    r"el|des|los|las|one|proper|clean|valid|simple)\s+)?(?:(?:file|fichier|datei|archivo)\s+)?"
    r"(?:roman numerals|römischen zahlen|römische zahlen|chiffres romains|números romanos|"
    r"digits|figures|numerals|ziffern|chiffres|cifras|números|numbers|words|worten|lettres|"
    r"letras|json|yaml|yml|csv|tsv|xml|toml|markdown|table|tabelle|tableau|tabla|"
    r"bullet points|bullets|fixture|checklist|checkliste)"
    r"|\b(?P<aus>aus)\s+(?:[^\W\d]+\s+){1,3}?(?:ein|eine|einen)\s+"
    r"(?:json|yaml|csv|xml|markdown|table|tabelle|checkliste|liste)"
)
"""The form a reshaping asks the given data or numbers to take ("as a YAML fixture", "in
Roman numerals", "en chiffres", "daraus ein JSON-Beispiel", "con números", "mach aus
dieser Mappe eine Checkliste")."""
_OPENING_QUOTES = "«\"'\u201e\u201c\u201a\u2039"
_CLOSING_QUOTES = "»\"'\u201c\u201d\u2018\u2019\u203a"
_QUOTED_FORM = re.compile(
    r"\b(?:as|in the form|in the format|als|in der form|im format|comme|sous la forme|au format|"
    rf"como|en forma de|con el formato|en el formato)\s+(?:of\s+|de\s+|d')?[{_OPENING_QUOTES}]"
)
"""A form given in quotes for the items to take ("write them as 'Surname, First name'",
"schreib sie als 'Nachname, Vorname'", "écris-les sous la forme « NOM, Prénom »",
"escríbelos como «Apellido, Nombre»"): a reformat of the text given."""
_GIVEN_QUOTE = re.compile(
    rf":\s*[{_OPENING_QUOTES}][^{_OPENING_QUOTES[:2]}{_CLOSING_QUOTES[:1]}\u201d\u203a]{{3,}}"
    rf"[{_CLOSING_QUOTES}]\W*$"
)
"""A text given in quotes after a colon, closing the sentence."""
_ARTICLES = frozenset(["a", "an", "the", "ein", "eine", "einen", "un", "une", "una", "le", "la",
                       "el", "der", "die", "das", "my", "our", "mein", "meine", "mon", "ma"])  # fmt: skip
_TOOLS = frozenset(
    ["checker", "spellchecker", "corrector", "linter", "program", "programme", "programm",
     "programa", "script", "skript", "tool", "werkzeug", "outil", "herramienta", "correcteur",
     "korrektor", "prüfer", "function", "funktion", "fonction", "función", "plugin", "bot"]
)  # fmt: skip
"""What a build ask makes when it is a tool: its easy words (grammar, spelling) name what the
tool handles, not an edit asked of the text."""
_RESHAPE_ASKS = frozenset(
    ["write", "make", "create", "turn", "put", "give", "render", "change", "organise",
     "organize", "arrange"]
)  # fmt: skip
_BUILT = frozenset(
    ["script", "program", "programme", "tool", "converter", "parser", "function", "class",
     "app", "service", "library", "module", "macro", "query", "regex", "validator", "api",
     "generator", "pipeline", "plugin", "extension", "cli"]
)  # fmt: skip
"""What "write ... to JSON" builds rather than reshapes ("write a script that turns CSV
into JSON")."""
_PLAIN_QUESTION = 24
"""Words up to which a factual question naming no expert term, constraint, code or maths
is a lookup, however many names and places it holds ("what are the opening hours of ...,
<street>, <city>, on a Sunday?")."""
_UNREAD_QUESTION = 16
"""Words up to which a plain yes/no question, or one whose verb the lists cannot read
("quelqu'un a une idée de sortie pour dimanche ?"), is a lookup; a longer one is when it
names what it asks about (a number: an address, a date, a log line), since a long open
question may ask for reasoning in words the lists do not hold."""
_SPELT = frozenset(["spelt", "spelled", "spell"])
_YES_NO = frozenset(["is", "are", "does", "do", "can", "was", "were", "did", "has", "have"])
_NUMBER_RUN = re.compile(r"[0-9]+(?:[ .,/\-][0-9]+)*")
"""A quantity, or one identifier however its digits are grouped ("TM 48 19 27 C" is one)."""
_KNOWN_VERBS = (
    _PROOF_ASKS | _PROOF_ARTEFACT_ASKS | _HARD_ASKS | _TECHNICAL_ASKS | _SOFT_ASKS | _BUILD_ASKS
    | _WHY_ASKS | _WH_ASKS | _EASY_ASKS | _EDIT_ASKS | _EXPLAIN_ASKS | _YES_NO | {"how", "show"}
)  # fmt: skip
"""The English verbs ``_judge`` knows: a word among them is not read as another language's."""
_FRONTED = 60
"""Characters up to which a phrase before a comma may stand before the main verb."""
_TASK_OPENERS = _PROOF_ASKS | _HARD_ASKS | _SOFT_ASKS | _BUILD_ASKS | _EXPLAIN_ASKS
"""Verbs that, opening a later sentence of a short prompt, make it part of the request."""
_ANY_ASK = _TASK_OPENERS | _TECHNICAL_ASKS | _PROOF_ARTEFACT_ASKS
"""Verbs that, opening the text after a colon, make it the request, not pasted text."""
_MAY_REASON = _ANY_ASK | {"how", "should", "would", "model", "edit", "flag", "review"}
"""Verbs that may open a reasoning task the rules cannot rate ("compute the fundamental
group of ...", "edit this chapter for argument structure"): ``open_task``."""
_DETAILED = 14
_SPECIFIC = 8
_DESIGN_ASKS = frozenset(["design", "architect", "implement", "build", "develop", "construct"])
"""Asks that make a new thing: an edit word among its parts ("typo tolerance", "spelling
correction of the queries") is a feature of it, not an edit asked of the text."""
_SENTENCE_SPLIT = re.compile(
    r"(?<=[.?!;])\s+|(?<=[.?!][\"»\u201c\u201d\u2019])\s+|(?<=[.?!]\s»)\s+|\n"
)


_PLURAL_ABBREVIATION = re.compile(r"(?:^|\s)(\w)\1\.$")
"""A Spanish plural abbreviation, its letter doubled ("RR. HH.", "EE. UU."): no sentence end."""


def _sentences(request: str) -> list[str]:
    """The request's sentences (split after ``. ? ! ;``, after a quotation that ends with
    one, and at line breaks; not after a doubled-letter abbreviation)."""
    pieces = [x for x in _SENTENCE_SPLIT.split(request) if x.strip()]
    if "." not in request or len(pieces) < 2:
        return pieces
    out = [pieces[0]]
    for piece in pieces[1:]:
        if _PLURAL_ABBREVIATION.search(out[-1]):
            out[-1] = out[-1] + " " + piece
        else:
            out.append(piece)
    return out


def _specification(window: str, colon: int, lang: str = "en") -> bool:
    """Whether what follows the colon specifies a reasoning ask rather than pasting text to
    work on: one short line after "Optimise my commute:", "Plan the traverse:", or the
    parts of a piece of work listed after its sentence's task verb ("Check whether the
    shop is viable: capital, legal form, risks and a sensitivity analysis")."""
    line = window.find("\n", colon)
    rest = window[colon + 1 : line if line != -1 else len(window)]
    if len(rest) > 160 or (line != -1 and len(window) - line > 40):
        return False
    words = [w for w in window[:colon].translate(_WORDS).split() if w not in _FILLERS]
    if bool(words) and (words[0] in _HARD_ASKS or words[0] in _TECHNICAL_ASKS):
        return True
    sentence = _sentences(window[:colon])
    if not sentence or len([x for x in _CLAUSE_SPLIT.split(rest) if x.strip()]) < _SCOPE_ITEMS:
        return False
    return _opens_task(sentence[-1].lstrip(), lang, _DELIVERABLE_ASKS)


def _opens_task(sentence: str, lang: str, asks: frozenset[str] = _TASK_OPENERS) -> bool:
    """Whether the sentence opens with a verb that asks for reasoning or building."""
    words = sentence.translate(_WORDS).split(None, 1)
    if not words:
        return False
    verb = words[0]
    if lang != "en" and verb not in _KNOWN_VERBS:
        verb = task_verb(verb, lang) or verb
    return verb in asks


_HEAD = 300
"""Characters of the prompt's start read as its instruction."""
_TASK_PARAGRAPH = 600
"""Characters up to which the prompt's last paragraph is read whole as a request."""
_COLON_TASK = 400
"""Characters up to which the rest of a line after a colon is read as the request when it
opens with a task verb ("Emma Bovary, Julien Sorel : compare ...")."""
_PASTE = 600
"""Characters of window beyond which an easy ask is about pasted text."""


def _request_parts(window: str, lang: str = "en") -> list[str]:
    """The instruction in the prompt: its start, up to a colon that introduces pasted text
    ("Translate these notes into Italian: ..."), and its last sentence when a long prompt
    ends with a question after pasted context; in a short prompt, also a closing question
    and the sentences after the colon that open with a task verb ("Unter uns: <case>.
    Bewerte den Fall gründlich ...")."""
    head = window[:_HEAD]
    colon = head.find(":")
    if colon != -1 and len(window) - colon > 40 and not _specification(window, colon, lang):
        head = head[:colon]
    parts = [head]
    # a head that asks nothing ("A £15,000 loan at 7.9 %:", "Ein Anbieter behauptet:") sets
    # the scene: an ask in a later clause after it is the request, not pasted text
    scene = len(head) < len(window) and _clause_verb(head, lang) not in _EASY_ASKS
    if len(head) < len(window):  # "Review this lease: find the clauses that ..., explain ..."
        line = window.find("\n", len(head))
        rest = window[len(head) + 1 : line if line != -1 else len(window)].strip()
        # "Analyse this log: which services stand out, and how would you test each cause?"
        # above a long paste (a short prompt's closing question is read whole below)
        question = rest.endswith("?") and len(window) > _TASK_PARAGRAPH
        # "Le Louvre, rue de Rivoli, 75001 Paris : quelle entrée prendre ... ?": a short
        # prompt whose whole rest after the scene is one question asks that question
        # (a colon before a space: "host:/path" is part of a token), unless the scene bounds
        # the answer ("In one short paragraph: ...?")
        question = question or (
            rest.endswith("?")
            and line == -1
            and window[len(head) + 1 : len(head) + 2].isspace()
            and len(_sentences(rest)) == 1
            and _OUTPUT_CAP.search(head) is None
            and not any(b in f" {head} " for b in _BRIEF)
        )
        asks = scene and (_clause_asks(rest, lang) or question)
        if len(rest) <= _COLON_TASK and (_opens_task(rest, lang, _ANY_ASK) or asks):
            parts.append(rest)
    if len(head) < len(window) <= _TASK_PARAGRAPH:  # "... : <value>. Where does it go?"
        tail = _sentences(window[len(head) :])
        if len(tail) > 1 and (tail[-1].rstrip().endswith("?") or _QUOTED_FORM.search(tail[-1])):
            parts.append(tail[-1])  # "... : <names>. List them as 'Surname, First name'."
        parts += [t for t in tail[1:] if _opens_task(t, lang) or (scene and _clause_asks(t, lang))]
    last = window.rfind("\n\n", 0, len(window.rstrip()))
    paragraph = window[last:].strip() if last > 0 else ""
    if paragraph and len(paragraph) <= _TASK_PARAGRAPH and paragraph not in head:
        parts.append(paragraph)  # a task appended after the case or text it is about
    elif len(window) > 600:
        tail = _sentences(window[-300:])
        if tail:
            parts.append(tail[-1])
    return parts


def _clause_asks(text: str, lang: str) -> bool:
    """A later clause of ``text`` opens with an analysis (``_ANALYTIC_ASKS``), whatever
    opens the first: "Zerleg die Aussage und bau dann eine Rechnung auf", "desmonta la
    afirmación y reconstruye el cálculo", a quoted claim and then "... und analysiere ...".
    A verb the lexicon lacks must not hide the ask beside it."""
    clauses = _ASK_SPLIT.split(text)
    return any(_clause_verb(c, lang) in _ANALYTIC_ASKS for c in clauses[1:_CLAUSES])


@dataclass(frozen=True, slots=True)
class _Request:
    """What the instruction part of a prompt holds (see ``_request_parts``)."""

    words: int
    domain: int
    constraint: bool
    reasoning: bool
    code: bool
    digits: bool
    editing: bool
    text: str
    demanding: bool = False
    numbers: int = 0
    math: bool = False
    lang: str = "en"


def _judge(sentence: str, r: _Request) -> str:
    """ "hard", "easy" or "" for one sentence of the request, from its main verb."""
    sw = [w.rstrip(".") for w in sentence.translate(_WORDS).split()]
    i = 0
    while i < len(sw) and sw[i] in _FILLERS:
        i += 1
    if i == len(sw):
        return ""
    if sw[i].endswith("ly") and i + 1 < len(sw):  # "formally verify", "carefully derive"
        i += 1
    verb = sw[i]
    if r.lang != "en" and verb not in _KNOWN_VERBS:  # "übersetzen Sie", "traduzca", "mets"
        verb = task_verb(verb, r.lang) or verb
    comma = sentence.find(", ")
    if verb not in _KNOWN_VERBS and 0 < comma < _FRONTED:  # "Based on this case, design ..."
        after = _judge(sentence[comma + 2 :], r)
        if after:
            return after
    nxt = sw[i + 1] if i + 1 < len(sw) else ""
    if i and sw[i - 1] in _YES_NO and sw[0] == sw[i - 1]:  # "can dogs eat grapes?"
        verb, nxt = sw[0], sw[1]
    if verb in _PREPOSITIONS and nxt in _WH_ASKS:  # "in which year", "desde qué IP"
        i += 1
        verb, nxt = nxt, (sw[i + 1] if i + 1 < len(sw) else "")
    if verb == "add" and nxt == "up":  # "add up these expenses"
        verb = "count"
    if verb in ("calculate", "compute") and not _TOTALS.isdisjoint(sw[i + 1 : i + 4]):
        verb = "count"  # "calculate the sum of the amounts"
    if (
        verb == "write"
        and nxt in ("this", "these")
        and not _GIVEN_TEXT.isdisjoint(sw[i + 2 : i + 3])
    ):
        verb = "rewrite"  # "write this sentence in the past tense"
    if verb == "put" and not _ARRANGEMENTS.isdisjoint(sw[i + 1 : i + 10]):  # "put ... in a table"
        verb = "format"
    if verb in ("write", "put") and nxt in _GIVEN_PRONOUNS:
        medium = [w for w in sw[i + 2 : i + 10] if w not in _FILLERS][:5]
        if not _NOTICES.isdisjoint(medium):  # "write this on a small sign for the door"
            verb = "format"
    if verb == "render" and "into" in sw:  # "render this page into Spanish"
        verb = "translate"
    if verb == "write" and r.editing and nxt not in _ARTICLES and _GIVEN_QUOTE.search(sentence):
        verb = "correct"  # "write with correct capitalisation: '<text>'", not "write a ..."
    if (verb in _RESHAPE_ASKS or verb == "list") and _QUOTED_FORM.search(sentence):
        verb = "convert" if not r.code and _BUILT.isdisjoint(sw) else verb
    target = _TARGET_FORMAT.search(sentence) if verb in _RESHAPE_ASKS else None
    # "write these years in Roman numerals", "write that as a YAML fixture"; the Spanish
    # "a" ("pasa lo anterior a una tabla") is an English article
    preposition = r.lang == "es" or (target is not None and target.group("to") not in ("a", "al"))
    if target and preposition and not r.code and _BUILT.isdisjoint(sw):
        verb = "convert"
    quoted = verb == "say" or (verb == "write" and ("'" in sentence or '"' in sentence))
    if quoted and len(sw) - i <= 8 and not _LANGUAGES.isdisjoint(sw[i + 2 :]):
        verb = "translate"  # "write 'Happy Birthday' in Spanish", "say thanks in Dutch"
    if verb == "how" and nxt in ("would", "should") and "you" in sw:
        verb = "design"  # "how would you shard ..." asks for a design
    if verb == "walk" and "through" in sw[i + 1 : i + 3]:  # "walk me through ..."
        verb = "analyse"
    if verb == "take" and "apart" in sw[i + 1 : i + 6]:  # "take the claim apart"
        verb = "analyse"
    if verb in ("work", "lay", "speed", "figure") and nxt in ("out", "up"):  # phrasal verbs
        verb = {"work": "solve", "lay": "design", "speed": "optimise", "figure": "diagnose"}[verb]
    # "outline a new short mystery", "skizziere eine neue Geschichte": a new piece of work
    # to plan, not a text to explain ("short" sizes the piece, not the answer)
    if verb in _EXPLAIN_ASKS and not _NEW.isdisjoint(sw[i + 1 : i + 4]):
        verb = "draft"
    if verb in _PHRASAL_EASY and _PHRASAL_EASY[verb] in sw[i + 1 : i + 6]:
        verb = "extract"  # "pull out every date", "boil the text above down to ..."
    if verb == "make" and " out of th" in sentence and not r.code and _BUILT.isdisjoint(sw):
        verb = "convert"  # "make a CSV out of this table"
    if verb == "make" and not _PERFORMANCE.isdisjoint(sw):  # "make it thread-safe"
        verb = "optimise"
    # "Formuliere das als ganzzahliges Programm", "rewrite the rota as a linear program":
    # restating a problem as a mathematical program is building a model, no rewording
    if verb in _RESTATE_ASKS and _count(sentence, _FORMALISMS_G):
        verb = "formulate"
    # "propose a short subject line for this message", "propose un titre": a heading for
    # a text is suggested, not a plan proposed
    naming = verb == "propose" and not _NAMINGS.isdisjoint(sw[i + 1 : i + 5])
    if naming and not (r.domain or r.code or r.math or r.constraint):
        return "easy"
    if verb in _LIGHT_VERBS and not (verb == "do" and sentence.rstrip().endswith("?")):
        verb = _analysis_asked(sw[i + 1 : i + 1 + _NAMED_WITHIN]) or verb  # "do the threat model"
    # "design the search: ranking, typo tolerance, ...": a part of the thing to build that
    # names an edit (typos, spelling) makes no edit of the request
    editing = r.editing and verb not in _DESIGN_ASKS
    specific = r.words >= _SPECIFIC or r.digits or r.domain or r.constraint or r.code
    technical = r.domain or r.constraint or r.code
    detailed = r.words >= _DETAILED or "in depth" in r.text or "in detail" in r.text
    literary = verb in _BUILD_ASKS and not _LITERARY_FORMS.isdisjoint(sw)
    padded = f" {sentence} "
    clauses = _ASK_SPLIT.split(sentence)
    hard = (
        (verb in _TRANSFORM_ASKS and r.demanding)  # "translate this sonnet keeping the rhyme"
        or (literary and sum(c in padded for c in _FORM_CONSTRAINTS) >= 2)
        or (
            r.numbers >= 3
            and r.domain > 0
            and (verb in _WH_ASKS or verb in _YES_NO or verb == "how")
        )
        or (verb == "explain" and ("why" in sw or "exactly" in sw) and (r.domain > 0 or r.code))
        or verb in _PROOF_ASKS
        or not _PROOF_ASKS.isdisjoint(sw)  # "... and prove you found them all"
        or (verb == "show" and (nxt == "that" or bool(r.domain)))
        or (verb in _PROOF_ARTEFACT_ASKS and "proof" in sw)
        or (verb in _HARD_ASKS and specific and not editing)
        or (verb in _TECHNICAL_ASKS and technical and not editing)
        or (verb in _SOFT_ASKS and (detailed or (r.domain > 0 and r.constraint)))
        or (
            verb in _BUILD_ASKS
            and (r.domain >= 2 or (r.domain > 0 and (r.words >= 12 or r.constraint)))
        )
        or (verb in _WHY_ASKS and (r.domain > 0 or r.code or r.math))
        or (verb in _PROOF_ARTEFACT_ASKS and not _ARGUMENTS.isdisjoint(sw) and r.constraint)
        or (verb in _PROOF_ARTEFACT_ASKS and "counterexample" in sw)
        or ("why" in sw and sentence.rstrip().endswith("?") and (r.domain > 0 or r.code))
        or (sentence.rstrip().endswith("?") and r.domain >= 2 and r.words >= _SPECIFIC)
        or (verb in _EXPLAIN_ASKS and r.domain >= 2 and r.words >= 12)
        or sentence.count(" then ") + sentence.count(",then") >= 2  # ", then" holds " then "
        or (
            not _ARGUMENTS.isdisjoint(sw)
            and (verb in _BUILD_ASKS or verb in _PROOF_ARTEFACT_ASKS)
            and detailed
        )  # "build a careful argument, citing ..., and anticipate the objections"
        or _many_asks(clauses, r.lang)
        or (verb in _DELIVERABLE_ASKS and _deliverables(sentence, r.text))
    )
    if hard:
        return "hard"
    second = _second_ask(clauses, r, verb)
    if second:
        return second
    if r.editing and verb in _EDIT_ASKS:  # "fix the indentation, nothing else"
        return "easy"
    # "make the above read more politely, nothing else", "haz que suene más educado, sin
    # cambiar nada más": a change of tone the request confines to that is a rewrite
    if (
        verb == "make"
        and not (r.domain or r.code or r.math or r.reasoning)
        and any(w.startswith(_TONES) or w in _TONE_WORDS for w in sw[i + 1 :])
        and any(p in r.text for p in _MECHANICAL_PHRASES)
    ):
        return "easy"
    if r.reasoning:
        return ""
    short_question = verb in _WH_ASKS or (verb == "how" and nxt in _HOW_QUANTITY)
    plain = not (r.domain or r.constraint or r.code or r.math)
    # "We have 40 singers and 6 rooms.": a statement, no yes/no question, unless asked so
    yes_no = verb in _YES_NO and (i == 0 or sentence.rstrip().endswith("?"))
    short_question = short_question or (yes_no and r.words <= 10 and not r.domain)
    # a longer yes/no question is a lookup about what it gives (a log line, an address, a
    # date: "Is Cologne Cathedral, Domkloster 4, open on Sundays and can you climb the
    # tower?"), not an open question
    concrete = r.words <= _UNREAD_QUESTION or r.digits
    short_question = short_question or (yes_no and plain and concrete)
    # "is 'exhausto' spelt with or without an h?": a spelling question bounds nothing
    spelling = r.words <= 12 and not r.domain and not _SPELT.isdisjoint(sw)
    short_question = short_question and (not r.constraint or spelling)
    short_question = short_question and _EXPLANATORY.isdisjoint(sw)
    brief = any(b in padded for b in _BRIEF)
    unknown = verb not in _KNOWN_VERBS and verb not in _OPEN_ASKS
    easy = (
        (short_question and r.words <= 12 and r.domain <= 1)
        or (short_question and min(r.words, len(sw)) <= _PLAIN_QUESTION and plain)
        or (verb in _EXPLAIN_ASKS and brief and plain)
        or (verb in _EASY_ASKS and not r.domain)
        or (
            unknown
            and sentence.rstrip().endswith("?")
            and concrete
            and r.words <= _PLAIN_QUESTION
            and plain
            and _EXPLANATORY.isdisjoint(sw)
        )  # a plain question the lists cannot read ("quelqu'un a une idée de sortie ?")
        or (
            verb in _BUILD_ASKS and not _ARRANGEMENTS.isdisjoint(sw[i + 1 : i + 5]) and plain
        )  # "make a small table of these numbers"
        or (verb == "make" and nxt in ("this", "it", "these") and not r.domain)
        or ((verb == "define" or ("mean" in sw and verb in _WH_ASKS)) and r.domain <= 1)
        or (
            verb in _BUILD_ASKS
            and not _EVERYDAY_FORMS.isdisjoint(sw[i + 1 : i + 6])
            and not (r.domain or r.constraint or r.code or r.math)
        )
    )
    return "easy" if easy else ""


_DELIVERABLE_ASKS = _TASK_OPENERS | _TECHNICAL_ASKS | {"check", "write"}
"""Verbs that open a piece of work whose parts a request may list."""
_DELIVERABLE_MARKS = (
    "justif", "begründ", "compar", "vergleich", "recommend", "recommand", "empfehl",
    "empfiehl", "recomiend", "recomend", "argu", "counterargument", "counter-argument",
    "thesis", "thèse", "tesis", "sensitiv", "sensibilit", "hypoth", "hipótesis",
)  # fmt: skip
"""What asks a listed piece of work to be argued rather than filled in, in four languages:
a justification of each decision, a comparison, a recommendation, a thesis with
counterarguments, a sensitivity analysis, competing hypotheses."""
_SCOPE_ITEMS = 3


_CHECKS = frozenset(["gaps"])


def _deliverables(sentence: str, request: str) -> bool:
    """A piece of work whose parts the request lists — at least three, after a colon, in
    parentheses or as the sentence's own list ("Plan the rotation over eight years: legume
    share, nitrogen balance, weeds and marketing, each decision justified"; "Model the
    cellar (humidity, temperature, labour) and compare three strategies") — and that it
    asks to be argued (``_DELIVERABLE_MARKS``): a multi-part analysis, hard whatever its
    field."""
    colon = sentence.find(":")
    opening = sentence.find("(")
    if colon != -1:
        scope = sentence[colon + 1 :]
    elif opening != -1:
        scope = sentence[opening + 1 : sentence.find(")", opening) % (len(sentence) + 1)]
    else:
        scope = sentence
    items = [x for x in _CLAUSE_SPLIT.split(scope) if x.strip()]
    if len(items) < _SCOPE_ITEMS:
        return False
    # a check of what a case lacks or gets wrong is asked of a note or a reply, not a
    # piece of work whose parts are argued
    return any(mark in request for mark in _DELIVERABLE_MARKS) or bool(demands(request) - _CHECKS)


_ANALYTIC_ASKS = _HARD_ASKS | _SOFT_ASKS | _PROOF_ASKS
_REASONED_ASKS = _EXPLAIN_ASKS | _REASONING_ASKS


def _clause_verb(clause: str, lang: str) -> str:
    """The ask that opens a clause ("" when none): its first word past the fillers, read in
    ``lang``; for German also its last (an infinitive asks last)."""
    words = [w for w in clause.translate(_WORDS).split() if w not in _FILLERS]
    if not words:
        return ""
    for word in (words[0], words[-1]) if lang == "de" else (words[0],):
        verb = word if lang == "en" or word in _KNOWN_VERBS else task_verb(word, lang) or word
        if verb in _KNOWN_VERBS:
            return verb
    return ""


def _second_ask(clauses: list[str], r: _Request, first: str) -> str:
    """What a later ask of a sentence (its ``clauses``, ``_ASK_SPLIT``) makes of it: "hard"
    when it is an analysis the rules rate hard on its own ("summarise the study and critique
    its methodology"), "reasoned" when it asks for an explanation beside a mechanical task
    ("rewrite the opening as a tabloid story and explain what is lost"): no lookup then,
    whatever the first verb."""
    # "In a short paragraph, explain ...": the clause after a fronted phrase is the main ask
    start = 2 if first in _PREPOSITIONS else 1
    if len(clauses) <= start:
        return ""
    reasoned = ""
    # "write a new scene in the style of ..., then explain your stylistic choices": a piece
    # written and a commentary on how it was made, not a text and a note on it
    crafted = first in _BUILD_ASKS and _EVERYDAY_FORMS.isdisjoint(_words(clauses[0]))
    for clause in clauses[start:_CLAUSES]:
        verb = _clause_verb(clause, r.lang)
        if not verb or verb == first:
            continue
        commentary = crafted and verb in _COMMENTARY_ASKS
        if commentary and not _SELF.get(r.lang, _SELF["en"]).isdisjoint(_words(clause)):
            return "hard"
        # an analysis that is hard on its own; a justification or comparison beside a
        # classification ("... and justify the choice in two sentences") is not
        if verb in _HARD_ASKS | _PROOF_ASKS and _judge(clause.strip(), r) == "hard":
            return "hard"
        if verb in _REASONED_ASKS or verb in _ANALYTIC_ASKS:
            reasoned = "reasoned"
    return reasoned


_LIGHT_VERBS = frozenset(["make", "do", "perform", "conduct", "carry"])
"""Verbs that ask for the analysis their object names ("do the threat model", "carry out a
risk assessment", "fais l'analyse", "führe eine Risikoanalyse durch", "haz una auditoría")."""
_ANALYSES = (
    ("threat model", "analyse"), ("bedrohungsmodell", "analyse"), ("modèle de menace", "analyse"),
    ("modelo de amenaza", "analyse"), ("risk assessment", "analyse"), ("risikobewertung", "analyse"),
    ("évaluation des risques", "analyse"), ("evaluación de riesgos", "analyse"), ("analys", "analyse"), ("análisis", "analyse"),
    ("analyze", "analyse"), ("audit", "audit"), ("diagnos", "diagnose"),
    ("diagnóstico", "diagnose"), ("assessment", "evaluate"), ("bewertung", "evaluate"),
    ("évaluation", "evaluate"), ("evaluación", "evaluate"), ("summary", "summarize"),
    ("folgenabschätzung", "evaluate"), ("étude d'impact", "evaluate"),
)  # fmt: skip
"""The analyses a light verb may ask for, by a part of their name in the four languages, and
the ask each one is; a summary ("haz un resumen", "fais un résumé", "make a summary": the
four languages' words read as "summary") is one to write. Not an estimate, a forecast or a comparison: "do a quick estimate of the
paint I need", "make a comparison table of these phones" are everyday asks."""


_NAMED_WITHIN = 7
"""Words after a light verb read for the analysis it names: its name may follow an article
and a few modifiers ("do a proper data protection impact assessment")."""


def _analysis_asked(following: list[str]) -> str | None:
    """The ask that the analysis named in the words after a light verb is, if one is."""
    text = " ".join(following)
    return next((ask for name, ask in _ANALYSES if name in text), None)


_WHETHER = frozenset(["whether", "if", "ob", "si"])
_OR = frozenset(["or", "oder", "ou", "o"])
_BETTER = frozenset(
    ["more", "better", "less", "cheaper", "faster", "worse", "lower", "higher", "shorter",
     "mehr", "besser", "weniger", "günstiger", "schneller", "stärker", "kürzer", "billiger",
     "höher", "niedriger", "eher", "plus", "mieux", "davantage", "moins", "más", "mejor",
     "menos", "peor"]
)  # fmt: skip
"""Comparatives that ask which option does better."""


_FIND_OUT = frozenset(["check", "determine", "verify", "investigate", "test", "assess",
                       "evaluate", "examine", "work", "figure", "find"])  # fmt: skip
"""Asks to find something out: "check whether A or B ...", not "tell me if A or B ..."."""


def _weighs_options(words: list[str], lang: str, before: str = "") -> bool:
    """A clause that asks to find out which of two options does better ("check whether a
    fourth lift or longer hours help more", "prüfe, ob A oder B mehr bringt", "vérifie si A
    ou B apporte davantage", "comprueba si A o B ayuda más"; or the clause after the verb's
    comma, "..., ob A oder B mehr bringt", ``before`` the word opening the clause before):
    a comparison, whatever its verb. Asked to be told ("tell me if the bus or the train is
    faster", "sag mir, ob ..."), it is a lookup."""
    if len(words) > 1 and words[1] in _WHETHER:
        opens, verb = 1, words[0]
    elif words and words[0] in _WHETHER:
        opens, verb = 0, before
    else:
        return False
    if (verb if lang == "en" else task_verb(verb, lang) or verb) not in _FIND_OUT:
        return False
    rest = [w.rstrip(".") for w in words[opens + 1 :]]
    return not _OR.isdisjoint(rest) and not _BETTER.isdisjoint(rest)


def _many_asks(clauses: list[str], lang: str) -> bool:
    """Three or more tasks asked in one sentence (its ``clauses``, ``_ASK_SPLIT``), one of
    them an explanation or argument ("find the clauses that contradict, explain each and
    redraft the worst three"): a request with several deliverables, hard whatever its
    words."""
    if len(clauses) < 3:
        return False
    asks = set()
    before = ""
    for clause in clauses[:_CLAUSES]:
        words = [w for w in clause.translate(_WORDS).split() if w not in _FILLERS]
        if not words:
            continue
        if _weighs_options(words, lang, before):  # "check whether A or B helps more"
            asks.add("compare")
            continue
        before = words[0]
        # German puts an infinitive ask last ("Gegenmaßnahmen ableiten"), the others first
        candidates = (words[0], words[-1]) if lang == "de" else (words[0],)
        for verb in candidates:
            if lang != "en" and verb not in _KNOWN_VERBS:
                verb = task_verb(verb, lang) or verb
            if verb in _KNOWN_VERBS and verb not in _WH_ASKS and verb not in _YES_NO:
                asks.add(verb)
                break
    return len(asks) >= 3 and not asks.isdisjoint(_REASONING_ASKS | _SOFT_ASKS | _HARD_ASKS)


_MODALS = frozenset(
    ["should", "would", "could", "might", "könnte", "könnten", "würde", "würdest", "würden",
     "sollte", "solltest", "sollten", "pourrait", "pourraient", "pourrais", "devrais",
     "devrait", "devrions", "faudrait", "ferais", "podría", "podrían", "debería", "deberías",
     "deberíamos", "deberían", "harías", "mirarías", "elegirías", "cambiarías"]
)  # fmt: skip
"""Advice and conjecture asked in a question ("what could explain it", "how should I
sequence the offers", "welche Daten würdest du ansehen", "qué mirarías primero")."""
_QUESTION_WORDS = frozenset(
    ["what", "which", "how", "where", "why", "when", "who", "wie", "wo", "warum", "wann", "wer",
     "welche", "comment", "où", "pourquoi", "quand", "quel", "quelle", "cómo", "dónde",
     "cuándo", "cuál", "qué"]
)  # fmt: skip


_CONJUNCTIONS = frozenset(["and", "und", "et", "y", "e", "then", "puis", "dann", "luego"])


def _first_word(clause: str) -> str:
    """The clause's first word past a conjunction (", und wo ..." splits before "und")."""
    words = clause.split(None, 2)
    if words and words[0] in _CONJUNCTIONS:
        words = words[1:]
    return words[0] if words else ""


_MECHANISM = frozenset(["how", "why", "wie", "warum", "comment", "pourquoi", "cómo"])
"""Question words that ask how or why, not which fact."""


def _judgement(sentences: list[str]) -> bool:
    """Asks for advice or conjecture (``_MODALS``): two of them, or three open questions in
    one sentence with a modal or a how / why among them ("How should I sequence the offers,
    what should I reveal to whom, and where is my walk-away price?", "What could explain it,
    and what data would you look at first?", "Quelle interaction attendre, comment se
    verra-t-elle et comment ajuster la dose ?"): a judgement to reason out, not a lookup
    ("Who wrote Hamlet, when and where?" is three lookups). A modal opening its sentence is
    politeness ("Could you ...") and does not count. One modal with a "why" in a question
    ("Which team should own this, and why?", "Quel service devrait traiter ça et pourquoi ?")
    asks for a choice and the reasons for it: a judgement too."""
    modals = 0
    for sentence in sentences:
        words = _words(sentence)
        here = sum(1 for w in words[1:] if w in _MODALS)
        if here and "why" in words and sentence.rstrip().endswith("?"):
            return True  # "which team should own this, and why?": a choice to argue for
        if here or not _MECHANISM.isdisjoint(words):
            firsts = [_first_word(c) for c in _ASK_SPLIT.split(sentence)]
            asked = [w for w in firsts if w in _QUESTION_WORDS]
            if len(asked) >= 3 and (here or not _MECHANISM.isdisjoint(asked)):
                return True
        modals += here
    return modals >= 2


_DEMANDS_HARD = 2
"""Distinct reasoning demands (``demands``: a justification, alternatives, assumptions,
scenarios, a ranking by expected harm, trade-offs ...) from which a request is hard, in any
field and language, whatever its verb and whatever text stands before it."""


_PRODUCE_ASKS = _BUILD_ASKS | frozenset(
    ["plan", "design", "model", "prepare", "outline", "propose", "construct", "formulate"]
)
"""Verbs that ask for a piece of work: with a demand it must show (a justification,
scenarios, assumptions ...) in a detailed request, a piece of work to argue out."""


def _produces(request: list[str], lang: str) -> bool:
    """A sentence of the request opens with a verb that asks for a piece of work
    (``_PRODUCE_ASKS``) and holds at least ``_DETAILED`` words."""
    for part in request:
        for sentence in _sentences(part):
            words = sentence.split()
            if len(words) >= _DETAILED and _opens_task(sentence.lstrip(), lang, _PRODUCE_ASKS):
                return True
    return False


def _capped(request: str, cap: re.Pattern[str] = _OUTPUT_CAP) -> bool:
    """An answer bounded to a few sentences, lines or words (``_OUTPUT_CAP``) about at most
    one expert term, with no code, maths or reasoning word ("design", "optimise", "plan"):
    the bound, not the topic, sets the work."""
    if "`" in request:
        return False
    vocab = {w.rstrip(".") for w in _words(request)}
    phrased = any(p in request for p in _CAP_PHRASES)
    unit = not vocab.isdisjoint(_CAP_UNIT_WORDS) or any(c in request for c in _CAP_COMPOUNDS)
    if not (phrased or unit):
        return False  # no unit to bound the answer in: the pattern cannot match
    # code: two of its words ("from" alone is prose) or one of its marks
    code = len(vocab & _CODE_WORDS) > 1 or any(m in request for m in _CODE_MARKS)
    if code or not vocab.isdisjoint(_MATH_WORDS):
        return False
    if not vocab.isdisjoint(_REASON_WORDS) or len(vocab & _DOMAIN_WORDS) > 1:
        return False
    return phrased or cap.search(request) is not None


_WITHOUT = frozenset(["without"])


def _short_question(part: str, words: int) -> bool:
    """One question of at most ``_UNREAD_QUESTION`` words, with no code or maths mark."""
    return (
        words <= _UNREAD_QUESTION
        and part.rstrip().endswith("?")
        and part.count("?") == 1
        and not any(m in part for m in _CODE_MARKS)
        and "`" not in part
    )


def ask_features(window: str, lang: str = "en") -> tuple[float, float, float, float, float]:
    """(hard_ask, easy_ask, open_task, demand, unread), each 0 or 1, from the instruction's
    main verb and what the request asks the answer to show (``demands``).

    hard_ask: a proof or derivation is asked ("prove", "derive", "show that", "give a
    proof"); or a design, plan, optimisation or diagnosis with a specific request (at least
    ``_SPECIFIC`` words, a number, an expert term or a constraint); or a comparison or
    assessment in detail; or something to build that names expert terms; or a "why"
    question about an expert topic; or a question with two expert terms. easy_ask: a short
    factual question (what, which, who, when, where, how much / many) or a lookup or
    mechanical edit (translate, convert, rename, format, summarise, suggest ...) whose
    instruction names no expert term and asks for no reasoning. open_task: a sentence of
    the request opens with a verb that asks for reasoning or building that the rules could
    not rate hard or easy (a trained model must not move such a prompt to the small model).
    Two distinct demands (a justification and alternatives, assumptions and scenarios ...)
    make the request hard; one that is not ``demands.WEAK`` makes it no lookup (demand: it
    is never easy), and an explicit bound on the answer ("in two sentences") with none makes
    a question easy (``_capped``). unread: the easy words of the prompt set no level, since
    a sentence of the request opens a task the rules could not rate beside the one they read
    as easy ("Rewrite this argument for policymakers: explain how you would preserve every
    claim ..."), or what it builds is a tool ("write a grammar checker"), whatever edit it
    names. "At length": ``_DETAILED`` words or more ("Translate 'thank you'. Explain what 'de
    nada' means." stays a lookup).
    """
    hard = easy = unsure = opened = demanded = reasoned = unread = False
    request = _request_parts(window, lang)
    # the start of a long prompt, cut by the window mid-sentence: the cut sentence's first
    # clauses may be an easy sort ("Ordne jede Angabe Zweck und Rechtsgrundlage zu, zeig,
    # wo ...") that its lost ones make hard, so it may read hard but not easy
    cut = len(window) > _HEAD and request[0] == window[:_HEAD] and window[_HEAD - 1] not in ".?!\n"
    for n, part in enumerate(request):
        words = part.translate(_WORDS).split()
        bare = [w.rstrip(".") for w in words]
        vocab = set(bare)
        domain = len(vocab & _DOMAIN_WORDS) + _count(part, _FORMALISMS_G)
        bounds = vocab & _CONSTRAINT_WORDS
        # "a recipe for bread without yeast?", "une recette sans pruneaux ?": in a short
        # everyday question "without" names what the thing lacks, not a bound on a task;
        # "how do I tell the team without giving the reason?" asks a way under that bound
        if (
            bounds == _WITHOUT
            and not domain
            and _MECHANISM.isdisjoint(vocab)
            and _short_question(part, len(bare))
        ):
            bounds = set()
        constraint = (
            bool(bounds)
            or _count(part, _CONSTRAINT_PHRASES_G) > 0
            or _count(part, _REQUEST_CONSTRAINT_PHRASES_G) > 0
        )
        reasons = vocab & _REASON_WORDS
        if "bound" in reasons and _destinations(part) >= bare.count("bound"):
            reasons = reasons - {"bound"}  # "the next train bound for Lyon"
        reasoning = (
            bool(reasons)
            or _count(part, _REASON_PHRASES_G) > 0
            or _count(part, _REQUEST_REASON_PHRASES_G) > 0
        )
        named = vocab & _CODE_WORDS
        # "wrote from accounts": one code word that is also an English word is no code
        code = len(named) > 1 or bool(named - _ENGLISH_CODE_WORDS) or "`" in part
        digits = any(c.isdigit() for c in part)
        editing = not vocab.isdisjoint(_EDITS)  # "fix the grammar", "correct the typos"
        # "fix the layout of this address block", not of a page's code
        editing = editing or (
            "layout" in vocab and not code and not domain and not vocab.isdisjoint(_EDIT_ASKS)
        )
        editing = editing or any(p in part for p in _MECHANICAL_PHRASES)
        if _count(part, _PROOF_PHRASES_G) > 0:
            hard = True
        parts = {p for w in vocab if "-" in w for p in w.split("-")}  # "pun-heavy"
        demanding = not vocab.isdisjoint(_DEMANDING) or not parts.isdisjoint(_DEMANDING)
        demanding = demanding or _count(part, _DEMANDING_PHRASES_G) > 0
        numbers = len(_NUMBER_RUN.findall(part)) if digits else 0
        if _count(part, _DIAGNOSIS_PHRASES_G) > 0 and (domain or code or constraint or "=" in part):
            hard = True
        facts = _Request(
            len(bare),
            domain,
            constraint,
            reasoning,
            code,
            digits,
            editing,
            part,
            demanding,
            numbers,
            not vocab.isdisjoint(_MATH_WORDS) or "^" in part,
            lang,
        )
        said = _sentences(part)
        for sentence in said:
            verdict = _judge(sentence, facts)
            if verdict == "easy" and cut and n == 0 and sentence is said[-1]:
                verdict = ""
            hard = hard or verdict == "hard"
            easy = easy or verdict == "easy"
            reasoned = reasoned or verdict == "reasoned"
            # "Is grade inflation a collective action problem? Argue with a formal model.":
            # a reasoning task the rules cannot rate keeps the lookup beside it from the
            # small model
            unsure = unsure or (not verdict and _opens_task(sentence.lstrip(), lang))
            # ... and one of them specified at length beside an easy ask: "Rewrite this
            # argument: explain how you would preserve every quantitative claim while ..."
            detailed = len(sentence.split()) >= _DETAILED
            unread = unread or (not verdict and detailed and _opens_task(sentence.lstrip(), lang))
            opened = opened or (not verdict and _opens_task(sentence.lstrip(), lang, _MAY_REASON))
    if not hard:
        joined = "\n".join(request)
        asked = demands(joined)
        short = len(window) <= _TASK_PARAGRAPH
        if len(asked) < _DEMANDS_HARD and not easy and short:
            asked = demands(window)  # "... : <the parts>, and defend each decision ..."
        sentences = dict.fromkeys(x for part in request for x in _sentences(part))
        if _judgement(list(sentences)):  # a sentence in two parts counts once
            asked |= {"judgement"}  # "what could explain it, and what would you check first?"
        if appraises_argument(joined, window):  # "<a claim and its reason>. Convincing?"
            asked |= {"appraisal"}
        hard = len(asked) >= _DEMANDS_HARD
        # "Prepare a twelve-week marathon plan for ..., justifying every choice"
        hard = hard or (not asked <= WEAK and _produces(request, lang))
        # "Kurz: wer war ...? Höchstens drei Sätze."
        if not hard and asked <= WEAK:
            bounded = window if short else joined
            capped = _capped(bounded) or (
                not (opened or unsure or reasoned or easy) and _capped(bounded, _LOOSE_CAP)
            )
            if capped:
                easy, unsure, reasoned = True, False, False
        demanded = reasoned or not asked <= WEAK
    if hard:
        return 1.0, 0.0, 0.0, 0.0, 0.0
    lookup = easy and not unsure
    tool = opened and not lookup and not _TOOLS.isdisjoint(_words("\n".join(request)))
    quiet = 1.0 if (easy and unread) or tool else 0.0
    if demanded:  # "..., justifying every choice": no lookup, whatever its words
        return 0.0, 0.0, 1.0, 1.0, quiet
    return 0.0, 1.0 if lookup else 0.0, 1.0 if opened else 0.0, 0.0, quiet


def complexity_score(prompt: PromptText) -> tuple[float, dict[str, float]]:
    """The score in [0, 1] and its features (for explain)."""
    text = prompt.require()
    n = len(text)
    window = _lower_window(prompt, text)
    lang = detect(window)
    if lang != "en":  # its task words in English: one vocabulary for four languages
        window = in_english(window, lang)
    code, math, reason, domain, constraint, easy = _word_counts(window)
    reason -= _destinations(window)  # "the train bound for Lyon"
    if "program" in window:
        domain += _count(window, _FORMALISMS_G)
    code += _count(window, _CODE_MARKS_G)
    math += _count(window, _MATH_MARKS_G)
    if not window.isascii():  # every math character is outside ASCII
        math += sum(window.count(ch) for ch in _MATH_CHARS if ch in window)
    reason += _count(window, _REASON_PHRASES_G)
    constraint += _count(window, _CONSTRAINT_PHRASES_G)
    request = request_span(window)
    reason += _count(request, _REQUEST_REASON_PHRASES_G)
    constraint += _count(request, _REQUEST_CONSTRAINT_PHRASES_G)
    easy += _count(window, _EASY_PHRASES_G) - _count(window, _SOLVE_HOW_G)
    fences = _fences(text, (13 - code) // 2)
    technical = reason > 0 and (domain > 0 or code + fences > 0 or math > 0 or constraint > 0)
    technical = technical or domain >= 3
    # Reasoning words rule out an easy task, unless it is an edit ("fix the typos").
    cap = easy if reason and any(e in window for e in _EDITS) else 0
    features = {
        "length": min(1.0, n / 4 / 4000),
        "code": min(1.0, (2 * fences + code) / 12),
        "math": min(1.0, math / 12),
        "task": min(1.0, reason / 1.5),
        "domain": min(1.0, domain / 2),
        "constraints": min(1.0, constraint / 2),
        "technical_task": 1.0 if technical else 0.0,
        "turns": min(1.0, max(0, prompt.turns - 1) / 6),
        "easy_task": 1.0 if easy and not domain and not constraint and reason <= cap else 0.0,
    }
    features["hard_ask"], features["easy_ask"], open_task, demand, unread = ask_features(
        window, lang
    )
    if features["hard_ask"] or unread:  # "translate ... keeping every pun", "write a grammar
        features["easy_task"] = 0.0  # checker": its easy words set no level
    if features["easy_ask"]:  # the words of the text to edit or look up set no task
        features["task"] = features["technical_task"] = features["constraints"] = 0.0
        if len(window) > _PASTE and not features["hard_ask"]:
            # a paste to summarise or reformat: its own terms and code are not the task
            features["domain"] = features["code"] = features["math"] = 0.0
    score = sum(_WEIGHTS[k] * v for k, v in features.items())
    plain = not demand and _plain(window, features) and not (open_task and _listed(window))
    features["plain"] = 1.0 if plain else 0.0  # a level, not a score
    features["open_task"] = open_task  # for a trained model's guard, not a score
    features["demand"] = demand  # a level (never easy), not a score
    return min(1.0, max(0.0, score)), features


_PLAIN_CHARS = 320
_PLAIN_WORDS = 28
_SIGNALS = ("task", "domain", "code", "math", "constraints", "technical_task", "hard_ask", "turns")
_OPEN_ASKS = (
    _PROOF_ASKS | _PROOF_ARTEFACT_ASKS | _HARD_ASKS | _TECHNICAL_ASKS | _SOFT_ASKS
    | _BUILD_ASKS | _WHY_ASKS | _EXPLAIN_ASKS
    | {"how", "should", "would", "argue", "model", "vs", "versus", "edit", "flag", "explain"}
)  # fmt: skip
"""Words that can open a task whose difficulty the vocabulary may miss."""


def _listed(window: str) -> bool:
    """Three or more parts listed after a colon ("Make a seating plan for 120 guests: the
    divorced parents apart, the fans mixed, children near the exit"): a specification."""
    colon = window.find(":")
    return (
        colon != -1
        and len([x for x in _CLAUSE_SPLIT.split(window[colon + 1 :]) if x.strip()]) >= _SCOPE_ITEMS
    )


def _plain(window: str, features: dict[str, float]) -> bool:
    """A short single-turn statement or instruction that asks no question, names no verb
    that can open a reasoning task, no expert term, code, maths or constraint: an everyday
    request ("Wire the refund to this IBAN and confirm by mail", "Überweise die Kaution auf
    mein Konto"), which the small model serves."""
    if len(window) > _PLAIN_CHARS or "?" in window or any(features[k] for k in _SIGNALS):
        return False
    words = [w.rstrip(".") for w in window.translate(_WORDS).split()]
    return len(words) <= _PLAIN_WORDS and _OPEN_ASKS.isdisjoint(words)


_ONE_WORD = 1 / 12
"""The code feature of one code word ("from", "class"): not code yet."""
_TASK_SIGNS = ("task", "domain", "math", "constraints", "technical_task", "hard_ask", "open_task",
               "demand")  # fmt: skip


def task_signs(features: dict[str, float]) -> bool:
    """Whether the rules saw any sign of a task that takes reasoning (an expert term, code,
    maths, a constraint, a reasoning word or ask, a task verb they could not rate). A prompt
    the rules left at medium with such a sign is one a trained model must not send to the
    small model, the costly mistake; one they call easy without any, one it must not send
    to the large model on its word alone (``trained.TrainedModel.combine``)."""
    code = features["code"] > _ONE_WORD  # one word ("from", "class") is not code
    return code or any(features[k] for k in _TASK_SIGNS)


_EVERYDAY_TRANSFORMS = (_TRANSFORM_ASKS - {"adapt"}) | frozenset(
    ["summarise", "summarize", "format", "reformat", "proofread", "put"]
)  # fmt: skip
"""Asks that turn the text above into another form a reader of it could write at once:
translate, rewrite plainly, summarise, reformat, make a subject line of it."""
_PULL_ASKS = frozenset(["list", "extract", "name"])
_FACT_ITEMS = frozenset(
    ["dates", "date", "numbers", "figures", "amounts", "names", "places", "times", "prices",
     "deadlines", "addresses", "people", "daten", "zahlen", "namen", "beträge", "termine",
     "orte", "fristen", "preise", "uhrzeiten", "personen", "chiffres", "nombres", "montants",
     "noms", "lieux", "heures", "prix", "délais", "adresses", "personnes", "fechas", "cifras",
     "números", "importes", "nombres", "lugares", "horas", "precios", "plazos",
     "direcciones", "personas"]
)  # fmt: skip
"""What a text states that a reader can pick out of it at once: its dates, figures,
names and places (``transforms_above``), unlike the risks or steps it leaves to work out."""
_SEQUENCE = frozenset(
    ["then", "next", "afterwards", "also", "dann", "danach", "anschließend", "außerdem",
     "puis", "ensuite", "après", "luego", "después", "además"]
)  # fmt: skip
"""A request that opens so is a further step after a task asked above, not the task."""
_OUTPUT_WORDS = frozenset(
    ["answer", "response", "reply", "solution", "result", "results", "proof", "design",
     "plan", "analysis", "antwort", "lösung", "ergebnis", "réponse", "solution", "résultat",
     "respuesta", "solución", "resultado"]
)  # fmt: skip
"""What a request calls the model's own output ("translate your answer"): the work above
is asked too."""


def transforms_above(text: str, asked: str) -> bool:
    """Whether the closing paragraph ``asked`` is an everyday transformation of the text
    above it ("Turn the above into a one-line subject for a ticket", "Schreib das in
    einfacher Sprache um", "Tradúcelo al inglés"): then the request, not the text, sets the
    level, however hard the text sounds — a quoted message's question ("How do I word
    that?", "¿Es legal?") is part of what is transformed. Not when the request is a further
    step ("then translate it"), names the model's own output ("translate your answer"), or
    the text above asks the model a task itself: it opens with a task verb or asks its
    answer to show something (a justification, alternatives: ``demands``)."""
    low = asked.lower()
    lang = detect(low)
    read = in_english(low, lang) if lang != "en" else low
    words = [w.rstrip(".") for w in read.translate(_WORDS).split()]
    words = [w for w in words if w not in _FILLERS or w in _SEQUENCE]
    if not words or words[0] in _SEQUENCE or not _OUTPUT_WORDS.isdisjoint(words):
        return False
    verb = words[0]
    if lang != "en" and verb not in _KNOWN_VERBS:
        verb = task_verb(verb, lang) or verb
    # "list all the dates and figures in it", "liste alle Daten daraus auf": the facts the
    # text states, pulled out of it, not the risks or steps a reader would work out
    pulled = verb in _PULL_ASKS and not _FACT_ITEMS.isdisjoint(words[1:6])
    if verb not in _EVERYDAY_TRANSFORMS and not pulled:
        return False
    return not asks_above(text, asked)


def asks_above(text: str, asked: str) -> bool:
    """Whether the text above the closing paragraph ``asked`` asks the model a task itself:
    its first sentence opens with a task verb ("Evaluate the logic of this: ...", "Bewerte
    die Logik: ...") or it asks its answer to show something (a justification,
    alternatives: ``demands``). Then that task, not the closing line ("Thanks!", "Answer in
    English."), is the request."""
    end = len(text.rstrip()) - len(asked)
    # its opening and its end, as the window of a long prompt: no copy of a long text
    head = text[: min(end, WINDOW)].strip().lower()
    if end > WINDOW:
        head += "\n" + text[max(WINDOW, end - WINDOW) : end].strip().lower()
    above_lang = detect(head)
    if above_lang != "en":
        head = in_english(head, above_lang)
    first = _sentences(head)
    if first and _opens_task(first[0].lstrip(), above_lang, _MAY_REASON):
        return True
    return not demands(head) <= WEAK


def _prose(prompt: PromptText) -> bool:
    """Whether the code words of the prompt are English words in prose ("Habib from our
    church's English class ... a decision from the Home Office"): no code mark or backtick,
    no code word that is not English too, and not a query ("select ... from")."""
    window = _lower_window(prompt, prompt.require())
    if "`" in window or any(m in window for m in _CODE_MARKS):
        return False
    named = _CODE_WORDS.intersection(_words(window))
    return named <= _ENGLISH_CODE_WORDS and not {"select", "from"} <= named


class ComplexityClassifier:
    """Maps the score to a level with the policy's thresholds."""

    def __init__(self, settings: ComplexitySettings | None = None) -> None:
        settings = settings or ComplexitySettings()
        self._medium = settings.medium_at
        self._hard = settings.hard_at

    def classify(self, prompt: PromptText) -> Complexity:
        return self.judge(prompt)[0]

    def judge(self, prompt: PromptText) -> tuple[Complexity, bool]:
        """The level and whether the prompt shows a sign of a reasoning task (``task_signs``).

        A prompt the whole of which reads as medium, whose last paragraph is a request
        that reads as easy on its own ("Render this in German, keeping the layout." after
        a mail; ``text_features.appended_task``), is easy: the text before the request is
        what it works on, and its words (a name, a diagnosis, a config key) set no task.
        A prompt that reads as hard is easy too when that request is an everyday
        transformation of the text above (``transforms_above``: translate it, rewrite it
        plainly, make a subject line of it), however hard the text sounds. Not where that
        text is code (English words such as "from" and "class" in prose are not: ``_prose``)
        or maths, which the request may be about, nor where the prompt weighs an argument
        ("... because .... Is that convincing?": ``appraisal.appraises_argument``)."""
        score, features = complexity_score(prompt)
        level = self._level(score, features)
        if level is not Complexity.EASY and not features["math"]:
            text = prompt.require()
            asked = appended_task(text)
            if asked is not None and features["code"] > _ONE_WORD and not _prose(prompt):
                asked = None
            # "<a claim and its reason>. Is that convincing?": the closing question weighs
            # the argument above, so no easy reading of it alone sets the level
            if asked is not None and features["demand"]:
                asked = None if appraises_argument(_lower_window(prompt, text)) else asked
            if asked is not None:
                own_score, own = complexity_score(PromptText(asked, prompt.turns))
                easy = self._level(own_score, own) is Complexity.EASY
                medium = level is Complexity.MEDIUM and not asks_above(text, asked)
                if easy and (medium or transforms_above(text, asked)):
                    return Complexity.EASY, task_signs(own)
        return level, task_signs(features)

    def _level(self, score: float, features: dict[str, float]) -> Complexity:
        if score >= self._hard:
            return Complexity.HARD
        easy = features["easy_task"] or features["easy_ask"] or features["plain"]
        if score >= self._medium or not easy or features["demand"]:
            return Complexity.MEDIUM
        return Complexity.EASY
