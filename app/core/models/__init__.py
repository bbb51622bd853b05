"""Chat models for every role: the embedded llama.cpp model, OpenAI-compatible servers, a scripted fake."""

from medmirror.core.models.factory import ModelSet, make_model
from medmirror.core.models.local import LocalChatModel, default_gguf_path
from medmirror.core.models.scripted import ScriptedChatModel, ScriptExhausted
from medmirror.core.models.structured import StructuredOutputError, call_structured

__all__ = [
    "LocalChatModel", "ModelSet", "ScriptExhausted", "ScriptedChatModel", "StructuredOutputError",
    "call_structured", "default_gguf_path", "make_model",
]
