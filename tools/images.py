"""Image tools: ask a vision model about an image attached to the task, or caption it.

``image_qa(question, image=0)`` and ``image_caption(image=0)`` need the task's ``images``
resource (a list of file paths; ``image`` picks one by index) and a vision model on an
OpenAI-compatible server (``settings.vision_base_url`` + ``settings.vision_model``, and
``vision_api_key`` if the server needs one), called through
``langchain_openai.ChatOpenAI``. The image is sent inline as a base64 ``data:`` URL in
an ``image_url`` content part, the OpenAI chat format for vision input. Without a
configured model the tools are reported unavailable; nothing is guessed.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any, Callable

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, ConfigDict, Field

from medmirror.core.models.structured import call_model
from medmirror.prompts import part
from medmirror.tools.cards import ToolCard
from medmirror.tools.registry import MissingResource, RegisteredTool, ToolContext
from medmirror.tools.tooling import card_inputs, make_tool

UNAVAILABLE = "no vision model configured (set MEDMIRROR_VISION_BASE_URL and MEDMIRROR_VISION_MODEL)"
MAX_BYTES = 20 * 1024 * 1024
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)


class ImageError(ValueError):
    """The image cannot be sent (missing, not an image, unsupported format, too large)."""


def vision_unavailable(settings: Any) -> str | None:
    if settings is None or not getattr(settings, "vision_base_url", None) or not getattr(settings, "vision_model", None):
        return UNAVAILABLE
    return None


def sniff_mime(data: bytes) -> str | None:
    for magic, mime in _MAGIC:
        if data.startswith(magic):
            return mime
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def data_url(path: str | Path) -> tuple[str, str]:
    """``(data URL, mime type)`` of an image file; the type is read from the bytes, not the file name."""
    p = Path(path)
    if not p.is_file():
        raise ImageError(f"image not found: {p}")
    size = p.stat().st_size
    if size > MAX_BYTES:
        raise ImageError(f"{p.name} is {size / 1e6:.1f} MB; the limit is {MAX_BYTES / 1e6:.0f} MB")
    data = p.read_bytes()
    mime = sniff_mime(data)
    if mime is None:
        raise ImageError(f"{p.name} is not a PNG, JPEG, GIF or WebP image")
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}", mime


def vision_model(settings: Any) -> BaseChatModel:
    """The configured vision chat model (no request is made here)."""
    reason = vision_unavailable(settings)
    if reason:
        raise MissingResource(reason)
    from langchain_openai import ChatOpenAI

    key = settings.vision_api_key.get_secret_value() if settings.vision_api_key else "not-needed"
    return ChatOpenAI(base_url=settings.vision_base_url, model=settings.vision_model, api_key=key,
                      temperature=0, max_tokens=settings.max_tokens, max_retries=1)


def build_messages(prompt: str, url: str) -> list[Any]:
    return [SystemMessage(content=part("images", "system")),
            HumanMessage(content=[{"type": "text", "text": prompt},
                                  {"type": "image_url", "image_url": {"url": url}}])]


def _pick(ctx: ToolContext, index: int) -> Path:
    images = ctx.resources.get("images")
    if not images:
        raise MissingResource("no image attached to the task (resource 'images')")
    items = [images] if isinstance(images, (str, Path)) else list(images)
    if not 0 <= index < len(items):
        raise ImageError(f"image index {index} is out of range: the task has {len(items)} image(s) (0-{len(items) - 1})")
    return Path(str(items[index]))


def _ask(prompt: str, ctx: ToolContext, index: int, model: BaseChatModel | None) -> dict[str, Any]:
    path = _pick(ctx, index)
    url, mime = data_url(path)
    chat = model if model is not None else vision_model(ctx.settings)
    reply = call_model(chat, build_messages(prompt, url))
    text = str(reply.content).strip()
    if not text:
        raise ImageError("the vision model returned an empty answer")
    name = getattr(ctx.settings, "vision_model", None) if ctx.settings is not None else None
    return {"answer": text, "image": path.name, "mime": mime, "model": name or getattr(chat, "model_name", None)}


class ImageQAArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    question: str = Field(..., min_length=2, description="What to ask about the image.")
    image: int = Field(0, ge=0, description="Which attached image (0 = the first).")


class CaptionArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    image: int = Field(0, ge=0, description="Which attached image (0 = the first).")


REFERENCE = ("Any OpenAI-compatible vision model (MEDMIRROR_VISION_BASE_URL / MEDMIRROR_VISION_MODEL) via "
             "langchain_openai.ChatOpenAI; image sent as a base64 data URL image_url part.")


def registered_tools(model: BaseChatModel | None = None,
                     availability: Callable[[Any], str | None] | None = None) -> list[RegisteredTool]:
    """The image tools. ``model`` replaces the vision model (tests); availability still follows the settings."""
    avail = availability or vision_unavailable
    qa_card = ToolCard(
        name="image_qa", category="images",
        description=("Ask a question about a medical image attached to the task (radiograph, CT/MRI slice, ECG "
                     "strip, photo of a rash or wound, scanned document) and get the vision model's answer."),
        aliases=["visual question answering", "VQA", "vision model", "look at the image", "image question"],
        inputs=card_inputs(ImageQAArgs), output="answer text from the vision model", reference=REFERENCE,
        conventions=["unavailable when no vision model is configured"],
    )
    caption_card = ToolCard(
        name="image_caption", category="images",
        description=("Describe a medical image attached to the task: modality, view, body region, main visible "
                     "findings and any text or measurements shown."),
        aliases=["image captioning", "describe the image", "image description", "vision model"],
        inputs=card_inputs(CaptionArgs), output="a short description from the vision model", reference=REFERENCE,
        conventions=["unavailable when no vision model is configured"],
    )
    return [
        make_tool(qa_card, ImageQAArgs, lambda a, ctx: _ask(a.question, ctx, a.image, model),
                  requires=("images",), needs_context=True, availability=avail),
        make_tool(caption_card, CaptionArgs, lambda a, ctx: _ask(part("images", "caption"), ctx, a.image, model),
                  requires=("images",), needs_context=True, availability=avail),
    ]
