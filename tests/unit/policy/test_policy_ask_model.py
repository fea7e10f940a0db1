"""The ask-model plug-in against a real HTTP server speaking the chat completions API."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kinference_epp.policy.classifiers.ask_model import INTERNAL_HEADER, ask_model_factory
from kinference_epp.policy.classifiers.base import ClassifierError, PromptText
from kinference_epp.policy.classifiers.plugin import BUILTIN_PLUGINS

SEEN: list[dict[str, object]] = []


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        SEEN.append({"body": body, "internal": self.headers.get(INTERNAL_HEADER)})
        if "broken" in body["messages"][1]["content"]:
            self.send_response(500)
            self.end_headers()
            return
        answer = "Legal." if "contract" in body["messages"][1]["content"] else "other"
        data = json.dumps({"choices": [{"message": {"role": "assistant", "content": answer}}]})
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        self.wfile.write(data.encode())

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/v1/chat/completions"
    server.shutdown()
    server.server_close()


def test_labels_come_from_the_answer_and_are_cached(url: str) -> None:
    clf = BUILTIN_PLUGINS["ask-model"](
        {"url": url, "model": "qwen3-0.6b", "labels": ["legal", "medical"]}
    )
    assert clf.classify(PromptText("Review this contract", 1)) == {"legal"}
    assert clf.classify(PromptText("Review this contract", 1)) == {"legal"}
    assert clf.classify(PromptText("Hello there", 1)) == frozenset()
    assert clf.requests == 2  # the repeated prompt was answered from the cache
    sent = SEEN[0]
    assert sent["internal"] == "classifier"
    body = sent["body"]
    assert isinstance(body, dict)
    assert body["temperature"] == 0
    assert body["model"] == "qwen3-0.6b"
    assert "legal, medical" in body["messages"][0]["content"]


def test_a_failing_model_is_a_classifier_failure(url: str) -> None:
    clf = ask_model_factory({"url": url, "model": "m", "labels": ["x"]})
    with pytest.raises(ClassifierError, match="ask-model"):
        clf.classify(PromptText("broken prompt", 1))
    dead = ask_model_factory({"url": "http://127.0.0.1:9/v1", "model": "m", "labels": ["x"]})
    with pytest.raises(ClassifierError):
        dead.classify(PromptText("anything", 1))


@pytest.mark.parametrize(
    "params",
    [
        {"model": "m", "labels": ["x"]},
        {"url": "http://h/v1", "labels": "x"},
        {"url": "http://h", "labels": ["x"], "bad": 1},
    ],
)
def test_bad_params_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"ask-model needs|unknown parameter"):
        ask_model_factory(params)
