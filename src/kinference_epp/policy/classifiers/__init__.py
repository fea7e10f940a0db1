"""Classifiers the policy evaluator runs lazily: complexity, PII, topics, plug-ins."""

from kinference_epp.policy.classifiers.base import ClassifierError, LabelClassifier, PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier, complexity_score
from kinference_epp.policy.classifiers.pii import PiiClassifier, PiiFindings
from kinference_epp.policy.classifiers.plugin import ClassifierFactory, TimeLimited
from kinference_epp.policy.classifiers.topics import TopicClassifier

__all__ = [
    "ClassifierError",
    "ClassifierFactory",
    "ComplexityClassifier",
    "LabelClassifier",
    "PiiClassifier",
    "PiiFindings",
    "PromptText",
    "TimeLimited",
    "TopicClassifier",
    "complexity_score",
]
