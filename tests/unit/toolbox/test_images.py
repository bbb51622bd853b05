"""Image tools: availability, request construction with a fake vision model, bad images."""

from __future__ import annotations

import base64
import struct
import zlib
from pathlib import Path

import pytest

from medmirror.core.models import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.prompts import part
from medmirror.tools.images import UNAVAILABLE, ImageError, data_url, registered_tools, vision_model
from medmirror.tools.registry import MissingResource


def png_bytes(width: int = 2, height: int = 2) -> bytes:
    """A valid grey PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


@pytest.fixture
def image(tmp_path) -> Path:
    p = tmp_path / "cxr.png"
    p.write_bytes(png_bytes())
    return p


VISION = Settings(vision_base_url="http://127.0.0.1:9/v1", vision_model="llava-test")


def tools(model=None):
    return {t.name: t for t in registered_tools(model=model)}


def test_unavailable_without_a_vision_model(image):
    for tool in tools().values():
        assert tool.requires == ("images",) and tool.needs_context
        assert tool.unavailable_reason(Settings()) == UNAVAILABLE
        assert tool.unavailable_reason(Settings(vision_model="x")) == UNAVAILABLE
        assert tool.unavailable_reason(VISION) is None
        with pytest.raises(MissingResource, match="no vision model configured"):
            tool.invoke({"question": "What is shown?"} if tool.name == "image_qa" else {}, {"images": [str(image)]},
                        Settings())
    assert UNAVAILABLE == "no vision model configured (set MEDMIRROR_VISION_BASE_URL and MEDMIRROR_VISION_MODEL)"
    with pytest.raises(MissingResource, match="no vision model"):
        vision_model(Settings())


def test_needs_an_image(image):
    qa = tools(ScriptedChatModel(responses=["x"]))["image_qa"]
    with pytest.raises(MissingResource, match="images"):
        qa.invoke({"question": "What is shown?"}, {}, VISION)
    with pytest.raises(ImageError, match="out of range"):
        qa.invoke({"question": "What is shown?", "image": 1}, {"images": [str(image)]}, VISION)


def test_request_carries_the_image_as_a_data_url(image):
    fake = ScriptedChatModel(responses=["Frontal chest radiograph; no focal consolidation.", "A grey square."])
    t = tools(fake)
    out = t["image_qa"].invoke({"question": "Is there a pneumothorax?"}, {"images": [str(image)]}, VISION)
    assert out == {"answer": "Frontal chest radiograph; no focal consolidation.", "image": "cxr.png",
                   "mime": "image/png", "model": "llava-test"}
    system, human = fake.calls[0]["messages"]
    assert "do not invent" in system.content
    text_part, image_part = human.content
    assert text_part == {"type": "text", "text": "Is there a pneumothorax?"}
    assert image_part["type"] == "image_url"
    url = image_part["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    assert base64.b64decode(url.split(",", 1)[1]) == image.read_bytes()
    out = t["image_caption"].invoke({}, {"images": str(image)}, VISION)  # a single path is accepted too
    assert out["answer"] == "A grey square." and fake.calls[1]["messages"][1].content[0]["text"] == part("images", "caption")


def test_bad_images(tmp_path, image):
    fake = ScriptedChatModel(responses=["never used"])
    qa = tools(fake)["image_qa"]
    notes = tmp_path / "scan.png"
    notes.write_text("not really a png")
    with pytest.raises(ImageError, match="not a PNG, JPEG, GIF or WebP"):
        qa.invoke({"question": "What is shown?"}, {"images": [str(notes)]}, VISION)
    with pytest.raises(ImageError, match="not found"):
        qa.invoke({"question": "What is shown?"}, {"images": [str(tmp_path / "gone.jpg")]}, VISION)
    assert fake.calls == []  # nothing was sent
    jpeg = tmp_path / "photo.bin"
    jpeg.write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 16)
    assert data_url(jpeg)[1] == "image/jpeg"  # the type comes from the bytes, not the name
    with pytest.raises(ValueError, match="question"):
        qa.invoke({"image": 0}, {"images": [str(image)]}, VISION)


def test_empty_answer_is_an_error(image):
    qa = tools(ScriptedChatModel(responses=["   "]))["image_qa"]
    with pytest.raises(ImageError, match="empty"):
        qa.invoke({"question": "What is shown?"}, {"images": [str(image)]}, VISION)


def test_chat_openai_is_built_from_the_settings_without_a_request():
    s = Settings(vision_base_url="http://127.0.0.1:9/v1", vision_model="qwen2-vl", vision_api_key="k")
    model = vision_model(s)
    assert type(model).__name__ == "ChatOpenAI"
    assert model.model_name == "qwen2-vl" and str(model.openai_api_base) == "http://127.0.0.1:9/v1"
    assert model.openai_api_key.get_secret_value() == "k"


def test_cards():
    for tool in tools().values():
        assert tool.card.category == "images" and "OpenAI-compatible" in tool.card.reference
    assert tools()["image_qa"].tool.invoke({"question": "What is shown?"}).startswith("Error:")
