"""A questionnaire item told in other words: which sentence answers it, and with which polarity.

A case seldom quotes a questionnaire ('Do you feel pretty worthless the way you are now?'); it says 'she describes
feelings of worthlessness', 'denies feeling worthless' or 'feels she is of great value'. When no sentence uses the
item's own words (:func:`medmirror.tools.extraction.vignette._naming`), a question item is looked for again by its
*core* words:

* the question's frame and hedges are not its content ('Do you feel', 'often', 'most of the time', 'pretty', 'the way
  you are now'): :data:`FILLER`;
* words a question joins with 'or' or commas ('kicked, hit, slapped or otherwise physically hurt', 'bad or guilty';
  of verb phrases their verbs: 'insult you or talk down to you') are alternatives: one of them names the group;
* a word matches by its light stem (:func:`medmirror.tools.extraction.choice_labels.same_word`) or its Snowball
  stem (PyStemmer: 'emptiness' and 'empty', 'satisfied' and 'satisfaction' are not the same light stem);
* a word's antonym (:data:`ANTONYMS`, or the word with a negating prefix: 'unhappy', 'dissatisfied', 'unable') names
  the item with the polarity reversed.

The polarity is then the sentence's (ConText negation on the matched words), reversed for an antonym. A negated
antonym ('not unhappy', 'denies feeling sad') settles nothing (not feeling sad is not being happy): such a sentence
is passed over, as is one that uses a word and its antonym.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

import Stemmer

from medmirror.tools.calculators.points import SPECS, Item
from medmirror.tools.extraction.choice_labels import STOP, content_words, same_word, words

_SNOWBALL = Stemmer.Stemmer("english")

# a question's frame and hedges (light stems): how it asks, not what it asks about
FILLER = frozenset(content_words("""ever often very always usually sometimes most time times feel feeling felt think
believe would say pretty rather quite way now basically really much lot get got going go make making made do doing thing things
yourself anyone someone one ones because kind otherwise been like year month week day""", keep_time=True))

# word (Snowball stem) -> its antonyms (Snowball stems): what a case says instead of the item's word, meaning its
# opposite ('she feels she has a lot of value' answers 'Do you feel pretty worthless?' No); only words with no other
# sense a case uses ('low' or 'poor' are not the opposite of 'good spirits' wherever they stand)
_PAIRS = [("satisfi", "dissatisfi"), ("satisfi", "unsatisfi"), ("happi", "unhappi"), ("happi", "sad"),
          ("happi", "miser"), ("hopeless", "hope"), ("hopeless", "optimist"), ("worthless", "valu"),
          ("worthless", "worthwhil"), ("empti", "fulfil"), ("energi", "fatigu"), ("energi", "tire"),
          ("energi", "letharg"), ("abl", "unabl"), ("abl", "incap"), ("capabl", "incap")]
# a word's other forms and plain synonyms (Snowball stem -> the stem it counts as): 'satisfaction' is 'satisfied',
# 'fears' is 'afraid', 'incarcerated' is 'prison'
SAME = {"satisfact": "satisfi", "energet": "energi", "boredom": "bore", "fear": "afraid", "scare": "afraid",
        "frighten": "afraid", "jealousi": "jealous", "incarcer": "prison", "imprison": "prison", "jail": "prison",
        "issu": "problem"}
ANTONYMS: dict[str, frozenset[str]] = {}
for _a, _b in _PAIRS:
    ANTONYMS[_a] = ANTONYMS.get(_a, frozenset()) | {_b}
    ANTONYMS[_b] = ANTONYMS.get(_b, frozenset()) | {_a}
_NEG_PREFIX = ("un", "dis", "in", "im")

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9']*")


def snowball(word: str) -> str:
    return _SNOWBALL.stemWord(word.casefold().replace("'", ""))


def _groups(question: str) -> list[list[tuple[str, str]]]:
    """The question's core words as groups of alternatives, each word as (light stem, Snowball stem): the words a
    list joins ('hit, slapped, kicked, or otherwise physically hurt') form one group, any other word one of its own."""
    plain = re.sub(r"\([^()]*\)", " ", question)
    plain = re.sub(r"(?i)^\s*(?:q?\d+[a-z]?[.:]\s*)+", " ", plain)
    plain = re.sub(r"(?i)^\s*(?:if|when)\b[^,?]*,", " ", plain)  # its condition ('If pregnant, have you been hit')
    out: list[tuple[int | None, list[tuple[str, str]]]] = []
    for chunk in re.split(r"[?.;:]", plain):
        lists = [(m.start(), m.end()) for m in _LIST.finditer(chunk)]
        for m in _WORD.finditer(chunk):
            s = words(m.group(0))[0][2]
            if s in STOP or s in FILLER or len(s) < 2:
                continue
            pair = (s, snowball(m.group(0)))
            inside = next((k for k, (a, b) in enumerate(lists) if a <= m.start() < b), None)
            if inside is not None and _PARTICLES.match(m.group(0)):
                continue  # 'down' of 'talk down to you' is no alternative of its own
            if inside is not None and out and out[-1][0] == (id(chunk), inside):
                out[-1][1].append(pair)
            else:
                out.append(((id(chunk), inside) if inside is not None else None, [pair]))
    seen: set[str] = set()
    kept = []
    for _, g in out:  # a word the question repeats ('partner or ex-partner') is one group
        if not {p[1] for p in g} <= seen:
            kept.append(g)
        seen.update(p[1] for p in g)
    return kept


# a list of single words joined by commas and a final 'or' ('kicked, hit, slapped, or otherwise physically hurt', 'bad
# or guilty', 'emotionally or physically' of 'emotionally or physically abused')
# an alternative may be a verb with its object pronoun and particle ('insult you', 'talk down to you', 'put you down',
# 'swear at you'): its verb is the alternative, the pronoun and particle are not
_PRONOUN = r"(?:at\s+)?(?:you|him|her|them|me)\b"
_PARTICLE = r"(?:down|up|off|out|away)\b"
_ALT = rf"[a-z]+(?:\s+{_PRONOUN})?(?:\s+{_PARTICLE})?(?:\s+to\s+{_PRONOUN})?"
_LIST = re.compile(rf"(?i)\b{_ALT}(?:\s*,\s*{_ALT})*,?\s+(?:or|and/or)\s+(?:otherwise\s+[a-z]+ly\s+)?{_ALT}")
_PARTICLES = re.compile(rf"(?i)^{_PARTICLE}")


def _same(a: tuple[str, str], b: tuple[str, str]) -> bool:
    return SAME.get(a[1], a[1]) == SAME.get(b[1], b[1]) or same_word(a[0], b[0])


def _antonym(raw: str, sb: str, of: tuple[str, str]) -> bool:
    """Does a text's word (lower case, and its Snowball stem) say the opposite of ``of`` (an item's word): an antonym,
    or ``of`` with a negating prefix ('discontent', 'unhappy', 'unable')?"""
    return sb in ANTONYMS.get(of[1], ()) or any(
        raw.startswith(p) and len(raw) - len(p) >= 3 and snowball(raw[len(p):]) == of[1] for p in _NEG_PREFIX)


Groups = list[tuple[list[tuple[str, str]], float]]


@lru_cache(maxsize=1)
def _library_uses() -> Counter[str]:
    return Counter(w for spec in SPECS.values() for it in spec.items for w in set(content_words(it.question)))


def _library_use(stem: str) -> int:
    """How many of the library's items use the word (light stem): a word many use ('used') says less."""
    return _library_uses()[stem]


