from __future__ import annotations

import pytest

from kinference_epp.api.paths import api_kind_for_path
from kinference_epp.api.request import ApiKind


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/v1/chat/completions", ApiKind.CHAT),
        ("/v1/chat/completions/", ApiKind.CHAT),
        ("/v1/chat/completions?api-version=2024", ApiKind.CHAT),
        ("/v1/chat/completions/?x=1", ApiKind.CHAT),
        ("/v1/completions", ApiKind.COMPLETIONS),
        ("/v1/completions?stream=true", ApiKind.COMPLETIONS),
        ("/v1/messages", ApiKind.MESSAGES),
        ("/v1/messages/", ApiKind.MESSAGES),
        ("/v1/messages?beta=true", ApiKind.MESSAGES),
        ("/v1/models", None),
        ("/v1/messages/count_tokens", None),
        ("/v1/chat/completions//", None),
        ("/V1/chat/completions", None),
        ("/", None),
        ("", None),
        ("?/v1/messages", None),
        ("/v2/chat/completions", None),
    ],
)
def test_api_kind_for_path(path: str, kind: ApiKind | None) -> None:
    assert api_kind_for_path(path) is kind