def core_weights(items: tuple[Item, ...]) -> dict[str, Groups]:
    """Per item, its core word groups each weighted 1 / (the number of the score's items using one of its words)."""
    per = {it.name: _groups(it.question) for it in items}
    df = Counter(p[1] for gs in per.values() for p in {q for g in gs for q in g})
    return {name: [(g, 1 / max(df[p[1]] for p in g)) for g in gs] for name, gs in per.items()}


FRAME = 0.25  # a shared frame's word weighs a quarter: the frame ('Did a parent ...') names none of the questions


def alternatives(items: tuple[Item, ...]) -> dict[str, list[Groups]]:
    """Per item, the core word groups of each question it asks: a question of several ('... Swear at you, insult you,
    or put you down? or Act in a way that made you afraid you might be hurt?') is named by a sentence naming one of
    them, with their shared frame (the words before '...' or ':', weighing :data:`FRAME`); one question is its own
    only alternative. Weights as :func:`core_weights`."""
    whole = core_weights(items)
    out: dict[str, list[Groups]] = {}
    for it in items:
        parts = re.split(r"\?\s*or\s+", it.question)
        if len(parts) < 2:
            out[it.name] = [whole[it.name]]
            continue
        cut = re.search(r"\.\.\.|…|:", parts[0])
        frame = parts[0][:cut.start()] if cut else ""
        weight = {p[1]: w for g, w in whole[it.name] for p in g}
        framing = {p[1] for g in _groups(frame) for p in g} if frame else set()
        alts = [parts[0], *(f"{frame} {p}" for p in parts[1:])]
        out[it.name] = [[(g, max(weight.get(p[1], 1.0) for p in g) * (FRAME if {p[1] for p in g} <= framing else 1))
                         for g in _groups(a)] for a in alts]
    return out


def sentence_hits(stems: tuple[tuple[int, int, str, str, str], ...], groups: Groups
                  ) -> tuple[float, dict[str, tuple[int, int]], bool] | None:
    """(coverage, hits as word -> span, the heaviest first, reversed) of one sentence (words as (start, end, light
    stem, Snowball stem, lower case)) for one item's groups.

    * reversed: a group is named by an antonym;
    * a word the sentence uses twice counts where it stands nearest the heaviest group's word ('sleep' of 'stops
      breathing during sleep' is not the 'sleepiness' of 'no daytime sleepiness');
    * an item with a word of its own (no other item of the score uses it) is named only by a sentence using one: the
      words it shares name a sibling as well ('limits her daily activities' is no 'limit your social activities');
    * None when a group is named both by a word and by its antonym ('happy at times, sad at others')."""
    total = sum(w for _, w in groups)
    found: list[tuple[float, str, list[tuple[int, int]]]] = []
    reversed_ = False
    for g, w in groups:
        direct = [(a, b) for a, b, s, sb, _ in stems if any(_same((s, sb), p) for p in g)]
        anti = [(a, b) for a, b, _, sb, raw in stems if any(_antonym(raw, sb, p) for p in g)]
        if direct and anti:
            return None
        if direct or anti:
            found.append((w, g[0][0], direct or anti))
            reversed_ = reversed_ or bool(anti)
    if any(w == 1 for _, w in groups) and not any(w == 1 for w, _, _ in found):
        return 0.0, {}, False
    found.sort(key=lambda x: (-x[0], _library_use(x[1])))  # a tie: the word fewer of the library's items use
    if not found:
        return 0.0, {}, False

    def gap(x: tuple[int, int], spans: list[tuple[int, int]]) -> int:
        return min(abs(x[0] - y[0]) for y in spans)

    anchor = min(found[0][2], key=lambda x: sum(gap(x, spans) for _, _, spans in found[1:]))
    hits = {name: min(spans, key=lambda x: abs(x[0] - anchor[0])) for _, name, spans in found}
    return sum(w for w, _, _ in found) / total, hits, reversed_


@lru_cache(maxsize=4096)
def text_words(sentence: str) -> tuple[tuple[int, int, str, str, str], ...]:
    """(start, end, light stem, Snowball stem, lower case) of every word of ``sentence``."""
    return tuple((m.start(), m.end(), words(m.group(0))[0][2], snowball(m.group(0)), m.group(0).casefold())
                 for m in _WORD.finditer(sentence))
